// Dish search: every available item of a visible category of a published restaurant. The only
// module that queries menu items for search.
//
// Order: restaurant name, restaurant slug, section, dish (the order of the menus themselves), or
// with near the distance first (then read restaurant first: lib/data/search-scan.ts groupedRows).
// Every filter is SQL: the published/visible/available rule, city/cuisine ids,
// currency and price (minor units, one currency, never converted), q on the item's folded
// searchText, each diet tag as ",tag," in tagKey, excluded allergens as a bit mask
// (allergenMask & mask) = 0, near as a bounding box plus the circle, and "open at" as the
// restaurant's opening intervals at its zone's local minute (lib/data/search-scan.ts openAtSql), or
// when few are open in the search's place, those restaurants read off the intervals' index
// (openRestaurantIds; their dishes then read restaurant first).
//
// At scale: every dish filter is answerable from an index, so that a combination matching few or
// no dishes never walks every dish (issue #29: a diet tag nobody has 141.8 ms at 1 000 restaurants,
// 6 556 ms at 28 000; q with allergens that exclude all its matches 5.7 → 1 297 ms). On SQLite that
// is the FTS5 table "DishSearch" (migrations dish_search_index, dish_search_scope,
// dish_filter_index): q of 3+ characters as a phrase of trigrams (exactly a substring match), q of
// one or two as any trigram that starts with it (qTerms), the restaurant's city and cuisine, each
// diet tag, each allergen the dish does not declare and its price class, intersected by FTS5
// itself (dishMatch); with q, the allergens, the price and a tag in many dishes are tested on the
// rows of q's matches instead (each common token was sought in the index for every match). SQLite
// reads through a memory map (lib/db/prisma.ts), and a currency's cities narrow the index (currencyCities). On PostgreSQL it is pg_trgm on "searchText" with the dish's place in one GIN
// index (migration dish_scope_columns), and a GIN index over dish_facets (the same tokens, and the
// two-character pieces of the text for a short q; migration dish_filter_index).
// The index names the matches first (in id order on SQLite, up to dishIdList.max + 1): none, and
// there is nothing to walk; up to dishIdList.max, the page and the total read just those ids.
// Beyond, the cheaper of two ways, chosen here rather than by PostgreSQL's planner, whose guess of
// a substring's matches is off by 30× either way: start from the index's matches (sorted for the
// page), or walk the menus in result order checking each dish (the exact tests, which no index
// answers). A match read through the index costs about RANDOM_READ dishes walked (measured at 5
// million dishes); the walk meets a page after ~limit × candidates / matches dishes, and counts
// after at most all candidates (the dishes of the city or cuisine asked for, else every dish).
// SQLite chooses for the page and for the bounded total each. PostgreSQL chooses only for the page
// of q anywhere (the total may always use the index, its count stopping at the bound); within a
// place its planner does better than a walk it will not run in order. The exact tests stay on every
// plan (the index may hold a superset: price classes, a short q's trigrams): same rows either way.
import { databaseKind } from "../db/database-url";
import { Prisma } from "../db/generated/client";
import { db, readDb } from "../db/prisma";
import { dishSelect, type DishRow } from "../serializers/dish";
import { dishRank, RANK_WINDOW, translatedNames } from "../search/dish-rank";
import { bothCities, citiesWithin, isTrue, scanSearch, squaredDistanceSql, withinSql, type Key, type LoadedPage, type PageFrom, type RadiusCities, type ScanOptions, type ScanQuery } from "./search-scan";
import { anyOf, commonElementShares, countUpTo, ftsPhrase, idListOf, placeMatch, resolveDirectoryFilters, TRIGRAM } from "./restaurant-queries";

/** A dish read through the FTS index (random access, three joins) against one walked in order. */
const RANDOM_READ = 20;
/** SQLite: the sampled matches expected within a page's share (walkMeetsPage), and what one costs in dishes walked (its row, section and restaurant looked up). */
const SAMPLE_REACH = 4;
const SAMPLE_READ = 4;
/**
 * SQLite: up to this many matches are read from the index once, as ids, and the page and the
 * total join those ids instead of reading the index again: the trigram lists of q grow with the
 * data (2.4 of 6.3 ms for the typical filtered query at 5 million dishes). Past it, the ids would
 * cost more to carry than the second reading. A setting only so that the tests can take either path.
 */
export const dishIdList = { max: 1000 };

/** Menu items and restaurants (max ids), cached briefly: they only steer the plan, never a result. */
let sizes: { items: number; restaurants: number; at: number } | undefined;
async function sizeEstimate(): Promise<{ items: number; restaurants: number }> {
  if (sizes && Date.now() - sizes.at < 60_000) return sizes;
  const [row] = await readDb().$queryRaw<{ items: number | bigint | null; restaurants: number | bigint | null }[]>(
    Prisma.sql`SELECT (SELECT max("id") FROM "MenuItem") AS items, (SELECT max("id") FROM "Restaurant") AS restaurants`,
  );
  sizes = { items: Number(row?.items ?? 0), restaurants: Math.max(1, Number(row?.restaurants ?? 0)), at: Date.now() };
  return sizes;
}

/** Whether the cities of a currency or of a radius narrow the dish index (currencyCities, radiusCities): a setting only so that the tests can take either path. */
export const cityNarrowing = { on: true };

