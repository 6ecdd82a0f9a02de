// The server guard's copies of whole answers (lib/http/front-cache.mjs), over HTTP in the stage's
// run mode (npm start, the standalone server; on PostgreSQL in the postgres stage): a menu asked
// for again is repeated byte for byte without the app, counted as a front hit by the server's own
// metrics; each representation keeps to its own requests; a purge reaches the copies at once; the
// offer header never leaves; throttled answers are never repeated.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startTestServer, type TestServer } from "../support/test-server";

const SECRET = "test-front-cache-secret-0123456789";
const SLUG = "forno-rosso-muenchen";
let server: TestServer;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  server = await startTestServer({ extraEnv: { METRICS_PORT: String(metricsPort), REVALIDATE_SECRET: SECRET, CHANGE_WATCH: "off" } });
}, 300_000);

afterAll(() => server?.stop());

/** Answers the guard repeated so far (menu_cache_lookups_total{cache="front",outcome="hit"}). */
async function frontHits(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const m = /^menu_cache_lookups_total\{cache="front",outcome="hit"\} (\d+)$/m.exec(text);
  return m ? Number(m[1]) : 0;
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** The headers an answer means (not the request's own id and date, nor how its length was framed). */
function meaning(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!["x-request-id", "date", "content-length", "transfer-encoding", "connection", "keep-alive"].includes(name)) out[name] = value;
  });
  return out;
}

describe("the server guard's copies of whole answers", () => {
  it.each([
    ["menu JSON", `/api/public/restaurants/${SLUG}`, {}],
    ["menu page", `/${SLUG}`, { accept: "text/html" }],
    ["Markdown twin", `/${SLUG}.md`, {}],
    ["directory", "/api/public/cuisines", {}],
  ])("repeat the %s byte for byte, as a front hit, never showing the offer", async (_name, path, headers) => {
    const first = await get(path, headers);
    expect(first.res.status).toBe(200);
    // The second is the app's cache hit, which is kept; the third is repeated from it.
    const second = await get(path, headers);
    const before = await frontHits();
    const third = await get(path, headers);
    expect(await frontHits()).toBe(before + 1);
    for (const answer of [first, second, third]) expect(answer.res.headers.get("x-menu-front-cache")).toBeNull();
    expect(third.body.equals(second.body)).toBe(true);
    expect(meaning(third.res)).toEqual(meaning(second.res));
    expect(third.res.headers.get("x-request-id")).not.toBe(second.res.headers.get("x-request-id"));
    // Compressed as the app compressed it for this Accept-Encoding (fetch asks for gzip), sent with its length.
    expect(third.res.headers.get("content-encoding")).toBe(second.res.headers.get("content-encoding"));
    expect(Number(third.res.headers.get("content-length"))).toBeGreaterThan(0);
  });

  it("keeps each representation of a URL to the requests that ask for it", async () => {
    for (let i = 0; i < 3; i++) expect((await get(`/${SLUG}`, { accept: "text/html" })).res.headers.get("content-type")).toMatch(/^text\/html/);
    const markdown = await get(`/${SLUG}`, { accept: "text/markdown" });
    expect(markdown.res.headers.get("content-type")).toMatch(/^text\/markdown/);
    const german = await get(`/api/public/restaurants/${SLUG}`, { "accept-language": "de" });
    expect(german.res.status).toBe(200);
  });

  it("leaves validators, ranges and HEAD to the app", async () => {
    const { res } = await get(`/api/public/restaurants/${SLUG}`);
    const etag = res.headers.get("etag")!;
    await get(`/api/public/restaurants/${SLUG}`);
    const before = await frontHits();
    expect((await get(`/api/public/restaurants/${SLUG}`, { "if-none-match": etag })).res.status).toBe(304);
    const head = await fetch(`${server.baseUrl}/api/public/restaurants/${SLUG}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-menu-front-cache")).toBeNull();
    expect(await frontHits()).toBe(before);
  });

  it("drops every copy when the caches are purged", async () => {
    const path = `/api/public/restaurants/${SLUG}`;
    for (let i = 0; i < 3; i++) await get(path);
    const purge = await fetch(`${server.baseUrl}/api/internal/revalidate`, { method: "POST", headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" }, body: JSON.stringify({ all: true }) });
    expect(purge.status).toBe(200);
    const before = await frontHits();
    await get(path);
    expect(await frontHits()).toBe(before);
  });

  it("asks the app again once a copy is a second old", async () => {
    const path = "/api/public/countries";
    for (let i = 0; i < 3; i++) await get(path);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = await frontHits();
    await get(path);
    expect(await frontHits()).toBe(before);
  });

  it("never repeats an answer that carries the client's own throttle counts", async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { res } = await get("/api/public/restaurants?q=pizza");
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("ratelimit") ?? "");
    }
    expect(remaining[0]).not.toBe("");
    expect(new Set(remaining).size).toBe(3);
  });

  describe("MCP tool calls", () => {
    const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };
    const call = (id: unknown, name = "get_restaurant_menu", args: Record<string, unknown> = { slug: SLUG }) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
    async function post(body: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${server.baseUrl}/api/mcp`, { method: "POST", headers: { ...HEADERS, ...headers }, body });
      return { res, text: await res.text() };
    }

    /** fetch may not set Host. */
    function statusWithHost(body: string, host: string): Promise<number | undefined> {
      const url = new URL(server.baseUrl);
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: url.hostname, port: url.port, path: "/api/mcp", method: "POST", headers: { ...HEADERS, Host: host, "Content-Length": Buffer.byteLength(body) } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on("error", reject);
        req.end(body);
      });
    }

    it.each([
      ["gzipped", {}],
      ["uncompressed", { "accept-encoding": "identity" }],
    ])("repeat a menu call %s with each caller's own id", async (_name, headers) => {
      const first = await post(call(1), headers);
      expect(first.res.status).toBe(200);
      const second = await post(call("two"), headers);
      const before = await frontHits();
      const third = await post(call(33), headers);
      const fourth = await post(call("vier-ü"), headers);
      expect(await frontHits()).toBe(before + 2);
      for (const answer of [second, third, fourth]) expect(answer.res.headers.get("x-menu-front-cache")).toBeNull();
      expect(JSON.parse(third.text)).toEqual({ ...JSON.parse(second.text), id: 33 });
      expect(JSON.parse(fourth.text).id).toBe("vier-ü");
      expect(third.text).toBe(second.text.replace(/"id":"two"}$/, '"id":33}'));
      expect(meaning(third.res)).toEqual(meaning(second.res));
    });

    it("leave the rest to the app: an id it refuses, a foreign Host, another protocol version, a search", async () => {
      for (const id of [1, 2, 3]) await post(call(id));
      const before = await frontHits();
      const badId = await post(call(1.5));
      expect(badId.res.status).toBe(400);
      expect(JSON.parse(badId.text).error.code).toBe(-32600);
      // DNS-rebinding protection: the demo server is a loopback one, so a foreign Host is refused.
      expect(await statusWithHost(call(4), "evil.example")).toBe(403);
      const older = await post(call(5), { "mcp-protocol-version": "2025-06-18" });
      expect(older.res.status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await post(call(i, "search_restaurants", { q: "pizza" }))).res.status).toBe(200);
      expect(await frontHits()).toBe(before);
    });
  });
});
