// Attacks by one client through the shipped edge (npm run edge, nginx) in front of the server as
// `npm start` starts it (issue 45, points 2 and 3): pipelined floods, idle keep-alive connections,
// slow bodies, Upgrade, absolute-form targets, client-chosen paths with extensions, large bodies.
// Afterwards the service answers other clients, no file is written and no 503 is left behind.
// Each test is a client of its own (a loopback address of its own: the edge's shares are per
// address); every count and wait is bounded.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRequestLines, openFiles, request, startEdge, type Edge } from "../support/edge";
import { parseRawResponse, rawRequest } from "../support/raw-http";
import { ROOT, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let edge: Edge;
let slug: string;

beforeAll(async () => {
  server = await startTestServer({ asNpmStart: true, mode: "npm-start", postgresUrl: "", extraEnv: { TRUSTED_PROXY_HEADERS: "x-forwarded-for", RATE_LIMIT_PER_MINUTE: "0" } });
  edge = await startEdge(server.baseUrl);
  slug = (await (await fetch(`${server.baseUrl}/api/public/restaurants?limit=1`)).json()).results[0].slug;
}, 300_000);

afterAll(async () => {
  // A server that died mid-suite says why.
  if (server && !server.alive()) console.error(readFileSync(server.logFile, "utf8").slice(-4000));
  await edge?.stop();
  await server?.stop();
});

const edgePort = () => Number(new URL(edge.baseUrl).port);

/** Another client's menu through the edge, from its own address: 200 with the restaurant, within 5 s. */
async function menuServed(localAddress: string): Promise<boolean> {
  const res = await request(edge.baseUrl, `/api/public/restaurants/${slug}`, { localAddress });
  return res.status === 200 && JSON.parse(res.body.toString()).slug === slug;
}

interface Held {
  socket: Socket;
  /** resolves when the connection closes: what came back (status null: closed without an answer) */
  outcome: Promise<{ status: number | null; body: string; afterMs: number }>;
}

/** Opens a connection from localAddress to the edge, writes `head` (and nothing more), and records what comes back until the close. */
function hold(head: string, localAddress: string): Held {
  const socket = connect({ port: edgePort(), host: "127.0.0.1", localAddress });
  let sentAt = Date.now();
  const chunks: Buffer[] = [];
  const outcome = new Promise<{ status: number | null; body: string; afterMs: number }>((resolve) => {
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", () => {});
    socket.on("close", () => {
      const bytes = Buffer.concat(chunks);
      const parsed = bytes.length ? parseRawResponse(bytes) : null;
      resolve({ status: parsed?.status ?? null, body: parsed?.body ?? "", afterMs: Date.now() - sentAt });
    });
  });
  socket.on("connect", () => {
    sentAt = Date.now();
    socket.write(head);
  });
  return { socket, outcome };
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, k) => make(i + k)))));
  return out;
}

/** The API's error shape, as the edge writes it. */
function expectJsonError(res: { status: number; headers: Record<string, string | string[] | undefined>; body: string }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["access-control-allow-origin"]).toBe("*");
  expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  expect(JSON.parse(res.body)).toMatchObject({ error: code, status, message: expect.any(String), hint: expect.any(String) });
}

