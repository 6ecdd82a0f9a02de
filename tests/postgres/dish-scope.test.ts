// Runs only in the PostgreSQL stage: each dish's copy of its restaurant's city and cuisine
// ("scopeCityId", "scopeCuisineId", migration dish_scope_columns) follows every kind of write, and
// the dish search by city or cuisine, which reads those copies, finds exactly what a join finds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePostgres } from "../support/scratch-postgres";

const database = await fixturePostgres("menu_test_scope");
const { db } = database;
const { searchPublishedDishes, dishIdList, cityNarrowing, walkBounds } = await import("../../lib/data/dish-queries");
const { expectedOrder, rankedWalk } = await import("../support/ranked-check");
// A few dozen restaurants: every walk seeks its bound (at scale, unless it lies past a tenth of the restaurants).
walkBounds.maxShare = Infinity;

type Raw = { id: number | bigint }[];

/** Dishes whose copy differs from their restaurant's city or cuisine. */
async function stale(): Promise<number> {
  const rows = await db().$queryRawUnsafe<{ n: number | bigint }[]>(
    `SELECT count(*) AS n FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
     WHERE m."scopeCityId" IS DISTINCT FROM r."cityId" OR m."scopeCuisineId" IS DISTINCT FROM r."cuisineId"`,
  );
  return Number(rows[0].n);
}

const plans = new Set<string>();

type Filters = { city?: string; cuisine?: string; q?: string; diet?: string[]; excludeMask?: number; maxPriceMinor?: number; currency?: string };

/** Every page of a search, two dishes at a time (so that both plans for q occur). */
async function allPages(filters: Filters) {
  const out: number[] = [];
  let from: import("../../lib/data/search-scan").Key | undefined;
  let total = -1;
  do {
    const page = await searchPublishedDishes({ diet: [], excludeMask: 0, ...filters }, { from, limit: 2 }, (plan) => plans.add(plan));
    if (total === -1) total = page.total.total;
    out.push(...page.rows.map((r) => r.row.id));
    from = page.next ?? undefined;
  } while (from);
  return { ids: out, total };
}

/** Every city and cuisine, with and without q, and q alone: the search's dishes against a join on the restaurant's own columns. */
async function expectSearchesMatchJoin() {
  const [cities, cuisines] = await Promise.all([db().city.findMany({ select: { id: true, slug: true } }), db().cuisine.findMany({ select: { id: true, slug: true } })]);
  const texts = await db().menuItem.findMany({ select: { searchText: true }, orderBy: { id: "asc" } });
  // Terms of one to four characters from the dishes' own text, so that most of them match.
  const terms = [undefined, "a", ...texts.filter((_, i) => i % 3 === 0).map((t, i) => t.searchText.slice(i % 5, (i % 5) + 3 + (i % 2)))];
  // And the trigram in most dishes (q anywhere then walks the menus), and one in none.
  const counts = new Map<string, number>();
  for (const { searchText } of texts) for (const t of new Set([...searchText].map((_, i, cs) => cs.slice(i, i + 3).join("")))) counts.set(t, (counts.get(t) ?? 0) + 1);
  terms.push([...counts].filter(([t]) => [...t].length === 3).sort((a, b) => b[1] - a[1])[0][0], "qxzq");
  let nonEmpty = 0;
  for (const [column, list, filter] of [
    ["cityId", cities, "city"],
    ["cuisineId", cuisines, "cuisine"],
  ] as const) {
    for (const { id, slug } of list) {
      for (const q of terms) {
        const reference = (
          await db().$queryRawUnsafe<Raw>(
            `SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
             WHERE r."isActive" AND r."menuPublished" AND c."isVisible" AND m."isAvailable" AND r."${column}" = $1 AND strpos(m."searchText", $2) > 0
             ORDER BY r."name", r."slug", c."position", m."position"`,
            id,
            q ?? "",
          )
        ).map((r) => Number(r.id));
        const found = await allPages({ [filter]: slug, q });
        expect(found.ids, `${filter}=${slug} q=${q}`).toEqual(reference);
        expect(found.total, `${filter}=${slug} q=${q}`).toBe(reference.length);
        if (reference.length) nonEmpty++;
      }
    }
  }
  // And q anywhere, where the page may walk the menus instead of sorting the index's matches.
  for (const q of terms.slice(1)) {
    const reference = (
      await db().$queryRawUnsafe<Raw>(
        `SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
         WHERE r."isActive" AND r."menuPublished" AND c."isVisible" AND m."isAvailable" AND strpos(m."searchText", $1) > 0
         ORDER BY r."name", r."slug", c."position", m."position"`,
        q,
      )
    ).map((r) => Number(r.id));
    const found = await allPages({ q });
    expect(found.ids, `q=${q}`).toEqual(reference);
    expect(found.total, `q=${q}`).toBe(reference.length);
  }
  expect(nonEmpty).toBeGreaterThan(10);
}

