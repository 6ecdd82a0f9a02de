// examples/greek-taverna.jsonc is what the README's guide points a new operator at: it must import
// as it is, with no flag, into an empty database and on top of the demo data, and again over
// itself; and what it says (hidden category, variants, old price, hours past midnight, two
// languages) must come out of the API as the comments promise.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXAMPLE = path.join(ROOT, "examples/greek-taverna.jsonc");
const dir = mkdtempSync(path.join(tmpdir(), "menu-example-"));

const { readImportFile } = await import("../../lib/import/read-import-file");
const { disconnectDb } = await import("../../lib/db/prisma");

afterAll(async () => {
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});

async function freshDatabase(name: string, seed: boolean) {
  await disconnectDb();
  process.env.DATABASE_URL = `file:${path.join(dir, name)}`;
  (await import("../../lib/config")).resetConfig();
  const { setupDatabase } = await import("../../lib/db/setup");
  const { seedDemoData } = await import("../../lib/import/seed-demo-data");
  await setupDatabase({ seed: seed ? seedDemoData : undefined });
}

describe("the example import file", () => {
  it("imports into an empty database with no flag, and is served as its comments say", async () => {
    await freshDatabase("empty.db", false);
    const { importMenus } = await import("../../lib/import/import-menus");
    const summary = await importMenus([readImportFile(EXAMPLE)]);
    expect(summary.plan.added).toEqual(["to-limani-athens"]);
    expect(summary.plan.directory.map((d) => `${d.action} ${d.kind} ${d.slug}`)).toEqual(["added country greece", "added city athens", "added cuisine greek"]);

    const { findPublishedRestaurant } = await import("../../lib/data/restaurant-queries");
    const { serializeRestaurant } = await import("../../lib/serializers/restaurant");
    const menu = serializeRestaurant((await findPublishedRestaurant("to-limani-athens"))!.row) as any;
    expect(menu.name).toBe("To Limani");
    expect(menu.languages).toEqual(["el", "en"]);
    // the hidden winter menu is not published
    expect(menu.categories.map((c: any) => c.name)).toEqual(["Μεζέδες", "Κυρίως πιάτα"]);
    const octopus = menu.categories[0].items[0];
    expect([octopus.price, octopus.compareAtPrice, octopus.translations.en.name]).toEqual([16.5, 18, "Grilled octopus"]);
    expect(JSON.stringify(menu)).not.toContain("Piraeus market"); // internal notes stay private
    const souvlaki = menu.categories[1].items[0];
    expect(souvlaki.variants).toEqual([
      { name: "2 skewers", price: 13 },
      { name: "3 skewers", price: 17.5 },
    ]);
    expect(menu.openingHours.sat).toBe("18:00-02:00");
  });

  it("imports on top of the demo data with no flag, and again over itself", async () => {
    await freshDatabase("demo.db", true);
    const { importMenus } = await import("../../lib/import/import-menus");
    const first = await importMenus([readImportFile(EXAMPLE)]);
    // the demo already has the cuisine "greek", with the same values: nothing to change
    expect(first.plan.directory.map((d) => `${d.action} ${d.kind} ${d.slug}`)).toEqual(["added country greece", "added city athens"]);
    const again = await importMenus([readImportFile(EXAMPLE)]);
    expect(again.plan).toMatchObject({ added: [], replaced: ["to-limani-athens"], ownerChanges: [], outsideScope: [], directory: [] });
  }, 120_000);

  it("is open past midnight in Athens local time (Saturday 18:00-02:00 is open on Sunday at 01:00)", async () => {
    const { db } = await import("../../lib/db/prisma");
    const { isOpenAt } = await import("../../lib/search/opening-hours");
    const row = await db().restaurant.findUniqueOrThrow({ where: { slug: "to-limani-athens" }, include: { city: true } });
    expect(row.city?.timeZone).toBe("Europe/Athens");
    // Sunday 2026-07-12 01:00 in Athens (UTC+3) is Saturday 22:00 UTC; Monday 01:00 is closed.
    expect(isOpenAt(row.openingHours, row.city!.timeZone, new Date("2026-07-11T22:00:00Z"))).toBe(true);
    expect(isOpenAt(row.openingHours, row.city!.timeZone, new Date("2026-07-12T22:00:00Z"))).toBe(false);
  });
});
