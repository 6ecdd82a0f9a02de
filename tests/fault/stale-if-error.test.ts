// The database stopped and started again under load, on PostgreSQL: what the process served
// before keeps being served from its last good copy (Cache-Status says so, Cache-Control carries
// stale-if-error), what it never served is a fast JSON 503 service_unavailable with Retry-After and
// no-store, and everything is fresh again once the database is back, without a restart.
//
// The database "stops" behind a TCP proxy that this test owns: cutting it resets every open
// connection of the pool and refuses new ones, as a stopped server does, without touching the
// PostgreSQL server other stages use. FAULT_POSTGRES_URL names that server (npm test passes the
// TEST_POSTGRES_URL of .ci/run).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseSwitch } from "../support/database-switch";
import { flood } from "../support/flood";
import { withoutOpenStatus } from "../support/markdown";
import { serverLogLines } from "../support/server-log";
import { startTestServer, type TestServer } from "../support/test-server";

const target = process.env.FAULT_POSTGRES_URL ?? "";

describe.runIf(target)("database stopped and restarted under load (PostgreSQL)", () => {
  let server: TestServer;
  let db: DatabaseSwitch;
  let slugs: string[];
  const HTML = { accept: "text/html" };
  // What the process has served before the outage, in every representation.
  let served: { path: string; headers?: Record<string, string>; body: string; etag: string | null }[] = [];
  // Menu pages served once before the outage, beyond those above.
  const menuPages: string[] = [];

  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.baseUrl + path, { headers });
  // The server's JSON lines (lib/observability), read after the answers they describe.
  /** The server's JSON log lines, once every id in `ids` has its access line (lines are written asynchronously), or after 10 s. */
  const logLines = async (ids: string[] = []): Promise<Record<string, unknown>[]> => {
    const read = () => serverLogLines(server.logFile, (l) => expect(l.length, "a log line's length").toBeLessThan(32_768));
    const deadline = Date.now() + 10_000;
    for (;;) {
      await new Promise((r) => setTimeout(r, 300));
      const lines = read();
      const logged = new Set(lines.filter((l) => l.msg === "request").map((l) => l.request_id));
      if (ids.every((id) => logged.has(id)) || Date.now() > deadline) return lines;
    }
  };

  beforeAll(async () => {
    const switched = await DatabaseSwitch.before(target);
    db = switched.db;
    // One second of in-process freshness, so the outage below meets expired entries.
    server = await startTestServer({ postgresUrl: switched.url, extraEnv: { MENU_CACHE_TTL_MS: "1000", RATE_LIMIT_PER_MINUTE: "0" } });
    slugs = (await (await get("/api/public/restaurants?limit=50")).json()).results.map((r: { slug: string }) => r.slug);
    for (const [path, headers] of [
      [`/api/public/restaurants/${slugs[0]}`],
      ["/api/public/restaurants?q=pizza"],
      ["/api/public/locations"],
      [`/${slugs[0]}`, HTML],
      [`/${slugs[0]}.md`],
      ["/search?q=pizza", HTML],
      ["/", HTML],
    ] as [string, Record<string, string>?][]) {
      const res = await get(path, headers);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-status"), path).toBeNull();
      served.push({ path, headers, body: await res.text(), etag: res.headers.get("etag") });
    }
    // Every menu page once, and a few in a second language: more HTML than the in-process budget
    // holds (8 MB in all, ~3 MB for pages), so most of them can only come back from ISR's copies.
    for (const slug of slugs.slice(2)) {
      const res = await get(`/${slug}`, HTML);
      expect(res.status, slug).toBe(200);
      menuPages.push(`/${slug}`);
      await res.arrayBuffer();
    }
    expect(menuPages.length).toBeGreaterThan(40);
    await new Promise((r) => setTimeout(r, 1500));
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    db?.close();
  });

  it("serves what it served before from its last good copy, saying so, while the database is down", async () => {
    await db.stop();
    const staleIds: [string, string][] = [];
    // Readers keep coming while the database is gone.
    const load = flood({ baseUrl: server.baseUrl, connections: 8, seconds: 4, next: (i) => ({ path: served[i % served.length].path, headers: served[i % served.length].headers }) });
    for (const copy of served) {
      const res = await get(copy.path, copy.headers);
      expect(res.status, copy.path).toBe(200);
      // An ISR copy of a page does not say its age: no ttl then.
      expect(res.headers.get("cache-status"), copy.path).toMatch(/^menu-service; hit; (ttl=-\d+; )?detail="stale-if-error"$/);
      expect(res.headers.get("cache-control"), copy.path).toContain("stale-if-error=86400");
      if (!copy.headers) expect(withoutOpenStatus(await res.text()), copy.path).toBe(withoutOpenStatus(copy.body));
      staleIds.push([copy.path, res.headers.get("x-request-id")!]);
    }
    // The access line of each says stale; the substitutions have lines of their own, up to ten a
    // minute per cache (every request of the flood substitutes), with the failure they cover
    // (JSON, bounded: Prisma's messages once quoted the bundle), under the id of the request that
    // made it (requests that joined the same reload share its outcome, not its line).
    const lines = await logLines(staleIds.map(([, id]) => id));
    for (const [path, id] of staleIds) {
      expect(lines.find((l) => l.msg === "request" && l.request_id === id), path).toMatchObject({ cache: "stale", status: 200 });
    }
    const substitutions = lines.filter((l) => l.msg === "stale copy served") as { level: number; cache: string; request_id?: string; err: { message: string } }[];
    const caches = [...new Set(substitutions.map((l) => l.cache))];
    expect(caches).toEqual(expect.arrayContaining(["menus", "search"]));
    for (const cache of caches) expect(substitutions.filter((l) => l.cache === cache).length, cache).toBeLessThanOrEqual(10);
    for (const line of substitutions) {
      expect(line.level).toBe(40);
      expect(line.request_id).toBeTruthy();
      expect(line.err.message).not.toBe("");
    }
    const result = await load;
    expect(result.errors).toEqual({});
    expect(Object.keys(result.statuses)).toEqual(["200"]);
  });

  it("serves every page it served before from a copy, in process or ISR's on disk, while the database is down", async () => {
    const failed: string[] = [];
    for (const path of menuPages) {
      const res = await get(path, HTML);
      const body = await res.text();
      if (res.status !== 200) failed.push(`${path}: ${res.status}`);
      else {
        expect(res.headers.get("cache-status"), path).toMatch(/^menu-service; hit; (ttl=-\d+; )?detail="stale-if-error"$/);
        expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
        expect(body, path).toContain(`<link rel="canonical" href="${server.baseUrl}${path}"`);
      }
    }
    expect(failed).toEqual([]);
  });

  it("stays ready while it serves from copies: readiness is 200 degraded, naming the database as down", async () => {
    const res = await get("/api/health/ready");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "degraded", checks: { instance: "ok", database: "unreachable", migrations: "unknown" }, down: ["database"] });
  });

  it("answers what it never served with a JSON service_unavailable (never 500), Retry-After and no-store", async () => {
    for (const path of [`/api/public/restaurants/${slugs[1]}`, "/api/public/restaurants?q=never-asked"]) {
      const res = await get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("retry-after"), path).toMatch(/^\d+$/);
      expect((await res.json()).error, path).toBe("service_unavailable");
      // One error line for it, with the cause (the database's connection error), under its id.
      const id = res.headers.get("x-request-id");
      const errors = (await logLines([id!])).filter((l) => l.level === 50 && l.request_id === id);
      expect(errors, path).toHaveLength(1);
      expect(JSON.stringify(errors[0].err), path).toMatch(/ECONNREFUSED|ECONNRESET|reach database|connect|terminated/i);
    }
    // A page with no copy anywhere (whether it exists cannot be known now): a clear 503 to retry.
    const page = await get("/a-restaurant-never-asked-for", HTML);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("temporarily unavailable");
  });

  it("is fresh again once the database is back, without a restart", async () => {
    await db.start();
    const deadline = Date.now() + 30_000;
    for (const copy of served) {
      for (;;) {
        const res = await get(copy.path, copy.headers);
        if (res.status === 200 && res.headers.get("cache-status") === null) break;
        expect(Date.now(), `${copy.path} still stale or failing`).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    expect((await get(`/api/public/restaurants/${slugs[1]}`)).status).toBe(200);
  });
});