/**
 * Each dish filter alone and combined (q of two and more characters, diet, excluded allergens,
 * price), with values that match some dishes and values that match none: the search's dishes
 * against the same tests on a plain join, on the plan of the index's ids and on the others.
 */
async function expectFiltersMatchJoin(given?: string) {
  const items = await db().menuItem.findMany({ select: { searchText: true, tagKey: true, priceMinor: true }, orderBy: { id: "asc" } });
  const tags = [...new Set(items.flatMap((i) => i.tagKey.split(",").filter(Boolean)))].sort();
  const prices = items.map((i) => i.priceMinor).sort((a, b) => a - b);
  const [first] = await db().restaurant.findMany({ select: { currency: true }, orderBy: { id: "asc" }, take: 1 });
  const currency = given ?? first.currency;
  const qs = [undefined, items[3].searchText.slice(0, 2), items[7].searchText.slice(2, 4), items[5].searchText.slice(1, 5), "qj", "xqzvwk"];
  const diets = [[], [tags[0]], [tags[tags.length - 1], tags[0]], ["no-such-diet"]];
  const masks = [0, 1 << 7, 1 << 0, (1 << 14) - 1];
  const maxPrices = [undefined, 0, prices[Math.floor(prices.length / 2)], prices[prices.length - 1]];
  let n = 0;
  let nonEmpty = 0;
  for (const q of qs)
    for (const diet of diets)
      for (const excludeMask of masks)
        for (const maxPriceMinor of maxPrices) {
          // A deterministic third of the combinations, every value of each still taken.
          if (n++ % 3 !== 0) continue;
          const cond = [`r."isActive" AND r."menuPublished" AND c."isVisible" AND m."isAvailable"`];
          const params: unknown[] = [];
          if (q) cond.push(`strpos(m."searchText", $${params.push(q)}) > 0`);
          for (const tag of diet) cond.push(`m."tagKey" LIKE $${params.push(`%,${tag},%`)}`);
          cond.push(`(m."allergenMask" & ${excludeMask}) = 0`);
          if (maxPriceMinor !== undefined) cond.push(`m."priceMinor" <= ${maxPriceMinor} AND r."currency" = $${params.push(currency)}`);
          const reference = (
            await db().$queryRawUnsafe<Raw>(
              `SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
               WHERE ${cond.join(" AND ")} ORDER BY r."name", r."slug", c."position", m."position"`,
              ...params,
            )
          ).map((r) => Number(r.id));
          const filters = { q, diet, excludeMask, ...(maxPriceMinor !== undefined ? { maxPriceMinor, currency } : {}) };
          const found = await allPages(filters);
          expect(found.ids, JSON.stringify(filters)).toEqual(reference);
          expect(found.total, JSON.stringify(filters)).toBe(reference.length);
          if (reference.length) nonEmpty++;
        }
  expect(nonEmpty).toBeGreaterThan(given ? 0 : 5);
}

