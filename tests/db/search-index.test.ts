// The index-backed search (lib/data/restaurant-queries.ts) against a real SQLite database built by
// the committed migrations: the FTS5 trigram index stays in sync through every kind of write, and
// every query plan returns exactly what a plain scan returns (same rows, same order, same total).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "menu-search-"));
process.env.DATABASE_URL = `file:${path.join(dir, "search.db")}`;

const { setupDatabase } = await import("../../lib/db/setup");
const { db, disconnectDb } = await import("../../lib/db/prisma");
const { searchPublishedRestaurants, ftsPhrase, scopeToken } = await import("../../lib/data/restaurant-queries");
const { searchKey, textKey } = await import("../../lib/menu/text-key");
const { EXTERNAL_TABLES } = await import("../../lib/db/external-tables");
const { squaredDistanceSql } = await import("../../lib/data/search-scan");
const { TOTAL_BOUND } = await import("../../lib/search/total-bound");
const { nearestFirstCases } = await import("../support/near-rings-check");
const { expectedOrder, rankedWalk } = await import("../support/ranked-check");
const { Prisma } = await import("../../lib/db/generated/client");
const { searchPublishedDishes, dishIdList, cityNarrowing, walkBounds, facetToken, priceClass, priceClassesUpTo } = await import("../../lib/data/dish-queries");

type Plan = import("../../lib/data/restaurant-queries").SqliteSearchPlan;
type DishPlan = import("../../lib/data/dish-queries").DishPlan;

// A small alphabet, so substrings repeat across many rows (unselective and selective queries both
// occur), with the characters LIKE treats specially, quotes, and text beyond ASCII.
const ALPHABET = ["a", "b", "c", "A", " ", "%", "_", "\\", '"', "'", "ö", "Ö", "ß", "é", "*"];
const word = fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 9 }).map((cs) => cs.join(""));

let cityIds: number[] = [];
let cuisineIds: number[] = [];
let ownerId = 0;
let serial = 0;

async function addRestaurant(name: string, description: string | null, published: boolean, active: boolean, cityIx: number, cuisineIx: number) {
  const slug = `r-${++serial}`;
  return db().restaurant.create({
    data: {
      slug,
      name,
      description,
      currency: "EUR",
      defaultLanguage: "en",
      languages: ["en"],
      searchText: searchKey([name, description ?? "", slug].join(" ")),
      isActive: active,
      menuPublished: published,
      ownerId,
      cityId: cityIds[cityIx % cityIds.length],
      cuisineId: cuisineIx % 3 === 2 ? null : cuisineIds[cuisineIx % cuisineIds.length],
    },
  });
}

/** The city and cuisine filters of restaurant r in a plain scan: a name or a slug, which may name several ids. */
function placeConditions(f: { city?: string; cuisine?: string }, cond: string[], params: unknown[]) {
  if (f.city) cond.push(`r."cityId" IN (SELECT "id" FROM "City" WHERE "nameKey" = ? OR "slug" = ?)`), params.push(f.city, f.city);
  if (f.cuisine) cond.push(`r."cuisineId" IN (SELECT "id" FROM "Cuisine" WHERE "nameKey" = ? OR "slug" = ?)`), params.push(f.cuisine, f.cuisine);
}

/** Substrings (1–6 characters) of the given texts: terms that occur, selective or not. */
const substringOf = (texts: string[]) =>
  fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 6 })).map(([n, at, len]) => n.slice(at % n.length, (at % n.length) + len));
// "springfield" names two cities (one filter, two ids); "nowhere" names none.
const cityFilter = fc.option(fc.constantFrom("springfield", "shelbyville", "shelbyville-2", "nowhere"), { nil: undefined });
const cuisineFilter = fc.option(fc.constantFrom("swiss", "thai"), { nil: undefined });

