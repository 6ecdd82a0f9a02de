// Imports in a loop while readers hammer the same restaurants: every read is one complete menu,
// the one before an import or the one after it, never a mix or a menu half written. The two
// versions differ in every description and in the number of dishes. In-process caches are off
// (MENU_CACHE_TTL_MS=0), so every read reaches the database while the imports write to it.
// On SQLite and, when FAULT_POSTGRES_URL is set (CI), on PostgreSQL.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, startTestServer, type TestServer } from "../support/test-server";

const SLUGS = ["zunfthaus-am-see", "sushi-kaze"];
const IMPORTS = 8;

type Version = "A" | "B";

function fixtureVersion(version: Version) {
  const data = JSON.parse(readFileSync(FIXTURE, "utf8"));
  for (const restaurant of data.restaurants) {
    if (!SLUGS.includes(restaurant.slug)) continue;
    restaurant.description = `version-${version}`;
    for (const category of restaurant.categories) for (const item of category.items) item.description = `version-${version}`;
    if (version === "B") restaurant.categories[0].items.push({ name: "Version B special", description: "version-B", price: 9 });
  }
  return data;
}

function itemCount(data: any, slug: string): number {
  const restaurant = data.restaurants.find((r: any) => r.slug === slug);
  return restaurant.categories.reduce((n: number, c: any) => n + c.items.length, 0);
}

const engines: Array<[string, string]> = [["SQLite", ""]];
if (process.env.FAULT_POSTGRES_URL) engines.push(["PostgreSQL", process.env.FAULT_POSTGRES_URL]);

describe.each(engines)("imports while readers read the same restaurants (%s)", (_engine, postgresUrl) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ postgresUrl, extraEnv: { MENU_CACHE_TTL_MS: "0" } });
    // The importer runs in this process, against the server's database.
    process.env.DATABASE_URL = server.databaseUrl;
    // Settings are read once per process (lib/config.ts): read them again for this database.
    (await import("../../lib/config")).resetConfig();
  });
  afterAll(async () => {
    const { disconnectDb } = await import("../../lib/db/prisma");
    await disconnectDb();
    await server?.stop();
  });

  it("serves every read as a complete old or new menu", async () => {
    const { importMenus } = await import("../../lib/import/import-menus");
    const versions = { A: fixtureVersion("A"), B: fixtureVersion("B") };
    await importMenus([{ name: "version-A.json", data: versions.A }]);

    // Items a reader may see, by version: every visible item of the imported menu (some are hidden
    // from the API, so the count is measured on the served menu after a quiet import of each).
    const served: Record<Version, Record<string, number>> = { A: {}, B: {} };
    const countServed = async (version: Version) => {
      for (const slug of SLUGS) {
        const menu = await (await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).json();
        expect(menu.description).toBe(`version-${version}`);
        served[version][slug] = menu.categories.reduce((n: number, c: any) => n + c.items.length, 0);
      }
    };
    await countServed("A");
    await importMenus([{ name: "version-B.json", data: versions.B }]);
    await countServed("B");
    for (const slug of SLUGS) {
      expect(itemCount(versions.B, slug)).toBe(itemCount(versions.A, slug) + 1);
      expect(served.B[slug]).toBe(served.A[slug] + 1);
    }

    let importing = true;
    const reads: Array<{ slug: string; version: string; items: number; descriptions: string[] }> = [];
    const readers = [0, 1, 2].map(async (n) => {
      for (let i = n; importing; i++) {
        const slug = SLUGS[i % SLUGS.length];
        const res = await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`);
        expect(res.status).toBe(200);
        const menu = await res.json();
        const items = menu.categories.flatMap((c: any) => c.items);
        reads.push({ slug, version: menu.description, items: items.length, descriptions: [...new Set(items.map((it: any) => it.description))] as string[] });
      }
    });
    // The importer shares this process with the readers' clients: after each import, let them
    // complete a few reads (requests they sent meanwhile were answered by the server as it wrote).
    const readsSince = async (count: number) => {
      const target = reads.length + count;
      for (const deadline = Date.now() + 10_000; reads.length < target && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 5));
    };
    for (let i = 0; i < IMPORTS; i++) {
      const version: Version = i % 2 === 0 ? "A" : "B";
      await importMenus([{ name: `version-${version}.json`, data: versions[version] }]);
      await readsSince(3);
    }
    importing = false;
    await Promise.all(readers);

    expect(reads.length).toBeGreaterThan(IMPORTS);
    for (const read of reads) {
      const version = read.version.replace("version-", "") as Version;
      expect(["A", "B"]).toContain(version);
      expect(read.descriptions, `${read.slug} ${read.version}`).toEqual([read.version]);
      expect(read.items, `${read.slug} ${read.version}`).toBe(served[version][read.slug]);
    }
    expect(new Set(reads.map((r) => r.version)).size).toBe(2);
  });
});
