// The shipped edge in front of a test server: `node scripts/edge.mjs` (npm run edge) on a free
// loopback port, nginx in the foreground with edge/nginx.conf.template. .ci/run installs nginx.
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { freePort, startChild, stopChild } from "./start-child";
import { ROOT } from "./test-server";

export interface Edge {
  baseUrl: string;
  /** the nginx access lines and messages so far (stdout and stderr of npm run edge) */
  log(): string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the edge in front of upstreamBaseUrl (http://host:port) and waits (at most 20 s) until it answers. */
export async function startEdge(upstreamBaseUrl: string, env: Record<string, string> = {}): Promise<Edge> {
  const port = await freePort();
  const upstream = new URL(upstreamBaseUrl);
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, output } = await startChild(process.execPath, [path.join(ROOT, "scripts/edge.mjs")], {
    name: "npm run edge",
    cwd: ROOT,
    env: { ...process.env, EDGE_PORT: `127.0.0.1:${port}`, EDGE_UPSTREAM: `${upstream.hostname}:${upstream.port}`, ...env },
    timeoutMs: 20_000,
    // The edge's own id on the answer: nginx is up (whatever the app says).
    async ready() {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      return Boolean(res.headers.get("x-request-id"));
    },
  });
  return { baseUrl, log: output, child, stop: () => stopChild(child) };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One request on a connection of its own (node:http, no pooling), from a chosen loopback address:
 * 127.0.0.0/8 is all loopback, so each test can be a client of its own to the edge's per-address
 * shares. Rejects after 10 s.
 */
export function request(baseUrl: string, path: string, options: { headers?: Record<string, string>; localAddress?: string; method?: string; body?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port: Number(port), path, method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress, agent: false, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer to ${path} in 10 s`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The app's access lines ("msg":"request") for exactly this path, from the test server's log file. */
export function appRequestLines(logFile: string, path: string): { method: string; path: string; status: number }[] {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return undefined;
      }
    })
    .filter((line) => line?.path === path);
}

/** Open file descriptors of a process (Linux /proc). */
export const openFiles = (pid: number | undefined) => readdirSync(`/proc/${pid}/fd`).length;