/** The reference: a plain scan with instr(), the meaning of "searchText contains q". */
async function reference(f: { q: string; city?: string; cuisine?: string; limit: number }) {
  const cond = [`r."isActive" = 1 AND r."menuPublished" = 1 AND instr(r."searchText", ?) > 0`];
  const params: unknown[] = [f.q];
  placeConditions(f, cond, params);
  const where = cond.join(" AND ");
  const rows = await db().$queryRawUnsafe<{ slug: string }[]>(`SELECT r."slug" FROM "Restaurant" r WHERE ${where} ORDER BY r."name", r."slug" LIMIT ${f.limit}`, ...params);
  const [{ n }] = await db().$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT count(*) AS n FROM "Restaurant" r WHERE ${where}`, ...params);
  return { total: Number(n), slugs: rows.map((r) => r.slug) };
}

/** Ids, ascending. */
const sortedIds = (rows: { id: number | bigint }[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);

/** Each city's and cuisine's token in the "scope" column of `table` names exactly the rows `actual` (SQL of one id parameter) selects for it. */
async function expectScopes(table: string, actual: (column: "cityId" | "cuisineId") => string) {
  for (const [tag, column, list] of [["c", "cityId", cityIds], ["k", "cuisineId", cuisineIds]] as const) {
    for (const id of list) {
      const indexed = await db().$queryRawUnsafe<{ id: number }[]>(`SELECT rowid AS id FROM "${table}" WHERE "${table}" MATCH ?`, `"scope" : "${scopeToken(tag, id)}"`);
      expect(sortedIds(indexed), `${column} ${id}`).toEqual(sortedIds(await db().$queryRawUnsafe<{ id: number }[]>(actual(column), id)));
    }
  }
}

const seenPlans = new Set<Plan>();

async function checkQueries(runs: number) {
  const names = (await db().restaurant.findMany({ select: { name: true } })).map((r) => r.name);
  const query = fc.record({ q: fc.oneof(substringOf(names), word, fc.constant("abc")), city: cityFilter, cuisine: cuisineFilter, limit: fc.integer({ min: 1, max: 50 }) });
  await fc.assert(
    fc.asyncProperty(query, async (input) => {
      const filters = { ...input, q: searchKey(input.q.trim()) };
      fc.pre(filters.q.length > 0);
      const got = await searchPublishedRestaurants(filters, (plan) => seenPlans.add(plan));
      const want = await reference({ ...filters, limit: filters.limit * 2 });
      const bounded = { total: Math.min(want.total, TOTAL_BOUND), capped: want.total > TOTAL_BOUND };
      expect({ total: got.total, slugs: got.rows.map((r) => r.slug) }).toEqual({ total: bounded, slugs: want.slugs.slice(0, filters.limit) });
      // The next page starts right after this one's last row (keyset), on every plan.
      expect(got.next !== null).toBe(want.total > filters.limit);
      if (got.next) {
        const second = await searchPublishedRestaurants({ ...filters, after: got.next }, (plan) => seenPlans.add(plan));
        expect(second.rows.map((r) => r.slug)).toEqual(want.slugs.slice(filters.limit, filters.limit * 2));
      }
    }),
    { numRuns: runs, seed: 20261122 },
  );
}

beforeAll(async () => {
  await setupDatabase();
  const country = await db().country.create({ data: { slug: "x", code: "XX", name: "X", language: "en" } });
  // Two cities share the name "Springfield"; one city filter then spans two ids.
  for (const [slug, name] of [["springfield", "Springfield"], ["shelbyville", "Shelbyville"], ["shelbyville-2", "Springfield"]]) {
    cityIds.push((await db().city.create({ data: { slug, name, nameKey: textKey(name), countryId: country.id } })).id);
  }
  for (const [slug, name] of [["swiss", "Swiss"], ["thai", "Thai"]]) {
    cuisineIds.push((await db().cuisine.create({ data: { slug, name, nameKey: textKey(name), namePlural: name, tagline: "" } })).id);
  }
  ownerId = (await db().account.create({ data: { email: "o@example.com", name: "O" } })).id;
  const rows = fc.sample(fc.tuple(word, fc.option(word, { nil: null }), fc.boolean(), fc.nat(20), fc.nat(20), fc.nat(20)), { numRuns: 300, seed: 7 });
  for (const [i, [name, description, draft, inactive, city, cuisine]] of rows.entries()) {
    // Every third name shares "abc": a query that matches a large share of the rows.
    await addRestaurant(i % 3 ? name : `${name} abc`, description, !draft || inactive % 2 === 0, inactive !== 0, city, cuisine);
  }
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});

describe("search index (SQLite FTS5 trigram)", () => {
  it("is created by the migrations, with the triggers that keep it in sync", async () => {
    const objects = await db().$queryRawUnsafe<{ type: string; name: string }[]>(`SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger')`);
    const names = objects.map((o) => o.name);
    for (const table of EXTERNAL_TABLES.sqlite) expect(names).toContain(table);
    // A migration that rebuilds "Restaurant" (SQLite's RedefineTables) drops these: recreate them.
    for (const trigger of ["Restaurant_search_insert", "Restaurant_search_update", "Restaurant_search_delete"]) expect(names).toContain(trigger);
  });

  it("holds exactly the published restaurants", async () => {
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*) AS n FROM "RestaurantSearch"`);
    expect(Number(n)).toBe(await db().restaurant.count({ where: { isActive: true, menuPublished: true } }));
  });

  it("answers every query exactly like a scan", async () => {
    await checkQueries(400);
  }, 120_000);

  it("stays in sync through updates, unpublishing, republishing and deletes", async () => {
    const all = await db().restaurant.findMany({ select: { id: true, slug: true, name: true, description: true }, orderBy: { id: "asc" } });
    for (const [i, r] of all.entries()) {
      if (i % 7 === 0) {
        const name = `${r.name}ab${i % 3 ? "ö" : "%"}`;
        await db().restaurant.update({ where: { id: r.id }, data: { name, searchText: searchKey([name, r.description ?? "", r.slug].join(" ")) } });
      } else if (i % 11 === 0) {
        await db().restaurant.update({ where: { id: r.id }, data: { menuPublished: false } });
      } else if (i % 13 === 0) {
        await db().restaurant.update({ where: { id: r.id }, data: { menuPublished: true, isActive: true } });
      } else if (i % 17 === 0) {
        await db().restaurant.delete({ where: { id: r.id } });
      } else if (i % 5 === 0) {
        // The scope follows a move to another city, another cuisine or none.
        await db().restaurant.update({ where: { id: r.id }, data: i % 2 ? { cityId: cityIds[i % cityIds.length] } : { cuisineId: i % 3 ? null : cuisineIds[i % cuisineIds.length] } });
      }
    }
    await addRestaurant("newcomer abc", "fresh", true, true, 0, 0);
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*) AS n FROM "RestaurantSearch"`);
    expect(Number(n)).toBe(await db().restaurant.count({ where: { isActive: true, menuPublished: true } }));
    await expectScopes("RestaurantSearch", (column) => `SELECT "id" FROM "Restaurant" WHERE "${column}" = ? AND "isActive" = 1 AND "menuPublished" = 1`);
    await checkQueries(300);
  }, 120_000);

  it("used every plan on the way", () => {
    expect([...seenPlans].sort()).toEqual(["filter-walk", "fts-filtered", "fts-sorted", "name-walk", "scan"]);
  });

  it("treats %, _, \\ and quotes as plain characters", async () => {
    await addRestaurant('100% "organic" tea_room \\ corner', null, true, true, 1, 1);
    for (const q of ['100%', '% "org', "a_r", "\\ c", '"organic"']) {
      const got = await searchPublishedRestaurants({ q: searchKey(q), limit: 50 });
      expect(got.rows.map((r) => r.name)).toContain('100% "organic" tea_room \\ corner');
    }
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
  });

  it("finds q of 2 characters through the index, with characters no text had before (insert and republish)", async () => {
    const fresh = await addRestaurant("Жук €", null, true, true, 1, 1);
    const draft = await addRestaurant("Ωμέγα ℃", null, false, true, 1, 1);
    const names = async (q: string) => (await searchPublishedRestaurants({ q: searchKey(q), limit: 50 }, (plan) => seenPlans.add(plan))).rows.map((r) => r.name);
    expect(await names("к €")).toEqual(["Жук €"]);
    expect(await names("ж")).toEqual(["Жук €"]);
    expect(await names("α ")).toEqual([]);
    await db().restaurant.update({ where: { id: draft.id }, data: { menuPublished: true } });
    expect(await names("α ")).toEqual(["Ωμέγα ℃"]);
    expect(await names("a℃")).toEqual([]);
    await db().restaurant.delete({ where: { id: fresh.id } });
    expect(await names("к €")).toEqual([]);
  });
});

