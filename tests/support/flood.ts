// A load loop for the flood tests: `connections` keep-alive clients send requests back to back
// for `seconds`, each request made by `next(i)` (so every URL can be new). Bounded in time; every
// request has its own timeout; loopback only.
import { Agent, request } from "node:http";

export interface FloodRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface FloodResult {
  requests: number;
  /** responses by status code */
  statuses: Record<number, number>;
  /** socket errors and timeouts, by message */
  errors: Record<string, number>;
}

export async function flood(options: { baseUrl: string; connections: number; seconds: number; next: (i: number) => FloodRequest; timeoutMs?: number }): Promise<FloodResult> {
  const url = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const result: FloodResult = { requests: 0, statuses: {}, errors: {} };
  const deadline = Date.now() + options.seconds * 1000;
  let i = 0;

  const once = (r: FloodRequest) =>
    new Promise<void>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, agent, path: r.path, method: r.method ?? "GET", headers: r.headers, timeout: options.timeoutMs ?? 20_000 },
        (res) => {
          res.resume();
          res.on("end", () => {
            result.statuses[res.statusCode ?? 0] = (result.statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
          res.on("error", (e) => fail(e.message));
        },
      );
      const fail = (message: string) => {
        result.errors[message] = (result.errors[message] ?? 0) + 1;
        resolve();
      };
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (e) => fail(e.message));
      req.end(r.body);
    });

  const client = async () => {
    while (Date.now() < deadline) {
      result.requests++;
      await once(options.next(i++));
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  agent.destroy();
  return result;
}