/** `n` available dishes "<word> <i>" in a new visible section of restaurant `restaurantId`. */
async function addDishes(restaurantId: number, word: string, n: number) {
  const category = await db().category.create({ data: { restaurantId, position: 99, name: word, translations: {}, isVisible: true } });
  const values = Array.from({ length: n }, (_, i) => `(${category.id}, ${i}, '${word} ${i}', '{}', 100, TRUE, '[]', '[]', '${word} ${i}', '', 0)`).join(", ");
  await db().$executeRawUnsafe(
    `INSERT INTO "MenuItem" ("categoryId", "position", "name", "translations", "priceMinor", "isAvailable", "tags", "allergens", "searchText", "tagKey", "allergenMask") VALUES ${values}`,
  );
}

beforeAll(async () => {
  await database.open();
}, 120_000);

afterAll(async () => {
  await database.close();
});

describe("PostgreSQL dish scope", () => {
  it("is set on import", async () => {
    expect(await db().menuItem.count()).toBeGreaterThan(10);
    expect(await stale()).toBe(0);
    await expectSearchesMatchJoin();
    // And with the index's matches never carried as ids: the page either sorts them or walks.
    const max = dishIdList.max;
    dishIdList.max = 0;
    try {
      await expectSearchesMatchJoin();
    } finally {
      dishIdList.max = max;
    }
  });

  it("follows restaurants, sections and dishes that move, and cannot be written", async () => {
    const restaurants = await db().restaurant.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    const cities = await db().city.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    const cuisines = await db().cuisine.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    // Every restaurant published, so that each move shows in the search.
    await db().restaurant.updateMany({ data: { isActive: true, menuPublished: true } });
    for (const [i, r] of restaurants.entries()) {
      await db().restaurant.update({ where: { id: r.id }, data: { cityId: cities[(i + 1) % cities.length].id } });
      await db().restaurant.update({ where: { id: r.id }, data: { cuisineId: i % 3 === 0 ? null : cuisines[(i + 2) % cuisines.length].id } });
    }
    expect(await stale()).toBe(0);

    const sections = await db().category.findMany({ select: { id: true, restaurantId: true }, orderBy: { id: "asc" } });
    const moved = sections[0];
    // Positions past every other: the search's order (restaurant, section and dish position) stays one of a kind.
    await db().category.update({ where: { id: moved.id }, data: { restaurantId: restaurants[restaurants.length - 1].id, position: 1000 } });
    const dish = await db().menuItem.findFirstOrThrow({ where: { categoryId: sections[1].id }, select: { id: true } });
    await db().menuItem.update({ where: { id: dish.id }, data: { categoryId: sections[sections.length - 1].id, position: 1000 } });
    await db().menuItem.create({
      data: { categoryId: sections[2].id, position: 1001, name: "Added later", translations: {}, priceMinor: 100, tags: [], allergens: [], searchText: "added later" },
    });
    expect(await stale()).toBe(0);

    // The copies are the triggers' alone: a direct write is replaced with the true values.
    await db().$executeRawUnsafe(`UPDATE "MenuItem" SET "scopeCityId" = 999999, "scopeCuisineId" = NULL WHERE "id" = $1`, dish.id);
    expect(await stale()).toBe(0);

    await expectSearchesMatchJoin();
  });

  it("survives a re-import of the menus", async () => {
    await database.importFixture();
    expect(await stale()).toBe(0);
    await expectSearchesMatchJoin();
  });

  it("answers every combination of q, diet, allergens and price like a join, on every plan", async () => {
    await db().$executeRawUnsafe(`ANALYZE "MenuItem"`);
    await expectFiltersMatchJoin();
    const max = dishIdList.max;
    dishIdList.max = 0;
    try {
      await expectFiltersMatchJoin();
    } finally {
      dishIdList.max = max;
    }
  }, 120_000);

  it("answers the same in a currency of a few cities, with them as the place of a long q and without", async () => {
    // Twelve cities more (none of them a restaurant's), so that a currency in up to three narrows;
    // XTS: every other restaurant of one city.
    const country = await db().country.findFirstOrThrow();
    for (let i = 0; i < 12; i++) await db().city.create({ data: { slug: `extra-${i}`, name: `Extra ${i}`, nameKey: `extra ${i}`, countryId: country.id } });
    const [city] = await db().restaurant.findMany({ select: { cityId: true }, where: { cityId: { not: null } }, orderBy: { id: "asc" }, take: 1 });
    await db().$executeRawUnsafe(`UPDATE "Restaurant" SET "currency" = 'XTS' WHERE "cityId" = $1 AND "id" % 2 = 0`, city.cityId);
    for (const on of [true, false]) {
      cityNarrowing.on = on;
      try {
        await expectFiltersMatchJoin("XTS");
        await expectFiltersMatchJoin();
      } finally {
        cityNarrowing.on = true;
      }
    }
    // A currency no restaurant has: nothing to read.
    const { searchText } = await db().menuItem.findFirstOrThrow({ select: { searchText: true }, orderBy: { id: "asc" } });
    const q = searchText.slice(0, 4);
    expect((await searchPublishedDishes({ q, diet: [], excludeMask: 0 }, { limit: 5 })).rows.length).toBeGreaterThan(0);
    const none: string[] = [];
    await searchPublishedDishes({ q, diet: [], excludeMask: 0, maxPriceMinor: 1_000_000, currency: "XXX" }, { limit: 5 }, (p) => none.push(p));
    expect(none).toEqual(["none"]);
  }, 120_000);

  it("cuts the walk short when the matches sit on the last menus in name order, and walks when they lead it", async () => {
    // Forty menus more, so that where matches sit in name order weighs; then two words with the
    // same number of matches (the walk's same estimate) on the five first or five last menus.
    const owner = await db().account.findFirstOrThrow();
    for (let i = 0; i < 40; i++) {
      const r = await db().restaurant.create({
        data: { slug: `pad-${i}`, name: `Pad ${String(i).padStart(2, "0")}`, currency: "EUR", defaultLanguage: "en", languages: ["en"], searchText: `pad ${i}`, menuPublished: true, ownerId: owner.id },
      });
      await addDishes(r.id, "filler", 10);
    }
    const open = await db().restaurant.findMany({ where: { isActive: true, menuPublished: true }, select: { id: true }, orderBy: [{ name: "asc" }, { slug: "asc" }] });
    for (const r of open.slice(0, 5)) await addDishes(r.id, "qzlead", 30);
    for (const r of open.slice(-5)) await addDishes(r.id, "qztail", 30);
    await db().$executeRawUnsafe(`ANALYZE "MenuItem"`);
    const max = dishIdList.max;
    dishIdList.max = 0;
    try {
      // Both walk (PostgreSQL has no cheap sample of where matches sit): one meets its page within the walk's bound, the other is cut there.
      for (const [word, plan] of [["qzlead", ["walk"]], ["qztail", ["walk", "walk-cut"]]] as const) {
        const reference = (
          await db().$queryRawUnsafe<Raw>(
            `SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
             WHERE r."isActive" AND r."menuPublished" AND c."isVisible" AND m."isAvailable" AND strpos(m."searchText", $1) > 0
             ORDER BY r."name", r."slug", c."position", m."position"`,
            word,
          )
        ).map((r) => Number(r.id));
        expect(reference.length).toBe(150);
        const seen: string[] = [];
        await searchPublishedDishes({ q: word, diet: [], excludeMask: 0 }, { limit: 2 }, (p) => seen.push(p));
        expect(seen, word).toEqual(plan);
        const found = await allPages({ q: word });
        expect(found.ids, word).toEqual(reference);
      }
    } finally {
      dishIdList.max = max;
    }
  }, 120_000);

  it("ranks each window of 100 matches by how the words match, on every plan; a plain key (a cursor from before) starts a window", async () => {
    // On the forty menus above: a dishes section and a drinks section each, whose names and
    // descriptions hold "ramen" at a word start, inside a word, or not at all.
    const pads = await db().restaurant.findMany({ where: { slug: { startsWith: "pad-" } }, select: { id: true } });
    const kinds = ["ramen bowl", "shoyuramen", "bowl", "cold ramen"];
    for (const [n, r] of pads.entries()) {
      for (const [position, section] of [[97, "Mains"], [98, "Drinks"]] as const) {
        const category = await db().category.create({ data: { restaurantId: r.id, position, name: section, translations: {}, isVisible: true } });
        const values = Array.from({ length: 4 }, (_, i) => {
          const name = kinds[(n + i) % kinds.length];
          const text = `${name} ${i % 2 ? "with ramen broth" : "plain"}`;
          return `(${category.id}, ${i}, '${name}', '{}', 100, TRUE, '[]', '[]', '${text}', '${(n + i) % 3 ? ",vegan," : ""}', 0)`;
        });
        await db().$executeRawUnsafe(
          `INSERT INTO "MenuItem" ("categoryId", "position", "name", "translations", "priceMinor", "isAvailable", "tags", "allergens", "searchText", "tagKey", "allergenMask") VALUES ${values.join(", ")}`,
        );
      }
    }
    await db().$executeRawUnsafe(`ANALYZE "MenuItem"`);
    const max = dishIdList.max;
    try {
      for (const listIds of [true, false])
        for (const [q, diet] of [["ramen", []], ["amen", []], ["bowl", ["vegan"]], [undefined, ["vegan"]], ["r", []]] as const)
          for (const limit of q === "r" ? [50] : [9, 50]) {
            dishIdList.max = listIds ? max : 0;
            const f = { ...(q ? { q } : {}), diet: [...diet], excludeMask: 0 };
            const cond = [`r."isActive" AND r."menuPublished" AND c."isVisible" AND m."isAvailable"`];
            if (q) cond.push(`strpos(m."searchText", '${q}') > 0`);
            for (const tag of diet) cond.push(`m."tagKey" LIKE '%,${tag},%'`);
            const rows = await db().$queryRawUnsafe<{ id: number | bigint; name: string; section: string }[]>(
              `SELECT m."id", m."name", c."name" AS section FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"
               WHERE ${cond.join(" AND ")} ORDER BY r."name", r."slug", c."position", m."position"`,
            );
            const reference = rows.map((r) => Number(r.id));
            const info = new Map(rows.map((r) => [Number(r.id), { names: [r.name], sections: [r.section] }]));
            const want = expectedOrder(reference, info, q, (section) => section === "Drinks");
            const pages = Math.ceil(reference.length / limit) + 1;
            const got = await rankedWalk(searchPublishedDishes, f, limit, pages);
            expect(got.ids, JSON.stringify({ f, limit, listIds })).toEqual(want);
            expect(got.total).toBe(Math.min(reference.length, 100));
            if (q === "ramen") expect(reference.length).toBeGreaterThan(100);
            if (limit !== 50) continue;
            const start = Math.floor(reference.length / 3);
            const plain = await searchPublishedDishes(f, { limit: start + 1 });
            const later = await rankedWalk(searchPublishedDishes, f, limit, pages, plain.next!);
            expect(later.ids).toEqual(expectedOrder(reference.slice(start + 1), info, q, (section) => section === "Drinks"));
          }
    } finally {
      dishIdList.max = max;
    }
  }, 240_000);

  it("took every way to the dishes on the way", () => {
    expect([...plans].sort()).toEqual(["id-list", "index-sorted", "none", "walk", "walk-cut"]);
  });
});