describe("pipelined floods", () => {
  it("2 000 pipelined GET /api/health on one socket, then 12 × 100 closed after 20 ms: others get health, readiness and a menu; no 503 left behind", async () => {
    const health = "GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n";
    const flood = (count: number, closeAfterMs: number, localAddress: string) =>
      new Promise<number>((resolve) => {
        const s = connect({ port: edgePort(), host: "127.0.0.1", localAddress }, () => {
          s.write(health.repeat(count));
          setTimeout(() => s.destroy(), closeAfterMs);
        });
        let bytes = 0;
        s.on("data", (d) => (bytes += d.length));
        s.on("error", () => {});
        s.on("close", () => resolve(bytes));
      });
    const answered = await flood(2000, 300, "127.0.0.10");
    const more = await Promise.all(Array.from({ length: 12 }, () => flood(100, 20, "127.0.0.11")));
    // The floods reached the edge and were answered in part (200, or 429 past the address's share).
    expect(answered + more.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    // Others, over two seconds: health, readiness and a menu, never 503.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const p of ["/api/health", "/api/health/ready", `/api/public/restaurants/${slug}`]) statuses.push((await request(edge.baseUrl, p, { localAddress: "127.0.0.12" })).status);
      await new Promise((r) => setTimeout(r, 400));
    }
    expect(statuses).toEqual(Array(15).fill(200));
    // And the app itself, straight: nothing left in progress.
    expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(200);
  }, 30_000);
});

describe("idle keep-alive connections from one address", () => {
  it("1 000 kept connections from 127.0.0.20 leave a menu prompt for 127.0.0.21, and cost the app no sockets", async () => {
    const appFilesBefore = openFiles(server.child.pid);
    const kept: Socket[] = [];
    let answered = 0;
    try {
      await inBatches(1000, 100, () =>
        new Promise<void>((resolve) => {
          const s = connect({ port: edgePort(), host: "127.0.0.1", localAddress: "127.0.0.20" }, () => s.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"));
          kept.push(s);
          const done = setTimeout(resolve, 5_000);
          s.once("data", () => {
            answered++;
            clearTimeout(done);
            resolve();
          });
          s.on("error", () => {});
          s.on("close", () => resolve());
        }),
      );
      const open = kept.filter((s) => !s.destroyed && s.readyState === "open").length;
      expect(answered).toBe(1000);
      expect(open).toBeGreaterThanOrEqual(900);
      const started = Date.now();
      expect(await menuServed("127.0.0.21")).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
      // The edge holds the idle connections; the app sees its few upstream ones.
      expect(openFiles(server.child.pid) - appFilesBefore).toBeLessThan(80);
    } finally {
      for (const s of kept) s.destroy();
    }
  }, 40_000);
});

describe("slow bodies", () => {
  it("3 000 connections each sending one byte of a 60 000-byte body: the edge ends them at its body deadline, the app never sees them and keeps serving", async () => {
    const paths = ["/api/mcp", "/api/public/tools/food-cost"];
    const held: Held[] = [];
    // 100 addresses × 30 connections: within each address's share of requests in progress, so
    // every one of them is held until the deadline rather than refused at once.
    for (let i = 0; i < 3000; i++) {
      const address = `127.0.1.${1 + (i % 100)}`;
      held.push(hold(`POST ${paths[i % 2]} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 60000\r\n\r\n{`, address));
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 20));
    }
    let open = held.length;
    for (const h of held) void h.outcome.then(() => open--);
    // A menu is served while the attack still holds its connections.
    let servedWhileHeld = false;
    const until = Date.now() + 8_000;
    while (!servedWhileHeld && Date.now() < until) {
      servedWhileHeld = (await menuServed("127.0.0.31").catch(() => false)) && open > 2_500;
      if (!servedWhileHeld) await new Promise((r) => setTimeout(r, 200));
    }
    expect(servedWhileHeld, "a menu was served while the slow bodies were held").toBe(true);
    const outcomes = await Promise.all(held.map((h) => h.outcome));
    // nginx ends a connection whose body pauses 10 s without an answer (it never writes a 408).
    const closedAtDeadline = outcomes.filter((o) => o.status === null && o.afterMs >= 9_000 && o.afterMs < 20_000);
    expect(outcomes.filter((o) => o.status !== null && o.status !== 429)).toEqual([]);
    expect(closedAtDeadline.length).toBeGreaterThanOrEqual(2_900);
    // No incomplete body was passed on: the app logged none of these requests.
    for (const p of paths) expect(appRequestLines(server.logFile, p)).toEqual([]);
    expect(server.alive()).toBe(true);
    expect(await menuServed("127.0.0.32")).toBe(true);
  }, 60_000);
});

