// Attacks on sockets and memory by anonymous clients, against the production server as `npm start`
// starts it (its heap cap included), and the upgrade leak also against the standalone server.js
// (Next.js creates that server itself): every count and wait below is bounded (issue 24, points 1,
// 2 and 6).
import { readdirSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROCESS_RSS_BUDGET_MB } from "@/lib/cache/memory-budget";
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

const openFiles = (s: TestServer) => readdirSync(`/proc/${s.child.pid}/fd`).length;

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

describe("Upgrade: websocket never leaks a socket", () => {
  const upgrade = (s: TestServer) => {
    const held = hold(s, `GET /plans HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nAccept: text/html\r\n\r\n`);
    // the client closes as soon as it has an answer, as the attacker did
    held.socket.on("data", () => held.socket.end());
    return held.outcome;
  };

  for (const name of ["npm start", "standalone server.js"] as const) {
    it(`${name}: 1 000 upgrade requests to a page leave the open file count where it was`, async () => {
      const s = name === "npm start" ? server : standalone;
      await upgrade(s);
      const before = openFiles(s);
      const outcomes = await inBatches(1000, 50, () => upgrade(s));
      expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(openFiles(s) - before).toBeLessThan(30);
      expect(await menuServed(s)).toBe(true);
    });
  }
});

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
    it(`${name}: 2 000 pipelined requests on one socket, then 12 × 100 closed after 20 ms: every later request is answered`, async () => {
      const s = name === "npm start" ? server : standalone;
      // Each flood once left hundreds of requests counted as in progress for good (issue 45).
      for (let round = 0; round < 2; round++) {
        await pipelined(s, 2000, 300);
        await Promise.all(Array.from({ length: 12 }, () => pipelined(s, 100, 20)));
      }
      // Shedding, or a slow answer, while the server works off what it had queued is fine; for
      // good, as before, is not (a probe that times out on a busy machine counts as not yet).
      const probe = () => fetch(`${s.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then((res) => res.status, () => 0);
      for (let ok = 0, until = Date.now() + 20_000; ok < 8 && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) ok = (await probe()) === 200 ? ok + 1 : 0;
      const statuses = await inBatches(40, 20, async (i) => (await fetch(`${s.baseUrl}/api/health${i % 2 ? "/ready" : ""}`, { signal: AbortSignal.timeout(5_000) })).status);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(await menuServed(s)).toBe(true);
    }, 60_000);
  }
});

describe("slow clients are cut off and cost bounded memory", () => {
  it("a header that never ends is answered 408 request_timeout within the header deadline", async () => {
    const held = Array.from({ length: 200 }, () => hold(server, "GET /plans HTTP/1.1\r\nHost: x\r\nAccept: text/"));
    const outcomes = await Promise.all(held.map((h) => h.outcome));
    for (const o of outcomes) {
      expect(o.status).toBe(408);
      expect(JSON.parse(o.body)).toMatchObject({ error: "request_timeout", status: 408 });
      expect(o.afterMs).toBeGreaterThanOrEqual(9_000);
      expect(o.afterMs).toBeLessThan(14_000);
    }
  }, 30_000);

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

  it("3 000 connections each sending one byte of a 60 000-byte body: the process stays up, within its budget, and keeps serving menus", async () => {
    let rssMax = server.rss() ?? 0;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, server.rss() ?? 0)), 200);
    try {
      const paths = ["/api/mcp", "/api/public/tools/food-cost"];
      const held: Held[] = [];
      for (let i = 0; i < 3000; i++) {
        held.push(hold(server, `POST ${paths[i % 2]} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 60000\r\n\r\n{`));
        if (i % 200 === 199) await new Promise((r) => setTimeout(r, 50));
      }
      let open = held.length;
      for (const h of held) void h.outcome.then(() => open--);
      // Menus are answered while the attack is still holding connections (the bodies being read
      // wait for their 10 s deadline), not only once it has gone.
      let servedWhileHeld = false;
      const until = Date.now() + 25_000;
      while (!servedWhileHeld && Date.now() < until && open > 0) {
        const served = await menuServed(server).catch(() => false);
        servedWhileHeld = served && open > 0;
        if (!served) await new Promise((r) => setTimeout(r, 250));
      }
      expect(server.alive()).toBe(true);
      expect(servedWhileHeld, "a menu was served while attack connections were held").toBe(true);
      const outcomes = await Promise.all(held.map((h) => h.outcome));
      // Each was answered at once (503: too many requests in progress, or bodies being read), at the
      // body deadline (408), or refused at the connection cap (closed unanswered); none waited for
      // Node's 300 s default. (How soon depends on the CPU the server gets: on a quiet 2-core
      // machine all are answered within about 15 s; the bound leaves room for a busy one.)
      const statuses = new Set(outcomes.map((o) => o.status));
      expect([...statuses].filter((s) => s !== 408 && s !== 503 && s !== null)).toEqual([]);
      expect(statuses.has(503)).toBe(true);
      expect(statuses.has(408)).toBe(true);
      expect(Math.max(...outcomes.map((o) => o.afterMs))).toBeLessThan(120_000);
    } finally {
      clearInterval(sampler);
    }
    expect(server.alive()).toBe(true);
    expect(rssMax / 1024 / 1024).toBeLessThan(PROCESS_RSS_BUDGET_MB);
    expect(await menuServed(server)).toBe(true);
  }, 180_000);
});

describe("shutdown after the attacks", () => {
  it("SIGTERM stops npm start's server promptly with exit code 0", async () => {
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    server.child.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 15_000))]);
    expect(code).toBe(0);
  }, 20_000);
});