// ————— dishes: the FTS5 trigram table "DishSearch" —————

let categoryIds: number[] = [];

async function addItems(rows: { categoryId: number; position: number; text: string; available: boolean }[]) {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const values = chunk.map(() => `(?, ?, ?, '{}', 100, ?, '[]', '[]', ?, '', 0)`).join(", ");
    await db().$executeRawUnsafe(
      `INSERT INTO "MenuItem" ("categoryId", "position", "name", "translations", "priceMinor", "isAvailable", "tags", "allergens", "searchText", "tagKey", "allergenMask") VALUES ${values}`,
      ...chunk.flatMap((r) => [r.categoryId, r.position, r.text, r.available ? 1 : 0, searchKey(r.text)]),
    );
  }
}

/** The reference: every published, available dish whose searchText contains q (in the city and cuisine given), in result order. */
function dishReference(f: { q: string; city?: string; cuisine?: string }) {
  return filterReference({ ...f, diet: [], excludeMask: 0 });
}

const seenDishPlans = new Set<DishPlan>();


/** The first two pages of a dish search are the reference's first matches, and the total is theirs up to the bound. */
async function expectFirstPages(filters: Parameters<typeof searchPublishedDishes>[0], want: number[], limit: number, plans: Set<DishPlan>) {
  const got = await searchPublishedDishes(filters, { limit }, (plan) => plans.add(plan));
  expect({ total: got.total, ids: got.rows.map((r) => r.row.id) }).toEqual({
    total: { total: Math.min(want.length, TOTAL_BOUND), capped: want.length > TOTAL_BOUND },
    ids: want.slice(0, limit),
  });
  if (got.next) {
    const second = await searchPublishedDishes(filters, { from: got.next, limit });
    expect(second.rows.map((r) => r.row.id)).toEqual(want.slice(limit, 2 * limit));
  }
}

