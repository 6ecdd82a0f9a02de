// One check for both engines (tests/db/search-index.test.ts on SQLite, tests/postgres/near-rings.test.ts):
// a search with near reads each page nearest first from a disc that grows until it holds the page
// (lib/data/search-scan.ts nearestFirst), and every page is exactly the slice of one sort of the
// whole radius that it would be without the discs. The caller has set DATABASE_URL, migrated the
// database and created published restaurants (a few hundred); this check moves them.
import { expect, it } from "vitest";

const { db } = await import("../../lib/db/prisma");
const { Prisma } = await import("../../lib/db/generated/client");
const { isTrue, nearRings, squaredDistanceSql, withinSql } = await import("../../lib/data/search-scan");
const { TOTAL_BOUND } = await import("../../lib/search/total-bound");
const { scanPublishedRestaurants } = await import("../../lib/data/restaurant-queries");

const center = { lat: 45.1, lng: 8.02 };

/** One sort of every published restaurant within the radius: what each page must be a slice of. */
async function nearReference(radiusKm: number): Promise<string[]> {
  const squared = squaredDistanceSql(center);
  const rows = await db().$queryRaw<{ slug: string }[]>(
    Prisma.sql`SELECT r."slug" FROM "Restaurant" r WHERE ${isTrue(`r."isActive"`)} AND ${isTrue(`r."menuPublished"`)} AND ${withinSql(center, radiusKm, squared)} ORDER BY ${squared}, r."name", r."slug"`,
  );
  return rows.map((r) => r.slug);
}

async function allPages(radiusKm: number, limit: number) {
  const got: string[] = [];
  let total: unknown;
  let from: (string | number)[] | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await scanPublishedRestaurants({ near: { center, radiusKm } }, { from, limit });
    if (pages === 0) total = page.total;
    got.push(...page.rows.map((r) => r.row.slug));
    if (!page.next) break;
    from = page.next;
  }
  return { got, total };
}

export function nearestFirstCases() {
  it("pages in exactly the order of one sort of the radius, from discs within it where restaurants are dense", async () => {
    // A third of the restaurants within ~2 km of the centre, several on one spot (ties broken by
    // name and slug), the rest spread north up to ~44 km: dense and sparse in one radius.
    await db().$executeRawUnsafe(
      `UPDATE "Restaurant" SET "latitude" = CASE WHEN "id" % 3 = 0 THEN 45.1 + ("id" % 17) / 1000.0 ELSE 45.1 + ("id" % 40) / 100.0 END, "longitude" = 8.02 + ("id" % 11) / 1000.0`,
    );
    const discs: [number, number][] = [];
    nearRings.onRead = (discKm, radiusKm) => discs.push([discKm, radiusKm]);
    try {
      for (const radiusKm of [0.5, 3, 50]) {
        const want = await nearReference(radiusKm);
        expect(want.length, `${radiusKm} km`).toBeGreaterThan(radiusKm === 0.5 ? 3 : 50);
        for (const limit of [1, 7, 50]) {
          for (const first of [1 / 8, 1]) {
            nearRings.first = first;
            const { got, total } = await allPages(radiusKm, limit);
            expect(got, `${radiusKm} km, limit ${limit}, first disc ${first}`).toEqual(want);
            expect(total).toEqual({ total: Math.min(want.length, TOTAL_BOUND), capped: want.length > TOTAL_BOUND });
          }
        }
      }
    } finally {
      nearRings.first = 1 / 8;
      nearRings.onRead = undefined;
    }
    // Pages were read from discs smaller than their radius, and some had to grow to all of it.
    expect(discs.some(([disc, radius]) => disc < radius / 2)).toBe(true);
    expect(discs.some(([disc, radius]) => disc === radius)).toBe(true);
  }, 120_000);
}