describe("Upgrade", () => {
  it("1 000 Upgrade: websocket requests are served as plain HTTP (never 101), and the app's open file count stays flat", async () => {
    const upgrade = (i: number) =>
      rawRequest(edge.baseUrl, `GET ${i % 2 ? "/api/health" : "/plans"} HTTP/1.1`, ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Accept: text/html"], {
        // ten addresses, 100 requests each: within each address's burst
        localAddress: `127.0.2.${1 + (i % 10)}`,
      });
    await upgrade(0);
    const before = openFiles(server.child.pid);
    const healthBefore = appRequestLines(server.logFile, "/api/health").length;
    const answers = await inBatches(1000, 50, upgrade);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_000));
    // /api/health is never cached: those 500 reached the app, as plain requests.
    expect(appRequestLines(server.logFile, "/api/health").length - healthBefore).toBeGreaterThanOrEqual(500);
    // A leak is one descriptor per upgraded request (1 000); the edge's kept connections to the app
    // (up to 32 idle per nginx worker) and the renders' own loopback connections are not.
    expect(openFiles(server.child.pid) - before).toBeLessThan(100);
    expect(await menuServed("127.0.0.33")).toBe(true);
  }, 60_000);
});

describe("request targets and paths", () => {
  it("an absolute-form target is refused with a JSON 400 and never reaches the app", async () => {
    const before = appRequestLines(server.logFile, "/api/public/plans").length;
    const res = await rawRequest(edge.baseUrl, "GET http://evil.example/api/public/plans HTTP/1.1", [], { localAddress: "127.0.0.40" });
    expectJsonError(res, 400, "invalid_request");
    expect(JSON.parse(res.body).message).toContain("not a path");
    expect(appRequestLines(server.logFile, "/api/public/plans").length).toBe(before);
  });

  it("a target that is not a path (GET *, OPTIONS *) and an unparseable request line are JSON 400s", async () => {
    for (const line of ["GET * HTTP/1.1", "OPTIONS * HTTP/1.1", "FOO@ /api/public HTTP/1.1"]) {
      expectJsonError(await rawRequest(edge.baseUrl, line, [], { localAddress: "127.0.0.40" }), 400, "invalid_request");
    }
  });

  it("TRACE and methods no route serves (PROPFIND, MKCOL) are JSON 405s with Allow, and never reach the app", async () => {
    const before = appRequestLines(server.logFile, "/api/public/plans").length;
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const res = await rawRequest(edge.baseUrl, `${method} /api/public/plans HTTP/1.1`, [], { localAddress: "127.0.0.40" });
      expectJsonError(res, 405, "method_not_allowed");
      expect(res.headers.allow, method).toBe("GET, HEAD, POST, OPTIONS");
    }
    expect(appRequestLines(server.logFile, "/api/public/plans").length).toBe(before);
  });

  it("180 client-chosen paths with extensions write no file under .next and get no 5xx", async () => {
    const listing = () => {
      const out = new Set<string>();
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const p = path.join(dir, name);
          if (statSync(p).isDirectory()) walk(p);
          else out.add(p);
        }
      };
      walk(path.join(ROOT, ".next"));
      return out;
    };
    const before = listing();
    const paths = Array.from({ length: 180 }, (_, i) => {
      switch (i % 6) {
        case 0:
          return `/x-${i}.rsc`;
        case 1:
          return `/x-${i}.json`;
        case 2:
          return `/x-${i}.md`;
        case 3:
          return `/${slug}-${i}.segments/_tree.segment.rsc`;
        case 4:
          return `/%2e%2e/render/k${i}/r/${slug}.segments/_tree.segment.rsc`;
        default:
          return `/x/%2e%2e/render/k${i}/r/${slug}.segments/_tree.segment.rsc`;
      }
    });
    const statuses = await inBatches(180, 20, (i) => rawRequest(edge.baseUrl, `GET ${paths[i]} HTTP/1.1`, ["Accept: text/html"], { localAddress: "127.0.0.41" }).then((r) => r.status));
    expect(statuses.filter((s) => s >= 500 || s === 0)).toEqual([]);
    // the render pages are refused at the edge, whatever the spelling
    expect(statuses.filter((_, i) => i % 6 >= 4).every((s) => s === 404 || s === 400)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_000));
    const added = [...listing()].filter((p) => !before.has(p));
    expect(added).toEqual([]);
  }, 60_000);
});

