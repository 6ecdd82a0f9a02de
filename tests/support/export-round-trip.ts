// The export round trip of issue 46 (point 8), on whichever engine DATABASE_URL names: every
// restaurant exported as an import file (lib/import/export-import-file.ts) and imported back,
// without any override, changes nothing: no public change recorded, no restaurant's public date or
// content hash moved, every menu row as it was.
import { expect } from "vitest";
import type { Db } from "../../lib/db/prisma";

/** What an import could change, row by row, without ids and the bookkeeping dates of every write. */
async function state(db: Db) {
  const restaurants = await db.restaurant.findMany({
    orderBy: { slug: "asc" },
    include: {
      owner: { omit: { id: true, createdAt: true, updatedAt: true } },
      city: { omit: { id: true, createdAt: true, updatedAt: true } },
      cuisine: { omit: { id: true, createdAt: true, updatedAt: true } },
      categories: { orderBy: { position: "asc" }, omit: { id: true, restaurantId: true }, include: { items: { orderBy: { position: "asc" }, omit: { id: true, categoryId: true } } } },
    },
    omit: { id: true, ownerId: true, cityId: true, cuisineId: true, createdAt: true, updatedAt: true },
  });
  const head = await db.publicChange.aggregate({ _max: { seq: true }, _count: true });
  const countries = await db.country.findMany({ orderBy: { slug: "asc" }, omit: { id: true, createdAt: true, updatedAt: true } });
  return { restaurants, head, countries };
}

export async function checkExportRoundTrip(): Promise<void> {
  const { db } = await import("../../lib/db/prisma");
  const { exportImportFile } = await import("../../lib/import/export-import-file");
  const { importMenus } = await import("../../lib/import/import-menus");
  const before = await state(db());
  expect(before.restaurants.length).toBeGreaterThan(10);
  // Drafts, inactive restaurants, hidden categories, variants and translations are all among them.
  expect(before.restaurants.some((r) => !r.menuPublished)).toBe(true);
  const slugs = before.restaurants.map((r) => r.slug);
  const file = JSON.parse(JSON.stringify(await exportImportFile(slugs)));
  expect(file.scope).toEqual({ restaurants: slugs, owners: [] });
  const summary = await importMenus([{ name: "export.json", data: file }]);
  expect(summary.plan.added).toEqual([]);
  expect(summary.plan.replaced.sort()).toEqual([...slugs].sort());
  expect(summary.plan.directory).toEqual([]);
  expect(summary.plan.ownerChanges).toEqual([]);
  const after = await state(db());
  expect(after.head).toEqual(before.head);
  expect(after.countries).toEqual(before.countries);
  for (let i = 0; i < before.restaurants.length; i++) expect(after.restaurants[i], before.restaurants[i].slug).toEqual(before.restaurants[i]);
}
