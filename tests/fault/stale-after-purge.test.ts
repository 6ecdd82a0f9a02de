// An outage right after an import (issue #49): the change watch sees the import and purges every
// in-process copy; a purge marks them stale instead of dropping them, so when the database stops
// next, every representation read before is still served from its copy, marked stale-if-error,
// and a restaurant never read answers 503 service_unavailable (never 500). Once the database is
// back, the next read is fresh and shows the import.
//
// PostgreSQL only (FAULT_POSTGRES_URL), behind the TCP switch that stale-if-error.test.ts uses.
// SQLite has no outage a test can cause from outside: WAL connections hold a shared lock on the
// file, so no other process can take an exclusive one (SQLITE_BUSY for the locker), and an open
// file stays readable whatever happens to its path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { DatabaseSwitch } from "../support/database-switch";
import { FIXTURE, startTestServer, type TestServer } from "../support/test-server";

const target = process.env.FAULT_POSTGRES_URL ?? "";
/** read in every representation before the import, then during the outage */
const READ = "zunfthaus-am-see";
/** read as JSON until it shows the import: the sign that the change watch purged this process */
const WATCHED = "sushi-kaze";
const STALE = /^menu-service; hit; ttl=-\d+; detail="stale-if-error"$/;

function importedVersion() {
  const data = JSON.parse(readFileSync(FIXTURE, "utf8"));
  for (const restaurant of data.restaurants) if (restaurant.slug === READ || restaurant.slug === WATCHED) restaurant.description = `imported-after-the-first-read ${restaurant.slug}`;
  return data;
}

describe.runIf(target)("a database outage right after an import's purge (PostgreSQL)", () => {
  let server: TestServer;
  let db: DatabaseSwitch;
  let neverRead: string;
  let before: string;
  let stopped = false;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.baseUrl + path, { headers });
  const toolCall = () =>
    fetch(`${server.baseUrl}/api/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: "call-1", method: "tools/call", params: { name: "get_restaurant_menu", arguments: { slug: READ } } }),
    });
  // Each representation of READ, read the same way before and during the outage.
  const representations: [string, () => Promise<Response>][] = [
    ["JSON", () => get(`/api/public/restaurants/${READ}`)],
    ["Markdown", () => get(`/${READ}.md`)],
    ["HTML", () => get(`/${READ}`, { accept: "text/html" })],
    ["MCP", toolCall],
  ];

  beforeAll(async () => {
    const switched = await DatabaseSwitch.before(target);
    db = switched.db;
    // Copies stay fresh for 10 minutes: only the purge can make them stale during this test.
    server = await startTestServer({ postgresUrl: switched.url, extraEnv: { MENU_CACHE_TTL_MS: "600000", RATE_LIMIT_PER_MINUTE: "0" } });
    // The importer runs in this process, on the database directly (not through the switch).
    const direct = new URL(server.databaseUrl);
    const real = new URL(target);
    direct.hostname = real.hostname;
    direct.port = real.port;
    process.env.DATABASE_URL = direct.toString();
    (await import("../../lib/config")).resetConfig();
    const slugs: string[] = (await (await get("/api/public/restaurants?limit=50")).json()).results.map((r: { slug: string }) => r.slug);
    neverRead = slugs.find((slug) => slug !== READ && slug !== WATCHED)!;
    before = (await (await get(`/api/public/restaurants/${READ}`)).json()).description;
  }, 300_000);

  afterAll(async () => {
    const { disconnectDb } = await import("../../lib/db/prisma");
    await disconnectDb();
    if (stopped) await db.start();
    await server?.stop();
    db?.close();
  });

  it("serves every representation read before the import from its purged copy, marked stale-if-error, while the database is down", async () => {
    for (const [name, read] of representations) {
      const res = await read();
      expect(res.status, name).toBe(200);
      expect(res.headers.get("cache-status"), name).toBeNull();
      expect(await res.text(), name).toContain(before.slice(0, 20));
    }
    expect((await get(`/api/public/restaurants/${WATCHED}`)).status).toBe(200);

    const { importMenus } = await import("../../lib/import/import-menus");
    await importMenus([{ name: "after-first-read.json", data: importedVersion() }]);
    const { disconnectDb } = await import("../../lib/db/prisma");
    await disconnectDb();
    // The change watch polls once a second while requests come: WATCHED shows the import once it purged.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const menu = await (await get(`/api/public/restaurants/${WATCHED}`)).json();
      if (menu.description === `imported-after-the-first-read ${WATCHED}`) break;
      expect(Date.now(), "the change watch did not purge within 20 s").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 300));
    }

    await db.stop();
    stopped = true;
    for (const [name, read] of representations) {
      const res = await read();
      const body = await res.text();
      expect(res.status, `${name}: ${body.slice(0, 200)}`).toBe(200);
      expect(res.headers.get("cache-status"), name).toMatch(STALE);
      expect(body, name).toContain(before.slice(0, 20));
      expect(body, name).not.toContain("imported-after-the-first-read");
    }
  });

  it("answers a restaurant never read with 503 service_unavailable, Retry-After and no-store, as JSON and Markdown", async () => {
    for (const path of [`/api/public/restaurants/${neverRead}`, `/${neverRead}.md`]) {
      const res = await get(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("retry-after"), path).toMatch(/^\d+$/);
      expect(await res.json(), path).toMatchObject({ error: "service_unavailable", status: 503 });
    }
  });

  it("is fresh again once the database is back: the next read loads, and shows the import", async () => {
    await db.start();
    stopped = false;
    const deadline = Date.now() + 30_000;
    for (const [name, read] of representations) {
      for (;;) {
        const res = await read();
        const body = await res.text();
        if (res.status === 200 && res.headers.get("cache-status") === null) {
          expect(body, name).toContain(`imported-after-the-first-read ${READ}`);
          break;
        }
        expect(Date.now(), `${name} still stale or failing`).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    expect((await get(`/api/public/restaurants/${neverRead}`)).status).toBe(200);
  });
});