describe("bodies", () => {
  it("a 2-MB POST body gets 413 payload_too_large in JSON from the edge, declared or chunked", async () => {
    const post = (headers: string[], first: Buffer) =>
      new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        const s = connect({ port: edgePort(), host: "127.0.0.1", localAddress: "127.0.0.42" }, () => {
          s.write(["POST /api/mcp HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json", ...headers, "", ""].join("\r\n"));
          s.write(first);
        });
        const chunks: Buffer[] = [];
        s.setTimeout(10_000, () => s.destroy(new Error("no answer in 10 s")));
        s.on("data", (d) => {
          chunks.push(d);
          // the answer has come; the edge would linger for the rest of the body
          setTimeout(() => s.destroy(), 200);
        });
        s.on("error", (e) => (chunks.length ? undefined : reject(e)));
        s.on("close", () => resolve(parseRawResponse(Buffer.concat(chunks))));
      });
    const declared = await post(["Content-Length: 2000000"], Buffer.alloc(65536, 32));
    expectJsonError(declared, 413, "payload_too_large");
    const body = Buffer.alloc(2_000_000, 32);
    const chunked = await post(["Transfer-Encoding: chunked"], Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]));
    expectJsonError(chunked, 413, "payload_too_large");
    expect(appRequestLines(server.logFile, "/api/mcp")).toEqual([]);
  });

  it("a body within the app's limit still reaches the app (an MCP ping of 60 KB through the edge)", async () => {
    const res = await request(edge.baseUrl, "/api/mcp", {
      method: "POST",
      localAddress: "127.0.0.43",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { pad: "x".repeat(60_000) } } }),
    });
    expect(res.status, res.body.toString()).toBe(200);
    expect(JSON.parse(res.body.toString())).toMatchObject({ jsonrpc: "2.0", id: 1, result: {} });
    await new Promise((r) => setTimeout(r, 500));
    expect(appRequestLines(server.logFile, "/api/mcp").length).toBe(1);
  });
});

describe("gzip", () => {
  it("Accept-Encoding: gzip on the menu JSON gives a gzip body equal to the app's answer", async () => {
    const direct = await (await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).json();
    const res = await request(edge.baseUrl, `/api/public/restaurants/${slug}`, { headers: { "Accept-Encoding": "gzip" }, localAddress: "127.0.0.44" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(direct);
    // and plain to a client that does not ask for it
    const plain = await request(edge.baseUrl, `/api/public/restaurants/${slug}`, { localAddress: "127.0.0.44" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(direct);
  });

  it("the bulk export (NDJSON, identity from the app) is gzip through the edge, line for line the app's", async () => {
    const direct = await (await fetch(`${server.baseUrl}/api/public/export.ndjson`)).text();
    const res = await request(edge.baseUrl, "/api/public/export.ndjson", { headers: { "Accept-Encoding": "gzip" }, localAddress: "127.0.0.44" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(direct);
  });
});

describe("the app after the attacks", () => {
  it("is alive, ready and serving through the edge", async () => {
    expect(server.alive()).toBe(true);
    expect((await request(edge.baseUrl, "/api/health/ready", { localAddress: "127.0.0.45" })).status).toBe(200);
    expect(await menuServed("127.0.0.45")).toBe(true);
  });
});
