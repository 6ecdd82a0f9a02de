// Optional read replicas (lib/db/prisma.ts, DATABASE_REPLICA_URLS): reads go to a replica, writes
// and the importer's validation to the primary, and the process keeps one client. Two SQLite
// files stand in for a primary and a replica whose data differ, so the test can tell which
// one answered; PostgreSQL replicas go through the same extension.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "menu-replicas-"));
const primaryUrl = `file:${path.join(dir, "primary.db")}`;
const replicaUrl = `file:${path.join(dir, "replica.db")}`;
const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, "../fixtures/menus.json"), "utf8"));
const SLUG = "zunfthaus-am-see";

const { parseConfig, resetConfig } = await import("../../lib/config");
const { setupDatabase } = await import("../../lib/db/setup");
const prisma = await import("../../lib/db/prisma");
const { importMenus } = await import("../../lib/import/import-menus");
const { findPublishedRestaurant, searchPublishedRestaurants } = await import("../../lib/data/restaurant-queries");
const { searchKey } = await import("../../lib/menu/text-key");

async function prepare(url: string, rename?: string) {
  process.env.DATABASE_URL = url;
  delete process.env.DATABASE_REPLICA_URLS;
  resetConfig();
  await setupDatabase();
  const data = structuredClone(fixture);
  if (rename) data.restaurants.find((r: { slug: string }) => r.slug === SLUG).name = rename;
  await importMenus([{ name: "menus.json", data }]);
  await prisma.disconnectDb();
}

beforeAll(async () => {
  await prepare(replicaUrl, "Zunfthaus (replica copy)");
  await prepare(primaryUrl);
  process.env.DATABASE_URL = primaryUrl;
  process.env.DATABASE_REPLICA_URLS = ` ${replicaUrl} ,`;
  resetConfig();
}, 120_000);

afterAll(async () => {
  await prisma.disconnectDb();
  delete process.env.DATABASE_REPLICA_URLS;
  rmSync(dir, { recursive: true, force: true });
});

describe("read replicas", () => {
  it("parse DATABASE_REPLICA_URLS and refuse a mix of engines", () => {
    expect(prisma.replicaUrls()).toEqual([replicaUrl]);
    expect(() => parseConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URLS: "postgresql://x@127.0.0.1/db" })).toThrow(/same engine/);
  });

  it("model reads and raw search reads go to the replica", async () => {
    expect((await findPublishedRestaurant(SLUG))?.row.name).toBe("Zunfthaus (replica copy)");
    const found = await searchPublishedRestaurants({ q: searchKey("replica copy"), limit: 5 });
    expect(found.rows.map((r) => r.slug)).toEqual([SLUG]);
  });

  it("one client, with the primary behind $primary()", async () => {
    expect(prisma.db()).toBe(prisma.db());
    expect((await prisma.primaryDb().restaurant.findUnique({ where: { slug: SLUG } }))?.name).toBe("Zunfthaus am See");
  });

  it("writes (the importer) go to the primary", async () => {
    const data = structuredClone(fixture);
    data.restaurants.find((r: { slug: string }) => r.slug === SLUG).name = "Zunfthaus (written)";
    await importMenus([{ name: "menus.json", data }]);
    expect((await prisma.primaryDb().restaurant.findUnique({ where: { slug: SLUG } }))?.name).toBe("Zunfthaus (written)");
    expect((await findPublishedRestaurant(SLUG))?.row.name).toBe("Zunfthaus (replica copy)");
  });
});