/**
 * The currency asked for (maxPrice comes with one) as a place: the cities that have a restaurant
 * in it, read now off the (currency, cityId) index (migration restaurant_currency_city), one index
 * seek a city. No index of dishes holds the currency, so the index's matches of a short q with
 * maxPrice were read and tested one by one for the few in the currency (q=fl + maxPrice in PLN,
 * 7 % of the restaurants: the total 452 ms at 100 000 restaurants, bench/results.md 2026-11-26);
 * as city tokens in the FTS query (SQLite), the index yields only the dishes of those cities (the
 * total's read 107 → 21 ms); on PostgreSQL, as the place of a q of 3+ characters. The rows are the same: every restaurant in the currency is in one of
 * these cities, and r."currency" is still tested. None: nothing to read. Undefined (no narrowing)
 * when a restaurant in it has no city, or when its cities are more than a quarter of all: an OR
 * of that many city tokens costs more than it narrows (EUR: 30 of 58).
 */
async function currencyCities(currency: string): Promise<number[] | undefined> {
  if (!cityNarrowing.on) return undefined;
  const max = await narrowingCities();
  if (max === 0) return undefined;
  const [cities, cityless] = await Promise.all([
    citiesOfCurrency(currency, max + 1),
    readDb().$queryRaw<unknown[]>(Prisma.sql`SELECT 1 AS one FROM "Restaurant" WHERE "currency" = ${currency} AND "cityId" IS NULL LIMIT 1`),
  ]);
  if (cities.length > max || cityless.length > 0) return undefined;
  return cities;
}

/** The cities that have a restaurant in `currency` (up to `limit`), one seek of the (currency, cityId) index a city. */
async function citiesOfCurrency(currency: string, limit?: number): Promise<number[]> {
  const rows = await readDb().$queryRaw<{ id: number | bigint }[]>(
    Prisma.sql`WITH RECURSIVE c(id) AS (SELECT min("cityId") FROM "Restaurant" WHERE "currency" = ${currency} UNION ALL SELECT (SELECT min(r."cityId") FROM "Restaurant" r WHERE r."currency" = ${currency} AND r."cityId" > c.id) FROM c WHERE c.id IS NOT NULL) SELECT id FROM c WHERE id IS NOT NULL${limit === undefined ? Prisma.empty : Prisma.sql` LIMIT ${limit}`}`,
  );
  return rows.map((c) => Number(c.id));
}

/** The most cities a place may name to narrow the dish index: a quarter of the directory's (a few dozen rows). */
async function narrowingCities(): Promise<number> {
  const [{ all }] = await readDb().$queryRaw<{ all: number | bigint }[]>(Prisma.sql`SELECT count(*) AS "all" FROM "City"`);
  return Math.floor(Number(all) / 4);
}

/**
 * SQLite, q with near: the cities of the restaurants within the radius (citiesWithin), as city
 * tokens of the FTS query, so that q's matches are those of a city or two instead of everywhere
 * (q=flottante near Warsaw: 7 033 → ~120), each still tested against the radius. Undefined when a
 * restaurant there has no city, or when the cities are more than narrowingCities allows.
 */
async function radiusCities(radius: RadiusCities): Promise<number[] | undefined> {
  if (!cityNarrowing.on || radius.cityless) return undefined;
  const max = await narrowingCities();
  return max === 0 || radius.ids.length > max ? undefined : radius.ids;
}

/**
 * Dishes a walk would check: every dish, or those of the restaurants the city/cuisine filter names;
 * with `near` (SQLite), only those of the restaurants within the radius, read from the (latitude,
 * longitude) index as the restaurant-first page reads them (restaurantFirst). Counted only as far
 * as `upTo`, when the caller compares the estimate with that and no more: a radius in a dense city
 * holds thousands of restaurants, and counting them all grew with the data.
 */
async function candidateEstimate(restaurantWhere: Prisma.Sql[] | null, near?: NonNullable<ScanOptions["near"]>, upTo = Infinity): Promise<number> {
  const { items, restaurants } = await sizeEstimate();
  const where = near ? [...(restaurantWhere ?? []), withinSql(near.center, near.radiusKm, squaredDistanceSql(near.center))] : restaurantWhere;
  if (!where) return items;
  const from = near ? restaurantFirst().from : Prisma.sql`FROM "Restaurant" r`;
  // Past this many restaurants the estimate exceeds upTo, whatever the rest would add.
  const cap = Number.isFinite(upTo) ? Math.ceil((upTo * restaurants) / Math.max(1, items)) + 1 : undefined;
  const counted = cap === undefined ? Prisma.sql`${from} WHERE ${Prisma.join(where, " AND ")}` : Prisma.sql`FROM (SELECT 1 AS one ${from} WHERE ${Prisma.join(where, " AND ")} LIMIT ${cap}) t`;
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(Prisma.sql`SELECT count(*) AS n ${counted}`);
  return (Number(row?.n ?? 0) * items) / restaurants;
}

/**
 * The matches of an index read stopped early, from how far into the ids its first ones reach:
 * SQLite's index yields them in id order, PostgreSQL's bitmap in the table's (insertion) order;
 * out of order, the largest id only reaches further, and the estimate errs low.
 */
async function matchEstimate(first: number[]): Promise<number> {
  const { items } = await sizeEstimate();
  return Math.max(first.length, Math.round((first.length * items) / Math.max(...first)));
}

/**
 * Whether walking the menus in result order from `from` meets the page (limit + 1 matches) within
 * the dishes that reading the index's matches costs. The walk's estimate, (limit + 1) × candidates
 * ÷ matches, holds when the matches spread evenly in name order, and they cluster: gnocchi is on
 * the menus of Italian restaurants, whose names start a third of the way into the names, so the
 * walk read 1.65 of 5 million dishes for a page (700 ms on SQLite, 1.5 s on PostgreSQL at 100 000
 * restaurants, bench/results.md). So a sample of the matches (the index's first, in id order, which says
 * nothing of the name) is put in result order: the restaurant of the sample's share of the page
 * is about where the walk meets the page, and the published restaurants up to it are counted on
 * the name index (no further than the budget allows) at the dishes a restaurant has on average.
 */