async function checkDishQueries(runs: number) {
  const texts = (await db().menuItem.findMany({ select: { name: true }, take: 500 })).map((r) => r.name);
  // With "springfield" the index's scope must match either of its two cities.
  const query = fc.record({ q: fc.oneof(substringOf(texts), word, fc.constant("common")), city: cityFilter, cuisine: cuisineFilter, limit: fc.integer({ min: 1, max: 50 }) });
  await fc.assert(
    fc.asyncProperty(query, async ({ q: raw, city, cuisine, limit }) => {
      const q = searchKey(raw.trim());
      fc.pre(q.length > 0);
      const want = await dishReference({ q, city, cuisine });
      const filters = { q, ...(city ? { city } : {}), ...(cuisine ? { cuisine } : {}), diet: [], excludeMask: 0 };
      await expectFirstPages(filters, want, limit, seenDishPlans);
    }),
    { numRuns: runs, seed: 20261124 },
  );
}

// A few hundred restaurants: every walk seeks its bound (at scale, unless it lies past a tenth of the restaurants).
walkBounds.maxShare = Infinity;

describe("dish search index (SQLite FTS5 trigram)", () => {
  beforeAll(async () => {
    const restaurants = await db().restaurant.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    for (const [i, r] of restaurants.entries()) {
      for (const position of [0, 1]) {
        categoryIds.push((await db().category.create({ data: { restaurantId: r.id, position, name: `s${position}`, translations: {}, isVisible: (i + position) % 5 !== 0 } })).id);
      }
    }
    const texts = fc.sample(fc.tuple(word, fc.option(word, { nil: null })), { numRuns: 1500, seed: 11 });
    await addItems(texts.map(([name, description], i) => ({ categoryId: categoryIds[i % categoryIds.length], position: i, text: `${name} ${description ?? ""}`, available: i % 9 !== 0 })));
    // A word in most dishes: cheaper to walk the menus for than to read through the index.
    await addItems(Array.from({ length: 5200 }, (_, i) => ({ categoryId: categoryIds[(i * 7) % categoryIds.length], position: 10_000 + i, text: `common dish ${i}`, available: i % 13 !== 0 })));
  }, 120_000);

  it("is created by the migrations, with the triggers that keep it in sync", async () => {
    const names = (await db().$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')`)).map((o) => o.name);
    expect(names).toContain("DishSearch");
    // A migration that rebuilds "MenuItem" (SQLite's RedefineTables) drops these: recreate them.
    for (const trigger of ["MenuItem_search_insert", "MenuItem_search_update", "MenuItem_search_delete", "Restaurant_dish_scope_update", "Category_dish_scope_update"]) expect(names).toContain(trigger);
  });

  it("answers every q exactly like a scan, on every plan", async () => {
    await checkDishQueries(300);
  }, 120_000);

  it("answers the same when the index is read twice instead of carrying its matches as ids", async () => {
    const max = dishIdList.max;
    dishIdList.max = 0;
    try {
      await checkDishQueries(150);
    } finally {
      dishIdList.max = max;
    }
  }, 120_000);

  it("stays in sync through updates and deletes (also by cascade)", async () => {
    const items = await db().menuItem.findMany({ select: { id: true, name: true }, orderBy: { id: "asc" }, take: 1500 });
    for (const [i, item] of items.entries()) {
      if (i % 7 === 0) await db().menuItem.update({ where: { id: item.id }, data: { searchText: searchKey(`${item.name} ab${i % 3 ? "ö" : "%"}`) } });
      else if (i % 11 === 0) await db().menuItem.delete({ where: { id: item.id } });
    }
    await db().category.delete({ where: { id: categoryIds[3] } });
    // The scope follows the restaurant: moved to another city, another cuisine or none, and a
    // section moved to another restaurant.
    const restaurants = await db().restaurant.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    for (const [i, r] of restaurants.entries()) {
      if (i % 5 === 0) await db().restaurant.update({ where: { id: r.id }, data: { cityId: cityIds[(i + 1) % cityIds.length] } });
      if (i % 7 === 0) await db().restaurant.update({ where: { id: r.id }, data: { cuisineId: i % 2 ? null : cuisineIds[(i + 1) % cuisineIds.length] } });
    }
    await db().category.update({ where: { id: categoryIds[10] }, data: { restaurantId: restaurants[restaurants.length - 1].id } });
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*) AS n FROM "DishSearch"`);
    expect(Number(n)).toBe(await db().menuItem.count());
    await expectScopes(
      "DishSearch",
      (column) => `SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId" WHERE r."${column}" = ?`,
    );
    await checkDishQueries(200);
  }, 120_000);

  it("used every plan on the way", () => {
    expect([...seenDishPlans].sort()).toEqual(["fts-count", "fts-sorted", "id-list", "none", "sample-sorted", "walk", "walk-count", "walk-cut"]);
  });
});

// ————— every dish filter from the index (migration dish_filter_index) —————

const TAGS = ["vegan", "gluten-free", "spicy", "v"];

