// Runs only in the PostgreSQL stage: a restaurant q of two characters read through the pairs index
// (migration restaurant_pairs, lib/data/restaurant-queries.ts pairMatches) finds exactly what the
// substring test finds on every restaurant, in both restaurant searches (by name, and the keyset
// scan of near/openAt), whether the index is read or not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePostgres } from "../support/scratch-postgres";

const database = await fixturePostgres("menu_test_pairs");
const { db } = database;
const { searchPublishedRestaurants, scanPublishedRestaurants, restaurantPairs } = await import("../../lib/data/restaurant-queries");
const { searchKey } = await import("../../lib/menu/text-key");

type Slugs = { slug: string }[];

/** Every page of the search by name, two restaurants at a time. */
async function byName(filters: { q: string; city?: string; cuisine?: string }) {
  const slugs: string[] = [];
  let after: [string, string] | undefined;
  let total = -1;
  do {
    const page = await searchPublishedRestaurants({ ...filters, limit: 2, after });
    if (total === -1) total = page.total.total;
    slugs.push(...page.rows.map((r) => r.slug));
    after = page.next ?? undefined;
  } while (after);
  return { slugs, total };
}

/** Every page of the keyset scan (near: the whole world around the first restaurant; or open at an instant), three at a time. */
async function scanned(filters: Parameters<typeof scanPublishedRestaurants>[0]) {
  const slugs: string[] = [];
  let from: (string | number)[] | undefined;
  let total = -1;
  do {
    const page = await scanPublishedRestaurants(filters, { from, limit: 3 });
    if (total === -1) total = page.total.total;
    slugs.push(...page.rows.map((r) => r.row.slug));
    from = page.next ?? undefined;
  } while (from);
  return { slugs, total };
}

/** The two-character q to try, folded as the search folds them: pieces of the texts (common and rare ones), a pair in no text, LIKE's wildcards. */
async function pairs(): Promise<string[]> {
  const texts = await db().restaurant.findMany({ select: { searchText: true }, orderBy: { id: "asc" } });
  const counts = new Map<string, number>();
  for (const { searchText } of texts) {
    const cs = [...searchText];
    for (const p of new Set(cs.slice(0, -1).map((c, i) => c + cs[i + 1]))) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const ones = sorted.filter(([, n]) => n === 1).map(([p]) => p);
  return [sorted[0][0], sorted[Math.floor(sorted.length / 2)][0], ...ones.slice(0, 3), "qj", "%_", "Ü "].map(searchKey);
}

async function expectEveryPlanAlike() {
  const restaurants = await db().restaurant.findMany({
    select: { latitude: true, longitude: true, city: { select: { slug: true } }, cuisine: { select: { slug: true } } },
    orderBy: { id: "asc" },
  });
  const located = restaurants.find((r) => r.latitude !== null && r.longitude !== null)!;
  const city = restaurants.find((r) => r.city)!.city!.slug;
  const cuisine = restaurants.find((r) => r.cuisine)!.cuisine!.slug;
  let nonEmpty = 0;
  for (const q of await pairs()) {
    const reference = (
      await db().$queryRawUnsafe<Slugs>(
        `SELECT r."slug" FROM "Restaurant" r WHERE r."isActive" AND r."menuPublished" AND strpos(r."searchText", $1) > 0 ORDER BY r."name", r."slug"`,
        q,
      )
    ).map((r) => r.slug);
    if (reference.length) nonEmpty++;
    const cases: [string, () => Promise<{ slugs: string[]; total: number }>][] = [
      ["q", () => byName({ q })],
      ["q + city", () => byName({ q, city })],
      ["q + cuisine", () => byName({ q, cuisine })],
      ["q + near", () => scanned({ q, near: { center: { lat: located.latitude!, lng: located.longitude! }, radiusKm: 50 } })],
      ["q + openAt", () => scanned({ q, openAt: new Date("2026-07-10T19:30:00Z") })],
    ];
    for (const [label, run] of cases) {
      // The same rows with the index read for every pair and for none.
      restaurantPairs.rare = Number.POSITIVE_INFINITY;
      const indexed = await run();
      restaurantPairs.rare = 0;
      const walked = await run();
      expect(indexed, `${label} q=${q}`).toEqual(walked);
    }
    restaurantPairs.rare = Number.POSITIVE_INFINITY;
    const all = await byName({ q });
    expect(all.slugs, `q=${q}`).toEqual(reference);
    expect(all.total, `q=${q}`).toBe(reference.length);
  }
  expect(nonEmpty).toBeGreaterThan(3);
}

const rare = restaurantPairs.rare;

beforeAll(async () => {
  await database.open();
}, 120_000);

afterAll(async () => {
  restaurantPairs.rare = rare;
  await database.close();
});

describe("PostgreSQL restaurant q of two characters (pairs index)", () => {
  it("is a GIN expression index the pre-read uses", async () => {
    // One transaction: SET LOCAL and the EXPLAIN on the same connection of the pool.
    const [, plan] = await db().$transaction([
      db().$executeRawUnsafe("SET LOCAL enable_seqscan = off"),
      db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT r."id" FROM "Restaurant" r WHERE "restaurant_pairs"(r."searchText") @> ARRAY['qj']::text[] AND strpos(r."searchText", 'qj') > 0`,
      ),
    ]);
    expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toContain("Restaurant_searchText_pairs_idx");
  });

  it("finds the same restaurants on every plan", async () => {
    await expectEveryPlanAlike();
  }, 120_000);

  it("follows writes: a text changed, a restaurant unpublished", async () => {
    const [first, second] = await db().restaurant.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 2 });
    await db().restaurant.update({ where: { id: first.id }, data: { searchText: "zq only here" } });
    await db().restaurant.update({ where: { id: second.id }, data: { isActive: false } });
    restaurantPairs.rare = Number.POSITIVE_INFINITY;
    expect((await byName({ q: "zq" })).total).toBe(1);
    await expectEveryPlanAlike();
  }, 120_000);
});
