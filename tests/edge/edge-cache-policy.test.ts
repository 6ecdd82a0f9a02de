// The edge's cache against a stand-in upstream whose answers carry every policy the rule is about:
// only an explicitly public answer is stored, for 1 s (whatever its max-age; nginx's clock counts whole seconds, so 1–2 s), never one
// with no-store, private, Set-Cookie or a Vary the key does not cover; a stored answer stands in
// while the upstream is down.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request, startEdge, type Edge } from "../support/edge";
import { freePort } from "../support/test-server";

const POLICIES: Record<string, Record<string, string>> = {
  "/public": { "Cache-Control": "public, max-age=60, s-maxage=300" },
  "/vary-accept": { "Cache-Control": "public, max-age=60", Vary: "Accept, Accept-Encoding" },
  "/no-store": { "Cache-Control": "no-store" },
  "/private": { "Cache-Control": "private, max-age=60" },
  "/no-cache": { "Cache-Control": "public, no-cache" },
  "/max-age-0": { "Cache-Control": "public, max-age=0" },
  "/none": {},
  "/cookie": { "Cache-Control": "public, max-age=60", "Set-Cookie": "a=b" },
  "/vary-star": { "Cache-Control": "public, max-age=60", Vary: "*" },
  "/vary-cookie": { "Cache-Control": "public, max-age=60", Vary: "Cookie" },
};

const hits = new Map<string, number>();
const sockets = new Set<Socket>();
let upstreamUp = true;
const gone = new Set<string>();
const upstream = createServer((req: IncomingMessage, res: ServerResponse) => {
  const path = (req.url ?? "").split("?")[0];
  hits.set(req.url ?? "", (hits.get(req.url ?? "") ?? 0) + 1);
  if (gone.has(req.url ?? "")) {
    res.statusCode = 404;
    res.setHeader("Cache-Control", "no-store");
    res.end('{"error":"not_found"}');
    return;
  }
  if (!upstreamUp) {
    res.statusCode = 503;
    res.end();
    return;
  }
  res.setHeader("Content-Type", "application/json");
  for (const [name, value] of Object.entries(POLICIES[path] ?? {})) res.setHeader(name, value);
  res.end(JSON.stringify({ url: req.url, n: hits.get(req.url ?? "") }));
});
upstream.on("connection", (s: Socket) => {
  sockets.add(s);
  s.on("close", () => sockets.delete(s));
});
let edge: Edge;

beforeAll(async () => {
  const port = await freePort();
  await new Promise<void>((r) => upstream.listen(port, "127.0.0.1", r));
  edge = await startEdge(`http://127.0.0.1:${port}`);
});

afterAll(async () => {
  await edge?.stop();
  upstream.close();
  for (const s of sockets) s.destroy();
});

const get = (url: string) => request(edge.baseUrl, url, { localAddress: "127.0.0.95" });

describe("what the edge stores", () => {
  it.each(Object.keys(POLICIES))("%s", async (path) => {
    const url = `${path}?t=${Date.now()}`;
    const first = await get(url);
    const second = await get(url);
    expect([first.status, second.status]).toEqual([200, 200]);
    const stored = path === "/public" || path === "/vary-accept";
    expect(hits.get(url)).toBe(stored ? 1 : 2);
    expect(second.body.toString()).toBe(stored ? first.body.toString() : JSON.stringify({ url, n: 2 }));
  });

  it("1 s (at most 2 by nginx's whole-second clock), whatever the answer's own max-age, and the last copy stands in while the upstream fails", async () => {
    const url = `/public?t=expiry-${Date.now()}`;
    const first = await get(url);
    expect((await get(url)).body.toString()).toBe(first.body.toString());
    expect(hits.get(url)).toBe(1);
    // nginx counts whole seconds: "1 s" lasts to the end of the next second, 1–2 s after storing
    await new Promise((r) => setTimeout(r, 2_050));
    expect(JSON.parse((await get(url)).body.toString())).toMatchObject({ n: 2 });
    expect(hits.get(url)).toBe(2);
    upstreamUp = false;
    try {
      await new Promise((r) => setTimeout(r, 2_500));
      const stale = await get(url);
      expect(stale.status).toBe(200);
      expect(JSON.parse(stale.body.toString())).toMatchObject({ url });
      // the upstream was asked; its 503 was replaced by the last copy
      expect(hits.get(url)).toBe(3);
    } finally {
      upstreamUp = true;
    }
  }, 15_000);

  it("an answer that is taken down (404 no-store) replaces the stored copy once that has expired", async () => {
    const url = `/public?t=gone-${Date.now()}`;
    expect((await get(url)).status).toBe(200);
    gone.add(url);
    expect((await get(url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_100));
    for (let i = 0; i < 3; i++) expect((await get(url)).status).toBe(404);
  }, 10_000);
});