/** The reference for any combination of the dish filters: the plain join with the exact tests, in result order. */
async function filterReference(f: { q?: string; city?: string; cuisine?: string; diet: string[]; excludeMask: number; maxPriceMinor?: number; currency?: string }) {
  const cond = [`r."isActive" = 1 AND r."menuPublished" = 1 AND c."isVisible" = 1 AND m."isAvailable" = 1`];
  const params: unknown[] = [];
  if (f.currency) cond.push(`r."currency" = ?`), params.push(f.currency);
  if (f.q) cond.push(`instr(m."searchText", ?) > 0`), params.push(f.q);
  placeConditions(f, cond, params);
  for (const tag of f.diet) cond.push(`m."tagKey" LIKE ?`), params.push(`%,${tag},%`);
  cond.push(`(m."allergenMask" & ?) = 0`), params.push(f.excludeMask);
  if (f.maxPriceMinor !== undefined) cond.push(`m."priceMinor" <= ?`), params.push(f.maxPriceMinor);
  return (
    await db().$queryRawUnsafe<{ id: number | bigint }[]>(
      `SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
       WHERE ${cond.join(" AND ")} ORDER BY r."name", r."slug", c."position", m."position"`,
      ...params,
    )
  ).map((r) => Number(r.id));
}

async function checkFilterQueries(runs: number) {
  const texts = (await db().menuItem.findMany({ select: { name: true }, take: 500 })).map((r) => r.name);
  const query = fc.record({
    q: fc.option(fc.oneof(substringOf(texts), word, fc.constantFrom("common", "co", "c", "mm", "qj", "ab")), { nil: undefined }),
    city: cityFilter,
    diet: fc.subarray([...TAGS, "no-such-diet"], { maxLength: 2 }),
    excludeMask: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: (1 << 14) - 1 }), fc.constant(1 << 7)),
    maxPriceMinor: fc.option(fc.oneof(fc.integer({ min: -5, max: 30_000 }), fc.constantFrom(0, 99, 100, 999, 1000, 2800)), { nil: undefined }),
    limit: fc.integer({ min: 1, max: 50 }),
  });
  await fc.assert(
    fc.asyncProperty(query, async ({ q: raw, city, diet, excludeMask, maxPriceMinor, limit }) => {
      const q = raw === undefined ? undefined : searchKey(raw.trim()) || undefined;
      const f = { ...(q ? { q } : {}), ...(city ? { city } : {}), diet, excludeMask, ...(maxPriceMinor !== undefined ? { maxPriceMinor } : {}) };
      const want = await filterReference(f);
      await expectFirstPages(f, want, limit, seenFilterPlans);
    }),
    { numRuns: runs, seed: 20261126 },
  );
}

const seenFilterPlans = new Set<DishPlan>();

