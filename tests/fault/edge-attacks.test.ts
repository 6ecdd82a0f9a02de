// Attacks on the app itself, with no edge in front: `npm start`'s server (its heap cap included) and
// the standalone server.js. What is the app's stays the app's: a pipelined flood cut short leaves
// nothing counted as in progress, and a JSON body that stops arriving is timed out by the route.
// Connection shares, header deadlines, slow bodies by the thousand and Upgrade are the edge's
// (tests/edge/edge-attacks.test.ts). Every count and wait below is bounded.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentValidator } from "../openapi/document-validator";
import { parseRawResponse } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let standalone: TestServer;
let slug: string;

beforeAll(async () => {
  [server, standalone] = await Promise.all([
    startTestServer({ asNpmStart: true, mode: "npm-start", postgresUrl: "", extraEnv: { RATE_LIMIT_PER_MINUTE: "0" } }),
    startTestServer({ mode: "standalone", postgresUrl: "", extraEnv: { RATE_LIMIT_PER_MINUTE: "0" } }),
  ]);
  slug = (await (await fetch(`${server.baseUrl}/api/public/restaurants?limit=1`)).json()).results[0].slug;
}, 300_000);

afterAll(async () => {
  await Promise.all([server?.stop(), standalone?.stop()]);
});

interface Held {
  socket: Socket;
  /** resolves when the server closes the connection: what it answered (null: closed without an answer) */
  outcome: Promise<{ status: number | null; headers: Record<string, string>; body: string; afterMs: number }>;
}

/** Opens a connection, writes `head` (and nothing more), and records what comes back until the close. */
function hold(s: TestServer, head: string): Held {
  const { port } = new URL(s.baseUrl);
  const socket = connect(Number(port), "127.0.0.1");
  const started = Date.now();
  const chunks: Buffer[] = [];
  const outcome = new Promise<{ status: number | null; headers: Record<string, string>; body: string; afterMs: number }>((resolve) => {
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", () => {});
    socket.on("close", () => {
      const bytes = Buffer.concat(chunks);
      const parsed = bytes.length ? parseRawResponse(bytes) : null;
      resolve({ status: parsed?.status ?? null, headers: parsed?.headers ?? {}, body: parsed?.body ?? "", afterMs: Date.now() - started });
    });
  });
  socket.on("connect", () => socket.write(head));
  return { socket, outcome };
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, k) => make(i + k)))));
  return out;
}

async function menuServed(s: TestServer): Promise<boolean> {
  const res = await fetch(`${s.baseUrl}/api/public/restaurants/${slug}`, { signal: AbortSignal.timeout(5_000) });
  return res.status === 200 && (await res.json()).slug === slug;
}

describe("pipelined floods cut short leave nothing behind", () => {
  /** `count` pipelined requests on one connection that reads nothing and is destroyed after `afterMs`. */
  const pipelined = (s: TestServer, count: number, afterMs: number) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(s.baseUrl).port), "127.0.0.1", () => {
        socket.pause();
        socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n".repeat(count));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, afterMs);
      });
      socket.on("error", () => resolve());
    });

  for (const name of ["npm start", "standalone server.js"] as const) {
    it(`${name}: 2 000 pipelined requests on one socket, then 12 × 100 closed after 20 ms: the server recovers and nothing is left counted`, async () => {
      const s = name === "npm start" ? server : standalone;
      // Each flood once left hundreds of requests counted as in progress for good, and the server
      // answered 503 to everyone until restart (issue 45).
      await pipelined(s, 2000, 300);
      await Promise.all(Array.from({ length: 12 }, () => pipelined(s, 100, 20)));
      // Without an edge the server works off every request it had parsed (Next.js does not drop a
      // request whose client has gone): slow for a while, then healthy again, for good.
      const started = Date.now();
      const health = async () => (await fetch(`${s.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.status;
      for (let ok = 0, until = Date.now() + 90_000; ok < 8 && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) ok = (await health()) === 200 ? ok + 1 : 0;
      console.log(`${name}: healthy again ${((Date.now() - started) / 1000).toFixed(1)} s after the flood`);
      const statuses = await inBatches(40, 20, async (i) => (await fetch(`${s.baseUrl}/api/health${i % 2 ? "/ready" : ""}`, { signal: AbortSignal.timeout(5_000) })).status);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(await menuServed(s)).toBe(true);
    }, 120_000);
  }
});

describe("a JSON body that stops arriving", () => {
  it("one body that stops arriving is answered 408 request_timeout, in JSON-RPC form on /api/mcp", async () => {
    const head = (path: string) => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 60000\r\n\r\n{`;
    const [rest, mcp] = await Promise.all([hold(server, head("/api/public/tools/food-cost")).outcome, hold(server, head("/api/mcp")).outcome]);
    expect(rest.status).toBe(408);
    expect(JSON.parse(rest.body)).toMatchObject({ error: "request_timeout" });
    expect(mcp.status).toBe(408);
    expect(JSON.parse(mcp.body)).toMatchObject({ jsonrpc: "2.0", error: { data: { error: "request_timeout" } } });
    // Both as /openapi.json documents them.
    const documented = new DocumentValidator(await (await fetch(`${server.baseUrl}/openapi.json`)).json());
    for (const [path, o] of [["/api/public/tools/food-cost", rest], ["/api/mcp", mcp]] as const) {
      const res = { status: o.status!, headers: new Headers(o.headers), text: o.body, json: JSON.parse(o.body) };
      expect(documented.checkOperationResponse(path, "post", res).problems, path).toEqual([]);
    }
    for (const o of [rest, mcp]) expect(o.afterMs).toBeLessThan(14_000);
  }, 30_000);

});

describe("shutdown after the attacks", () => {
  it("SIGTERM stops npm start's server promptly with exit code 0", async () => {
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 15_000))]);
    expect(code).toBe(0);
  }, 20_000);
});