async function walkMeetsPage(o: {
  /** SELECT r."name" AS "name", r."slug" AS "slug" of each sampled match (repeats kept) */
  keys: Prisma.Sql;
  /** the matches sampled, of `matches` in all */
  sampled: number;
  matches: number;
  restaurants: WalkedRestaurants;
  from: Key | undefined;
  limit: number;
}): Promise<boolean> {
  const reach = Math.ceil(((o.limit + 1) * o.sampled) / Math.max(o.matches, o.sampled));
  const start = fromRestaurant(o.from);
  // MATERIALIZED: the sample's rows first; given ORDER BY name with a LIMIT, either planner may walk the name index instead.
  const keys = await readDb().$queryRaw<{ name: string; slug: string }[]>(
    Prisma.sql`WITH s AS MATERIALIZED (${o.keys}) SELECT "name", "slug" FROM s r ${start.length ? Prisma.sql`WHERE ${start[0]}` : Prisma.empty} ORDER BY "name", "slug" LIMIT ${reach}`,
  );
  const end = keys.length === reach ? [Prisma.sql`(r."name", r."slug") <= (${keys[reach - 1].name}, ${keys[reach - 1].slug})`] : [];
  const allowed = await walkBudget(o.matches);
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(
    Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 AS one ${o.restaurants.from} WHERE ${Prisma.join([...o.restaurants.where, ...start, ...end], " AND ")} LIMIT ${allowed + 1}) t`,
  );
  return Number(row?.n ?? 0) <= allowed;
}

/**
 * The restaurants a walk may read: as many dishes as reading the index's matches costs, RANDOM_READ
 * a match (on PostgreSQL, measured at 100 000 restaurants, 14–22 dishes walked: each match's heap,
 * section and restaurant page read at random), at the dishes a restaurant has on average.
 */
async function walkBudget(matches: number): Promise<number> {
  const { items, restaurants } = await sizeEstimate();
  return Math.floor((RANDOM_READ * matches * restaurants) / Math.max(1, items));
}

/** Restaurant r at or after the one a cursor's row is in (the row key leads with name and slug). */
function fromRestaurant(from: Key | undefined): Prisma.Sql[] {
  return from ? [Prisma.sql`(r."name", r."slug") >= (${from[0]}, ${from[1]})`] : [];
}

/** The restaurants a walk in name order reads: FROM "Restaurant" r and their conditions. */
interface WalkedRestaurants {
  from: Prisma.Sql;
  where: Prisma.Sql[];
}

/**
 * The published restaurants, in the place asked for, as the walk reads them. Anywhere, SQLite is
 * held to the name index: with a cursor, its statistics chose a skip-scan of the cuisine index
 * and a sort of every restaurant after the cursor (12 ms on page 5 at 100 000 restaurants).
 */
function walkedRestaurants(published: Prisma.Sql[], place: Prisma.Sql[]): WalkedRestaurants {
  const byName = databaseKind() === "sqlite" && !place.length ? Prisma.sql` INDEXED BY "Restaurant_isActive_menuPublished_name_slug_idx"` : Prisma.empty;
  return { from: Prisma.sql`FROM "Restaurant" r${byName}`, where: [...published, ...place] };
}

/** The largest share of the restaurants a walk's bound is sought past (walkBound): a setting only so that the tests, with a few hundred restaurants, take the bound. */
export const walkBounds = { maxShare: 0.1 };

/**
 * Where the walk from `from` stops (ScanQuery.walkUpTo): the restaurant walkBudget restaurants
 * further in name order, read off the name index; none when fewer remain. Restaurants outside
 * the currency asked for count too (the index has no currency): the bound errs short.
 */
async function walkBound(restaurants: WalkedRestaurants, from: Key | undefined, matches: number): Promise<Key | undefined> {
  const allowed = await walkBudget(matches);
  // Finding the bound reads that many entries of the name index, on every page, while the walk
  // usually meets its page within a few restaurants (a diet tag and an allergen: 4 → 11 ms at
  // 100 000 restaurants). Past a tenth of the restaurants, reading the matches costs a fair share
  // of walking everything anyway, and no bound is set.
  if (allowed > (await sizeEstimate()).restaurants * walkBounds.maxShare) return undefined;
  const start = fromRestaurant(from);
  const [row] = await readDb().$queryRaw<{ name: string; slug: string }[]>(
    Prisma.sql`SELECT r."name" AS "name", r."slug" AS "slug" ${restaurants.from} WHERE ${Prisma.join([...restaurants.where, ...start], " AND ")} ORDER BY r."name", r."slug" LIMIT 1 OFFSET ${allowed}`,
  );
  return row ? [row.name, row.slug] : undefined;
}

/** PostgreSQL: the tokens of a dish (migration dish_filter_index), as its GIN expression index has them. */
const FACETS = Prisma.raw(`"dish_facets"(m."searchText", m."tagKey", m."allergenMask", m."priceMinor")`);
/**
 * A token in more dishes than this is left to the row-by-row tests. Its bitmap must stay exact:
 * a lossy one (beyond work_mem) makes PostgreSQL recheck dish_facets on every row of its pages,
 * ~70 µs each (q=fl, 1.7 % of the dishes, in a cuisine: 1.5 s at 100 000 restaurants).
 */
const RARE = 0.002;

/** The conditions on dish_facets worth an index read: the rare tokens of q (two characters), diet, allergens and price. */
async function rareFacets(filters: DishFilters, qLength: number): Promise<Prisma.Sql[]> {
  const freq = await commonElementShares("MenuItem_facets_idx");
  const share = (token: string) => freq.get(token) ?? 0;
  const tokens = [...(qLength === 2 ? [`q${filters.q}`] : []), ...filters.diet.map((t) => `t${t}`), ...maskBits(filters.excludeMask).map((b) => `a${b}`)];
  const rare = tokens.filter((t) => share(t) < RARE);
  const out = rare.length ? [Prisma.sql`${FACETS} @> ARRAY[${Prisma.join(rare)}]::text[]`] : [];
  if (filters.maxPriceMinor !== undefined) {
    const classes = priceClassesUpTo(filters.maxPriceMinor).map((c) => `p${c}`);
    if (classes.reduce((total, c) => total + share(c), 0) < RARE) out.push(Prisma.sql`${FACETS} && ARRAY[${Prisma.join(classes)}]::text[]`);
  }
  return out;
}

/** How the dishes for q were found (SQLite: page, then total, "id-list" when the matches were carried as ids, "radius-cities" when near's cities narrowed the index; PostgreSQL: the page), for the tests. */
export type DishPlan = "fts-sorted" | "sample-sorted" | "walk" | "walk-cut" | "fts-count" | "walk-count" | "none" | "index-sorted" | "id-list" | "radius-cities";

const JOINS = Prisma.sql`JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId"`;

/**
 * The FROMs of the restaurant-first read (near; lib/data/search-scan.ts groupedRows). SQLite's
 * planner, given the published flags and a currency as well as the bounding box, walked every
 * published restaurant (the name index) for each batch instead of the box's range of the
 * (latitude, longitude) index, and then again for the dishes of the batch's few ids, and with q it
 * read the trigram index's matches anywhere for each batch: each grew with the data (q + near +
 * maxPrice 15.8× from 1 000 to 100 000 restaurants, issue #29). So on SQLite the batch of
 * restaurants comes from the box's index, and its dishes by the ids (NOT INDEXED still looks a
 * rowid up) from the menus themselves; the substring test of q is among the conditions on every
 * path, so the rows are the same.
 */
function restaurantFirst(): { from: Prisma.Sql; rowsFrom?: Prisma.Sql } {
  if (databaseKind() !== "sqlite") return { from: Prisma.sql`FROM "Restaurant" r` };
  return {
    from: Prisma.sql`FROM "Restaurant" r INDEXED BY "Restaurant_near_idx"`,
    rowsFrom: Prisma.sql`FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r NOT INDEXED ON r."id" = c."restaurantId"`,
  };
}



/** The parts of a dish search the dish index answers (migration dish_filter_index). */
export interface IndexedFilters {
  /** q of 3+ characters: a phrase of trigrams */
  q?: string;
  /** q of 1–2 characters: the trigrams that start with it (any of them) */
  qTerms?: string[];
  cityIds?: number[];
  cuisineIds?: number[];
  diet?: string[];
  excludeMask?: number;
  maxPriceMinor?: number;
}

/**
 * The FTS5 query: q as a phrase of trigrams in the dish's text (or, under three characters, any
 * trigram that starts with it), within the restaurant's city and cuisine when asked (the "scope"
 * column, migration dish_search_scope), each diet tag as the phrase ",tag," in "tags", each
 * excluded allergen as the token of dishes free of it and maxPrice as any price class up to its
 * own (migration dish_filter_index): the index intersects them, so a combination that matches few
 * dishes reads only those.
 */
export function dishMatch(f: IndexedFilters): string {
  const parts: string[] = [];
  if (f.q) parts.push(`"searchText" : ${ftsPhrase(f.q)}`);
  if (f.qTerms) parts.push(anyOf("searchText", f.qTerms));
  parts.push(...placeMatch({ cityIds: f.cityIds, cuisineIds: f.cuisineIds }));
  for (const tag of f.diet ?? []) parts.push(`"tags" : ${ftsPhrase(`,${tag},`)}`);
  for (const bit of maskBits(f.excludeMask ?? 0)) parts.push(`"scope" : ${ftsPhrase(facetToken("a", bit))}`);
  if (f.maxPriceMinor !== undefined) parts.push(priceMatch(f.maxPriceMinor));
  return parts.join(" AND ");
}

/** The FTS5 query of the price classes that may hold a price ≤ max. */
const priceMatch = (max: number) => anyOf("scope", priceClassesUpTo(max).map((c) => facetToken("p", c)));

/** The trigram of "free of allergen bit n" (a) or "price class n" (p) in "scope", as migration dish_filter_index writes it. */
export function facetToken(tag: "a" | "p", n: number): string {
  return tag + String.fromCharCode(0xe000, 0xe000 + n);
}

function maskBits(mask: number): number[] {
  return Array.from({ length: 31 }, (_, bit) => bit).filter((bit) => (mask & (1 << bit)) !== 0);
}

/**
 * A price's class, as both migrations dish_filter_index compute it: 0 for a price of 0 or less,
 * else its number of digits × 10 + its leading digit (2800 is 42). The classes up to a bound hold
 * every price up to it and a few up to twice it: the exact test stays in SQL.
 */
export function priceClass(minor: number): number {
  if (minor <= 0) return 0;
  const digits = String(Math.trunc(minor));
  return digits.length * 10 + Number(digits[0]);
}

/** Every class that may hold a price ≤ max. */
export function priceClassesUpTo(max: number): number[] {
  const top = priceClass(max);
  const classes = [0];
  for (let c = 11; c <= top; c++) if (c % 10 !== 0) classes.push(c);
  return classes;
}

/**
 * SQLite, q of one or two characters: the trigrams of the index that start with it (the text ends
 * with two U+F8FF, so every character starts one), read from its vocabulary "DishSearchTerms".
 * None: no dish has q. Past TERMS_MAX, q is too common for an OR of its trigrams to narrow
 * anything (a single letter starts hundreds): undefined, and the walk tests q row by row.
 */
async function qTerms(q: string): Promise<string[] | undefined> {
  const chars = [...q];
  const last = chars[chars.length - 1].codePointAt(0)!;
  if (last >= 0x10ffff) return undefined;
  const upper = chars.slice(0, -1).join("") + String.fromCodePoint(last + 1);
  const rows = await readDb().$queryRaw<{ term: string }[]>(
    Prisma.sql`SELECT term FROM "DishSearchTerms" WHERE term >= ${q} AND term < ${upper} LIMIT ${TERMS_MAX + 1}`,
  );
  return rows.length > TERMS_MAX ? undefined : rows.map((r) => r.term);
}

/**
 * SQLite: whether at least COMMON_SHARE of the dishes match `match` (an FTS5 query), judged by
 * how far into the ids the index's first 100 matches reach (~0.1 ms). A common token is tested on
 * the rows of q's matches rather than sought in the index for each (q=flottante + gluten-free, a
 * third of the dishes); a rare one narrows q's matches in the index (maxPrice=0: none, at once).
 */
async function isCommon(match: string): Promise<boolean> {
  const [row] = await readDb().$queryRaw<{ n: number | bigint; last: number | bigint | null }[]>(
    Prisma.sql`SELECT count(*) AS n, max(id) AS last FROM (SELECT rowid AS id FROM "DishSearch" WHERE "DishSearch" MATCH ${match} ORDER BY rowid LIMIT 100)`,
  );
  return Number(row?.n ?? 0) === 100 && 100 / Number(row?.last ?? Infinity) >= COMMON_SHARE;
}

/** The diet tags among `tags` that isCommon calls common. */
async function commonTags(tags: string[]): Promise<string[]> {
  const common: string[] = [];
  for (const tag of tags) if (await isCommon(`"tags" : ${ftsPhrase(`,${tag},`)}`)) common.push(tag);
  return common;
}

/** A token in at least this share of the dishes is tested on the rows (isCommon). */
const COMMON_SHARE = 0.1;

/** Trigrams that may stand for a short q in one FTS5 query (see qTerms). */
const TERMS_MAX = 200;

export interface DishFilters extends ScanOptions {
  /** folded with searchKey */
  q?: string;
  /** folded with textKey */
  city?: string;
  cuisine?: string;
  /** tags that must all be present */
  diet: string[];
  /** allergenMask bits that must all be absent */
  excludeMask: number;
  currency?: string;
  /** in minor units of currency */
  maxPriceMinor?: number;
}

/**
 * The exact tests of a dish's own filters, in SQL on its row m: each diet tag as ",tag," in
 * tagKey, no excluded allergen, the price bound. Every plan keeps them (an index may hold a superset).
 */
function rowTests(f: { diet?: string[]; excludeMask?: number; maxPriceMinor?: number }): Prisma.Sql[] {
  return [
    ...(f.diet ?? []).map((tag) => Prisma.sql`m."tagKey" LIKE ${`%,${tag},%`}`),
    ...(f.excludeMask ? [Prisma.sql`(m."allergenMask" & ${f.excludeMask}) = 0`] : []),
    ...(f.maxPriceMinor !== undefined ? [Prisma.sql`m."priceMinor" <= ${f.maxPriceMinor}`] : []),
  ];
}

/** One page of dishes after `from` (filters.openAt: open then, in SQL). */
export async function searchPublishedDishes(
  filters: DishFilters,
  page: PageFrom & { rank?: boolean },
  onPlan?: (plan: DishPlan) => void,
): Promise<LoadedPage<DishRow>> {
  // rank (the service's order, lib/search/dish-rank.ts): with q or diet and no near, each window
  // of RANK_WINDOW matches in menu order is ranked; every plan below then reads a window a page.
  const ranked = page.rank === true && !filters.near && (filters.q !== undefined || filters.diet.length > 0);
  const take = ranked ? RANK_WINDOW : page.limit;
  const ids = await resolveDirectoryFilters(filters);
  if (!ids) return { total: { total: 0, capped: false }, rows: [], next: null };
  // The open restaurants are read where the dishes can be: the city asked for, the currency's cities
  // (at 01:17 in Warsaw, the open ones among those in PLN are none, however many are open elsewhere).
  const openCities = filters.openAt ? bothCities(ids.cityIds, filters.currency ? await citiesOfCurrency(filters.currency) : undefined) : undefined;
  // SQLite: the cities of the currency narrow the dish index only: as r."cityId" IN (…) in the SQL, SQLite
  // walked those cities' restaurants and sorted them all for a page (q=fl + maxPrice: 1.5 → 97 ms)
  // where the walk by name meets one within a few restaurants.
  // With near, the box is the place already, and the city tokens only made the index's read longer (71 → 128 ms).
  const longQ = filters.q !== undefined && [...filters.q].length >= TRIGRAM;
  // Without q, the index is driven by the price classes, and the cities' tokens made that read
  // longer (maxPrice alone 8.2 → 147 ms at 100 000 restaurants, bench/results.md 14:44 UTC): q only.
  const currencyPlace = filters.currency && !filters.near && filters.q !== undefined && (databaseKind() === "sqlite" || longQ) ? await currencyCities(filters.currency) : undefined;
  // Read once: an open filter within the radius reads the same cities (scanSearch's nearCities).
  const nearCities = filters.near && filters.q !== undefined && databaseKind() === "sqlite" ? await citiesWithin(filters.near) : undefined;
  const radiusPlace = nearCities ? await radiusCities(nearCities) : undefined;
  if (radiusPlace) onPlan?.("radius-cities");
  const narrowed = currencyPlace ?? radiusPlace;
  const indexCityIds = narrowed ? (ids.cityIds ? ids.cityIds.filter((id) => narrowed.includes(id)) : narrowed) : ids.cityIds;
  if (indexCityIds?.length === 0) {
    onPlan?.("none");
    return { total: { total: 0, capped: false }, rows: [], next: null };
  }
  // PostgreSQL, q of 3+ characters: the cities are the place of the search, so that q and the
  // cities are one read of the (scopeCityId, trigrams) GIN index (q=flottante + maxPrice in PLN:
  // 264 → 67 ms at 100 000 restaurants). A shorter q has no trigram there, and the place only
  // changed the planner's walk (the same times within noise): left as it was.
  if (databaseKind() === "postgresql" && longQ) ids.cityIds = indexCityIds;
  const published = [isTrue(`r."isActive"`), isTrue(`r."menuPublished"`)];
  const place = [
    ...(ids.cityIds ? [Prisma.sql`r."cityId" IN (${Prisma.join(ids.cityIds)})`] : []),
    ...(ids.cuisineIds ? [Prisma.sql`r."cuisineId" IN (${Prisma.join(ids.cuisineIds)})`] : []),
  ];
  const restaurantWhere: Prisma.Sql[] = [...published, ...place];
  // SQLite: a unary + keeps the planner off the (currency, cityId) index, which serves
  // currencyCities only: given it, SQLite read the currency's restaurants from it and sorted them
  // all for a page, where the name index meets one in a few (maxPrice 8.2 → 147 ms at 100 000).
  if (filters.currency) restaurantWhere.push(databaseKind() === "sqlite" ? Prisma.sql`+r."currency" = ${filters.currency}` : Prisma.sql`r."currency" = ${filters.currency}`);
  const where: Prisma.Sql[] = [...restaurantWhere, isTrue(`c."isVisible"`), isTrue(`m."isAvailable"`)];
  // PostgreSQL: the same place read from the dish, so that q and the place are one scan of one GIN index.
  const scope =
    databaseKind() === "postgresql"
      ? [
          ...(ids.cityIds ? [Prisma.sql`m."scopeCityId" IN (${Prisma.join(ids.cityIds)})`] : []),
          ...(ids.cuisineIds ? [Prisma.sql`m."scopeCuisineId" IN (${Prisma.join(ids.cuisineIds)})`] : []),
        ]
      : [];
  where.push(...scope);
  if (filters.maxPriceMinor !== undefined) where.push(Prisma.sql`m."priceMinor" <= ${filters.maxPriceMinor}`);
  let from = Prisma.sql`FROM "MenuItem" m ${JOINS}`;
  const walked = walkedRestaurants(published, place);
  /** Whether walking in order meets the page soon enough, judged by the restaurants of a sample of the index's matches. */
  const walkMeetsPageOf = (keys: Prisma.Sql, sampled: number, matches: number) =>
    walkMeetsPage({ keys, sampled, matches, restaurants: walked, from: page.from, limit: take });
  /**
   * A walk chosen for the page stops where reading the index's matches would have cost as much,
   * and the page goes on from them (walkBound): the walk's estimate assumes matches spread evenly
   * in name order. Not with near, whose rows are read restaurant first by distance.
   */
  let walkUpTo: ScanQuery["walkUpTo"];
  /** PostgreSQL, from the index's matches: sorted apart from their read (ScanQuery.sortApart). */
  let sortApart = false;
  const boundedWalk = async (matches: number, indexFrom: Prisma.Sql, indexSortApart = false): Promise<ScanQuery["walkUpTo"]> => {
    if (filters.near) return undefined;
    const key = await walkBound(walked, page.from, matches);
    return key && { key, from: indexFrom, sortApart: indexSortApart, onCut: () => onPlan?.("walk-cut") };
  };
  let countFrom: Prisma.Sql | undefined;
  let countWhere: Prisma.Sql[] | undefined;
  /** The index's matches, when few enough to be carried as ids. */
  let listedIds: number[] | undefined;
  const qLength = filters.q ? [...filters.q].length : 0;
  const terms = filters.q && qLength < TRIGRAM && databaseKind() === "sqlite" ? await qTerms(filters.q) : undefined;
  const sqliteIndexed = databaseKind() === "sqlite" && (qLength >= TRIGRAM || terms !== undefined || filters.diet.length > 0 || filters.excludeMask !== 0 || filters.maxPriceMinor !== undefined);
  if (terms?.length === 0) {
    onPlan?.("none");
    return { total: { total: 0, capped: false }, rows: [], next: null };
  }
  if (sqliteIndexed) {
    // With q, its phrase (or trigrams) drives the index, and the allergen and price tokens, each
    // in most dishes, are tested on the dish rows instead: FTS5 seeks every token's doclist for
    // each of q's matches, ~4 µs a token a match (q=flottante with all 14 allergens excluded, 0
    // matches: 370 ms at 100 000 restaurants for the 7 033 matches × 14 tokens; the rows' test
    // reads each match once). The tests are exact, so the ids read are the same.
    // A diet tag or a price bound too (a tag's phrase is a dozen trigrams, a bound's an OR of
    // classes, each sought), unless few dishes have it: then the index names those few (a tag
    // nobody has, maxPrice=0: none, at once; testing each match's price instead, q=fl +
    // maxPrice=0 took 14.9 ms at 100 000 restaurants, bench/results.md 2026-11-26).
    const qDrives = qLength >= TRIGRAM || terms !== undefined;
    const rowTags = qDrives ? await commonTags(filters.diet) : [];
    const rowPrice = qDrives && filters.maxPriceMinor !== undefined && (await isCommon(priceMatch(filters.maxPriceMinor)));
    const match = dishMatch({
      ...(qLength >= TRIGRAM ? { q: filters.q } : terms ? { qTerms: terms } : {}),
      ...ids,
      cityIds: qDrives ? indexCityIds : ids.cityIds,
      diet: filters.diet.filter((tag) => !rowTags.includes(tag)),
      excludeMask: qDrives ? 0 : filters.excludeMask,
      maxPriceMinor: rowPrice ? undefined : filters.maxPriceMinor,
    });
    const tested = rowTests(qDrives ? { diet: rowTags, excludeMask: filters.excludeMask, maxPriceMinor: filters.maxPriceMinor } : {});
    const first = await idListOf(
      tested.length
        ? Prisma.sql`SELECT s.rowid AS id FROM "DishSearch" s CROSS JOIN "MenuItem" m ON m."id" = s.rowid WHERE s."DishSearch" MATCH ${match} AND ${Prisma.join(tested, " AND ")} ORDER BY s.rowid LIMIT ${dishIdList.max + 1}`
        : Prisma.sql`SELECT rowid AS id FROM "DishSearch" WHERE "DishSearch" MATCH ${match} ORDER BY rowid LIMIT ${dishIdList.max + 1}`,
    );
    if (first.length === 0) {
      onPlan?.("none");
      return { total: { total: 0, capped: false }, rows: [], next: null };
    }
    const listed = first.length <= dishIdList.max;
    // Past the list, the matches are estimated from how far into the ids the first ones reach
    // (the index yields them in id order): counting them cost as much as the walk it decides
    // against (q=fl, 23 694 matches, 60 ms at 28 000 restaurants).
    const matches = listed ? first.length : await matchEstimate(first);
    const candidates = await candidateEstimate(place.length ? [...published, ...place] : null);
    // With near, the total is counted among the dishes of the restaurants within the radius only:
    // weighed against every dish instead, the index's matches won and were all read, each tested
    // against the box (q=fl near a point with no restaurant: 10.7 → 475.1 ms from 1 000 to 100 000
    // restaurants, bench/results.md, 2026-11-26), where the box's restaurants were none or a few
    // thousand dishes.
    const indexCost = RANDOM_READ * matches;
    const countCandidates = filters.near ? await candidateEstimate([...published, ...place], filters.near, indexCost) : candidates;
    // The exact tests on every path (the diet, allergen and price ones below): they decide where
    // the menus are walked, and cost one test per row where the index already chose the rows.
    if (filters.q) where.push(Prisma.sql`instr(m."searchText", ${filters.q}) > 0`);
    // CROSS JOIN: SQLite keeps the index's matches as the outer loop.
    if (listed) {
      onPlan?.("id-list");
      listedIds = first;
    }
    const matched = listed
      ? Prisma.sql`FROM json_each(${JSON.stringify(first)}) j CROSS JOIN "MenuItem" m ON m."id" = j."value" ${JOINS}`
      : Prisma.sql`FROM "DishSearch" s CROSS JOIN "MenuItem" m ON m."id" = s.rowid AND s."DishSearch" MATCH ${match} ${JOINS}`;
    const walkEstimate = ((take + 1) * candidates) / matches;
    // The sample: enough of the first matches that about SAMPLE_REACH of them fall within the
    // page's share, and only when the walk is expected to cost more than reading them (a diet tag
    // and an allergen, a million matches: the walk meets a page within a hundred dishes).
    const sample = first.slice(0, Math.ceil((SAMPLE_REACH * matches) / (take + 1)));
    if (indexCost <= walkEstimate) {
      onPlan?.("fts-sorted");
      from = matched;
    } else if (
      !filters.near &&
      walkEstimate >= SAMPLE_READ * sample.length &&
      !(await walkMeetsPageOf(
        Prisma.sql`SELECT r."name" AS "name", r."slug" AS "slug" FROM json_each(${JSON.stringify(sample)}) j CROSS JOIN "MenuItem" m ON m."id" = j."value" ${JOINS} WHERE ${Prisma.join([...where, ...rowTests({ diet: filters.diet, excludeMask: filters.excludeMask })], " AND ")}`,
        sample.length,
        matches,
      ))
    ) {
      onPlan?.("sample-sorted");
      from = matched;
    } else {
      onPlan?.("walk");
      walkUpTo = await boundedWalk(matches, matched);
    }
    if (indexCost <= countCandidates) {
      onPlan?.("fts-count");
      countFrom = matched;
    } else {
      onPlan?.("walk-count");
      // With near, from the box's restaurants (the latitude index) to their dishes, as the page reads them.
      countFrom = filters.near
        ? Prisma.sql`${restaurantFirst().from} JOIN "Category" c ON c."restaurantId" = r."id" JOIN "MenuItem" m ON m."categoryId" = c."id"`
        : Prisma.sql`FROM "MenuItem" m ${JOINS}`;
    }
  } else if (filters.q && databaseKind() === "sqlite") {
    // A letter or two too common for the index to narrow: tested row by row on the walk.
    where.push(Prisma.sql`instr(m."searchText", ${filters.q}) > 0`);
  } else if (filters.q || filters.diet.length > 0 || filters.excludeMask !== 0 || filters.maxPriceMinor !== undefined) {
    // PostgreSQL. First the dishes that pass the dish's own tests, ignoring the joins, read
    // through the indexes that narrow them: the trigrams of q (pg_trgm), and the tokens of
    // dish_facets (migration dish_filter_index) that the statistics call rare, so that the
    // planner reads them from the GIN index (a common one it would test row by row: the function
    // costs ~70 µs a row). None: nothing to walk. Up to dishIdList.max: the page and the total read
    // those ids (a tag nobody has, or q with allergens that exclude all its matches, walked every
    // dish before: 2 299 and 1 946 ms at 28 000 restaurants, issue #29).
    const exact: Prisma.Sql[] = [];
    if (filters.q) exact.push(Prisma.sql`strpos(m."searchText", ${filters.q}) > 0`);
    exact.push(...rowTests(filters));
    // searchKey maps % _ \ to private-use characters in both the column and q: LIKE sees no wildcard.
    const like = qLength >= TRIGRAM ? Prisma.sql`m."searchText" LIKE ${`%${filters.q}%`}` : undefined;
    const facets = await rareFacets(filters, qLength);
    const narrowing = [...(like ? [like] : []), ...facets];
    // q anywhere, many matches: the planner guessed 199 or 8 870 matches for the 6 860 of queijo
    // (by ANALYZE sample), and sorted all of them for a page (78 ms at 100 000 restaurants) where
    // the walk by restaurant name takes a few. So the index's matches are counted here, as far as
    // the choice needs: they cost RANDOM_READ each, the walk (limit + 1) × candidates / matches,
    // and the index wins below the square root of their ratio. Within a city or cuisine it never
    // walked in order (it hashed every section instead: 91 ms), while the place's GIN index holds
    // only the matches there (647 of the 6 860), so that case stays with the planner, below.
    const threshold = like && !place.length ? Math.ceil(Math.sqrt(((take + 1) * (await candidateEstimate(null))) / RANDOM_READ)) : 0;
    const first = narrowing.length
      ? await idListOf(Prisma.sql`SELECT m."id" AS "id" FROM "MenuItem" m WHERE ${Prisma.join([...scope, ...narrowing, ...exact], " AND ")} LIMIT ${Math.max(dishIdList.max, threshold) + 1}`)
      : undefined;
    if (first?.length === 0) {
      onPlan?.("none");
      return { total: { total: 0, capped: false }, rows: [], next: null };
    }
    if (filters.q) where.push(exact[0]);
    if (first && first.length <= dishIdList.max) {
      onPlan?.("id-list");
      listedIds = first;
      where.push(Prisma.sql`m."id" IN (${Prisma.join(first)})`);
    } else if (like && !place.length) {
      // OFFSET 0 keeps the planner from folding the read of the matches into the join, where,
      // given ORDER BY name and a LIMIT, it walked the menus by name after all (q=ramen, 19 447
      // matches: 1.8 s at 100 000 restaurants). Not with near: its rows are read a batch of
      // restaurants at a time, and behind the fence each batch read every match again
      // (q=flottante + maxPrice + near: 100 ms → 1.2 s). And the page is sorted apart from the
      // join (ScanQuery.sortApart): a cursor or a walk's bound gave the planner its name order back.
      const matched = Prisma.sql`FROM (SELECT * FROM "MenuItem" m WHERE ${Prisma.join([like, ...facets], " AND ")} OFFSET 0) m ${JOINS}`;
      if (first!.length <= threshold) {
        onPlan?.("index-sorted");
        if (filters.near) where.push(like);
        else {
          from = matched;
          sortApart = true;
        }
      } else {
        onPlan?.("walk");
        countWhere = [like, ...facets];
        // The rows of q's matches could not be sampled here as on SQLite: their restaurants' keys
        // cost two random page reads a match (130 ms for the 2 292 of q=flottante).
        walkUpTo = await boundedWalk(await matchEstimate(first!), matched, true);
      }
    } else if (like) {
      where.push(like);
    }
  }
  where.push(...rowTests({ diet: filters.diet, excludeMask: filters.excludeMask }));
  const query: ScanQuery = {
    from,
    where,
    key: [Prisma.sql`r."name"`, Prisma.sql`r."slug"`, Prisma.sql`c."position"`, Prisma.sql`m."position"`],
    // Ranked: what dishRank reads comes with the window's rows, no second read.
    columns: [Prisma.sql`m."id" AS "id"`, ...(ranked ? RANK_COLUMNS : [])],
    countFrom,
    countWhere,
    walkUpTo,
    sortApart,
    // With near, only the restaurants of the listed dishes: the restaurant-first read otherwise
    // visits every restaurant within the radius for a handful of matches (q + diet + near, 17
    // matches: 10 ms at 1 000 restaurants, 563 ms at 100 000 on SQLite).
    // Without near (a few open restaurants, lib/data/search-scan.ts OPEN_GROUP), the restaurants in name order from any index.
    group: {
      ...(filters.near ? restaurantFirst() : { from: Prisma.sql`FROM "Restaurant" r`, rowsFrom: restaurantFirst().rowsFrom }),
      where: listedIds
        ? [...restaurantWhere, Prisma.sql`r."id" IN (SELECT c2."restaurantId" FROM "MenuItem" m2 JOIN "Category" c2 ON c2."id" = m2."categoryId" WHERE m2."id" IN (${Prisma.join(listedIds)}))`]
        : restaurantWhere,
      keyLength: 2,
    },
  };
  return scanSearch(
    query,
    { ...filters, openCities, nearCities },
    page,
    async (itemIds) => {
      const items = await db().menuItem.findMany({ where: { id: { in: itemIds } }, select: dishSelect });
      return new Map(items.map((item) => [item.id, item]));
    },
    ranked ? { window: RANK_WINDOW, rank: async (rows) => rows.map((row) => rankOf(row, filters.q)) } : undefined,
  );
}

/** The columns dishRank reads: the dish's and its section's names in every language. */
const RANK_COLUMNS = [
  Prisma.sql`m."name" AS "rankName"`,
  Prisma.sql`m."translations" AS "rankTranslations"`,
  Prisma.sql`c."name" AS "rankSection"`,
  Prisma.sql`c."translations" AS "rankSectionTranslations"`,
];

/** A window row's rank (dishRank) from RANK_COLUMNS; JSON comes as text from SQLite, parsed from PostgreSQL. */
function rankOf(row: Record<string, unknown>, q: string | undefined): number {
  const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
  const names = [String(row.rankName), ...translatedNames(json(row.rankTranslations))];
  const sections = [String(row.rankSection), ...translatedNames(json(row.rankSectionTranslations))];
  return dishRank({ names, sections }, q);
}