describe("dish filters from the index (SQLite FTS5: tags, allergens, price class, short q)", () => {
  beforeAll(async () => {
    // Tags, allergens and prices spread over the dishes, written through the update trigger.
    await db().$executeRawUnsafe(
      `UPDATE "MenuItem" SET
         "tagKey" = CASE "id" % 7 WHEN 0 THEN ',vegan,' WHEN 1 THEN ',gluten-free,vegan,' WHEN 2 THEN ',spicy,' WHEN 3 THEN ',v,spicy,' ELSE '' END,
         "allergenMask" = ("id" * 2654435761) % 16384 & ("id" % 3 = 0 ? 0 : 16383),
         "priceMinor" = CASE "id" % 11 WHEN 0 THEN 0 WHEN 1 THEN -3 ELSE ("id" * 37) % 25000 END`.replace(`("id" % 3 = 0 ? 0 : 16383)`, `CASE WHEN "id" % 3 = 0 THEN 0 ELSE 16383 END`),
    );
  });

  it("keeps the tags, allergens and price class of every dish in the index", async () => {
    const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*) AS n FROM "DishSearch"`);
    expect(Number(n)).toBe(await db().menuItem.count());
    const indexed = (match: string) => db().$queryRawUnsafe<{ id: number }[]>(`SELECT rowid AS id FROM "DishSearch" WHERE "DishSearch" MATCH ?`, match);
    for (const tag of TAGS)
      expect(sortedIds(await indexed(`"tags" : ${ftsPhrase(`,${tag},`)}`)), tag).toEqual(sortedIds(await db().$queryRawUnsafe(`SELECT "id" FROM "MenuItem" WHERE "tagKey" LIKE ?`, `%,${tag},%`)));
    for (const bit of [0, 7, 13])
      expect(sortedIds(await indexed(`"scope" : ${ftsPhrase(facetToken("a", bit))}`)), `allergen ${bit}`).toEqual(
        sortedIds(await db().$queryRawUnsafe(`SELECT "id" FROM "MenuItem" WHERE ("allergenMask" & ?) = 0`, 1 << bit)),
      );
    for (const price of [-3, 0, 1, 99, 100, 2800, 24999]) {
      const classes = priceClassesUpTo(price).map((c) => ftsPhrase(facetToken("p", c)));
      const superset = new Set(sortedIds(await indexed(`"scope" : (${classes.join(" OR ")})`)));
      const exact = sortedIds(await db().$queryRawUnsafe(`SELECT "id" FROM "MenuItem" WHERE "priceMinor" <= ?`, price));
      expect(exact.filter((id) => !superset.has(id)), `price ${price}`).toEqual([]);
      expect(priceClass(price)).toBe(price <= 0 ? 0 : String(price).length * 10 + Number(String(price)[0]));
    }
  });

  it("answers every combination exactly like the join, on every plan", async () => {
    await checkFilterQueries(250);
    const max = dishIdList.max;
    dishIdList.max = 0;
    try {
      await checkFilterQueries(120);
    } finally {
      dishIdList.max = max;
    }
    expect([...seenFilterPlans].sort()).toEqual(["fts-count", "fts-sorted", "id-list", "none", "sample-sorted", "walk", "walk-count", "walk-cut"]);
  }, 180_000);

  it("reads a tag nobody has, or a short q in no dish, from the index alone", async () => {
    const plans: DishPlan[] = [];
    const none = await searchPublishedDishes({ diet: ["no-such-diet"], excludeMask: 0 }, { limit: 20 }, (p) => plans.push(p));
    expect(none.rows).toEqual([]);
    expect(await searchPublishedDishes({ q: "qj", diet: [], excludeMask: 0 }, { limit: 20 }, (p) => plans.push(p))).toMatchObject({ rows: [] });
    expect(plans).toEqual(["none", "none"]);
  });

  it("ranks each window of 100 matches by how the words match, on every plan; a plain key (a cursor from before) starts a window", async () => {
    // Drinks sections, for the rank of a search by diet alone (and of a q only in a description).
    await db().category.updateMany({ where: { position: 1 }, data: { name: "Drinks" } });
    const isDrink = (section: string) => section === "Drinks";
    const texts = (await db().menuItem.findMany({ select: { name: true }, take: 500 })).map((r) => r.name);
    const query = fc.record({
      q: fc.option(fc.oneof(substringOf(texts), word, fc.constantFrom("common", "co", "c", "dish", "ab")), { nil: undefined }),
      city: cityFilter,
      diet: fc.subarray(TAGS, { maxLength: 1 }),
      limit: fc.integer({ min: 15, max: 50 }),
      start: fc.integer({ min: 0, max: 150 }),
    });
    const max = dishIdList.max;
    let crossed = 0;
    try {
      await fc.assert(
        fc.asyncProperty(query, fc.boolean(), async ({ q: raw, city, diet, limit, start }, listIds) => {
          dishIdList.max = listIds ? max : 0;
          const q = raw === undefined ? undefined : searchKey(raw.trim()) || undefined;
          fc.pre(q !== undefined || diet.length > 0);
          const f = { ...(q ? { q } : {}), ...(city ? { city } : {}), diet, excludeMask: 0 };
          const reference = await filterReference(f);
          const rows = await db().menuItem.findMany({ where: { id: { in: reference } }, select: { id: true, name: true, category: { select: { name: true } } } });
          const info = new Map(rows.map((r) => [r.id, { names: [r.name], sections: [r.category.name] }]));
          const pages = Math.ceil(250 / limit);
          const got = await rankedWalk(searchPublishedDishes, f, limit, pages);
          const want = expectedOrder(reference, info, q, isDrink);
          expect(got.ids, JSON.stringify(f)).toEqual(want.slice(0, pages * limit));
          expect(got.total).toBe(Math.min(reference.length, TOTAL_BOUND));
          if (reference.length > 100) crossed++;
          // A plain key: the walk goes on from it in windows, nothing before it, nothing skipped.
          if (start < reference.length - 1) {
            const plain = await searchPublishedDishes(f, { limit: start + 1 });
            const later = await rankedWalk(searchPublishedDishes, f, limit, 3, plain.next!);
            expect(later.ids).toEqual(expectedOrder(reference.slice(start + 1), info, q, isDrink).slice(0, 3 * limit));
          }
        }),
        { numRuns: 120, seed: 20261129 },
      );
    } finally {
      dishIdList.max = max;
    }
    expect(crossed).toBeGreaterThan(5);
  }, 180_000);
});

describe("dish search in a currency: its cities narrow the index (migration restaurant_currency_city)", () => {
  it("answers every combination with a currency exactly like the join, with the cities and without", async () => {
    // Eight cities, so that a currency in two of them narrows (a quarter at most); PLN: every other
    // restaurant of one city, the rest of that city and every other city EUR; CHF: a restaurant without a city.
    const country = await db().country.findFirstOrThrow();
    for (let i = 0; i < 5; i++) await db().city.create({ data: { slug: `extra-${i}`, name: `Extra ${i}`, nameKey: textKey(`Extra ${i}`), countryId: country.id } });
    await db().$executeRawUnsafe(`UPDATE "Restaurant" SET "currency" = 'PLN' WHERE "cityId" = ? AND "id" % 2 = 0`, cityIds[1]);
    const cityless = await db().restaurant.findFirstOrThrow({ where: { cityId: cityIds[2], isActive: true, menuPublished: true } });
    await db().restaurant.update({ where: { id: cityless.id }, data: { cityId: null, currency: "CHF" } });
    const texts = (await db().menuItem.findMany({ select: { name: true }, take: 500 })).map((r) => r.name);
    const query = fc.record({
      q: fc.option(fc.oneof(substringOf(texts), fc.constantFrom("common", "co", "c", "ab")), { nil: undefined }),
      city: cityFilter,
      diet: fc.subarray(TAGS, { maxLength: 1 }),
      excludeMask: fc.oneof(fc.constant(0), fc.constant(1 << 7)),
      maxPriceMinor: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.constantFrom(999, 2800)),
      currency: fc.constantFrom("PLN", "EUR", "CHF", "JPY"),
      limit: fc.integer({ min: 1, max: 50 }),
    });
    const plans = new Set<DishPlan>();
    for (const on of [true, false]) {
      cityNarrowing.on = on;
      try {
        await fc.assert(
          fc.asyncProperty(query, async ({ q: raw, city, diet, excludeMask, maxPriceMinor, currency, limit }) => {
            const q = raw === undefined ? undefined : searchKey(raw.trim()) || undefined;
            const f = { ...(q ? { q } : {}), ...(city ? { city } : {}), diet, excludeMask, maxPriceMinor, currency };
            await expectFirstPages(f, await filterReference(f), limit, plans);
          }),
          { numRuns: 120, seed: 20261126 },
        );
      } finally {
        cityNarrowing.on = true;
      }
    }
    // With q, a currency no restaurant has: nothing to read.
    const none: DishPlan[] = [];
    expect(await searchPublishedDishes({ q: "common", diet: [], excludeMask: 0, maxPriceMinor: 2800, currency: "JPY" }, { limit: 20 }, (p) => none.push(p))).toMatchObject({ rows: [] });
    expect(none).toEqual(["none"]);
  }, 180_000);
});

describe("near: the latitude index", () => {
  it("narrows restaurants by the bounding box's latitude band", async () => {
    // Restaurants spread over 30° of latitude, with planner statistics as db:generate leaves them.
    await db().$executeRawUnsafe(`UPDATE "Restaurant" SET "latitude" = 30 + ("id" % 300) / 10.0, "longitude" = 8 + ("id" % 7) / 10.0`);
    await db().$executeRawUnsafe("ANALYZE");
    const plan = await db().$queryRawUnsafe<{ detail: string }[]>(
      `EXPLAIN QUERY PLAN SELECT r."id" FROM "Restaurant" r WHERE r."isActive" = 1 AND r."menuPublished" = 1 AND r."latitude" IS NOT NULL AND r."longitude" IS NOT NULL AND r."latitude" BETWEEN 47.3 AND 47.4 AND r."longitude" BETWEEN 8.5 AND 8.6`,
    );
    expect(plan.map((p) => p.detail).join("\n")).toContain("Restaurant_near_idx");
  });
});

describe("near dish search: restaurant first", () => {
  const center = { lat: 45.1, lng: 8.02 };
  // The plain plan: one sort of every matching dish by distance, then menu order.
  async function nearReference(q?: string) {
    const rows = await db().$queryRaw<{ id: number | bigint }[]>(
      Prisma.sql`SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
       WHERE r."isActive" = 1 AND r."menuPublished" = 1 AND c."isVisible" = 1 AND m."isAvailable" = 1 ${q ? Prisma.sql`AND instr(m."searchText", ${q}) > 0` : Prisma.empty}
       ORDER BY ${squaredDistanceSql(center)}, r."name", r."slug", c."position", m."position"`,
    );
    return rows.map((r) => Number(r.id));
  }

  it("walks every page in exactly the order of one sort, across restaurant batches and distance ties", async () => {
    // Every restaurant within 50 km, five at each spot: ties on distance, broken by name and slug.
    await db().$executeRawUnsafe(`UPDATE "Restaurant" SET "latitude" = 45 + ("id" % 20) / 100.0, "longitude" = 8 + ("id" % 5) / 100.0`);
    // The total with near is counted from the index's matches or from the box's restaurants (nearCandidateEstimate): both occur.
    const nearPlans = new Set<string>();
    // "dish 42": a dozen matches, few enough to count from the index even within the radius.
    for (const q of [undefined, "common", "ab", "dish 42"]) {
      const want = await nearReference(q);
      expect(want.length).toBeGreaterThan(q === "ab" || q === "dish 42" ? 5 : 500);
      for (const limit of [7, 50]) {
        const filters = { ...(q ? { q } : {}), diet: [], excludeMask: 0, near: { center, radiusKm: 50 } };
        const got: number[] = [];
        let from: (string | number)[] | undefined;
        for (let pages = 0; pages < 1000; pages++) {
          const page = await searchPublishedDishes(filters, { from, limit }, (plan) => nearPlans.add(plan));
          if (pages === 0) expect(page.total).toEqual({ total: Math.min(want.length, TOTAL_BOUND), capped: want.length > TOTAL_BOUND });
          got.push(...page.rows.map((r) => r.row.id));
          if (!page.next) break;
          from = page.next;
        }
        expect(got, `q=${q} limit=${limit}`).toEqual(want);
      }
    }
    expect([...nearPlans]).toEqual(expect.arrayContaining(["walk-count", "fts-count"]));
  }, 120_000);

  it("reads q's matches of the radius' one city only, with the same rows as without", async () => {
    // One city's restaurants moved 35° south: a radius there holds that city alone, whose token
    // narrows the index (radiusCities); the city's own restaurants beyond the radius stay out.
    await db().$executeRawUnsafe(`UPDATE "Restaurant" SET "latitude" = 10 + ("id" % 20) / 10.0, "longitude" = 20 WHERE "cityId" = ?`, cityIds[0]);
    const south = { lat: 10.5, lng: 20 };
    // On one meridian the distance is the latitude's difference: 60 km is 0.54° (111.19 km a degree).
    const reference = async (q: string) =>
      (
        await db().$queryRawUnsafe<{ id: number | bigint }[]>(
          `SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
           WHERE r."isActive" = 1 AND r."menuPublished" = 1 AND c."isVisible" = 1 AND m."isAvailable" = 1 AND instr(m."searchText", ?) > 0
             AND r."longitude" = 20 AND abs(r."latitude" - 10.5) * 111.19 <= 60
           ORDER BY abs(r."latitude" - 10.5), r."name", r."slug", c."position", m."position"`,
          q,
        )
      ).map((r) => Number(r.id));
    const beyond = await db().restaurant.count({ where: { cityId: cityIds[0], latitude: { gt: 11.1 } } });
    expect(beyond).toBeGreaterThan(0);
    for (const q of ["common", "ab", "c"]) {
      const want = await reference(q);
      expect(want.length, q).toBeGreaterThan(0);
      for (const on of [true, false]) {
        cityNarrowing.on = on;
        try {
          const plans: string[] = [];
          const got: number[] = [];
          let from: (string | number)[] | undefined;
          for (let pages = 0; pages < 1000; pages++) {
            const page = await searchPublishedDishes({ q, diet: [], excludeMask: 0, near: { center: south, radiusKm: 60 } }, { from, limit: 7 }, (p) => plans.push(p));
            if (pages === 0) expect(page.total).toEqual({ total: Math.min(want.length, TOTAL_BOUND), capped: want.length > TOTAL_BOUND });
            got.push(...page.rows.map((r) => r.row.id));
            if (!page.next) break;
            from = page.next;
          }
          expect(got, `q=${q} narrowing ${on}`).toEqual(want);
          expect(plans.includes("radius-cities"), `q=${q} narrowing ${on}`).toBe(on);
        } finally {
          cityNarrowing.on = true;
        }
      }
    }
  }, 120_000);
});

describe("near: nearest first from a growing disc", () => {
  nearestFirstCases();
});

describe("dish search: matches clustered in name order", () => {
  it("reads the index's matches sorted when they sit on the last menus in name order, and walks when they lead it", async () => {
    // The walk's estimate assumes matches spread evenly by name; these two words have the same
    // number of matches (the same estimate), on the five first or the five last published menus.
    const open = await db().restaurant.findMany({ where: { isActive: true, menuPublished: true }, select: { id: true }, orderBy: [{ name: "asc" }, { slug: "asc" }] });
    expect(open.length).toBeGreaterThan(100);
    for (const [word, restaurants] of [["qzlead", open.slice(0, 5)], ["qztail", open.slice(-5)]] as const) {
      for (const r of restaurants) {
        const category = await db().category.create({ data: { restaurantId: r.id, position: 99, name: word, translations: {}, isVisible: true } });
        await addItems(Array.from({ length: 30 }, (_, i) => ({ categoryId: category.id, position: i, text: `${word} ${i}`, available: true })));
      }
    }
    for (const word of ["qzlead", "qztail"]) {
      const want = await filterReference({ q: word, diet: [], excludeMask: 0 });
      expect(want.length).toBe(150);
      for (const limit of [1, 7, 50]) {
        const firstPage: DishPlan[] = [];
        const got: number[] = [];
        let from: (string | number)[] | undefined;
        for (let pages = 0; pages < 200; pages++) {
          const page = await searchPublishedDishes({ q: word, diet: [], excludeMask: 0 }, { from, limit }, (p) => pages === 0 && firstPage.push(p));
          got.push(...page.rows.map((r) => r.row.id));
          if (!page.next) break;
          from = page.next;
        }
        expect(got, `q=${word} limit=${limit}`).toEqual(want);
        // The leading word is walked to the end of its first page; the trailing one is read from
        // the index at once (the sample saw where its matches are) or its walk is cut at the bound.
        const how = firstPage.filter((p) => ["walk", "sample-sorted", "walk-cut", "fts-sorted"].includes(p));
        if (word === "qzlead") expect(how, `q=${word} limit=${limit}`).toEqual(["walk"]);
        else expect(how.includes("sample-sorted") || how.includes("walk-cut"), `q=${word} limit=${limit}: ${how}`).toBe(true);
      }
    }
  }, 120_000);
});
