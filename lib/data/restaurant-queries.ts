// Reads of published restaurants. The only module that queries restaurants for the public surfaces.
//
// Search stays flat as the data grows (docs/performance.md, "Search that stays flat"): every filter is answered from an
// index, never by scanning the table.
// - city / cuisine / no filter: the composite indexes (cityId|cuisineId, isActive, menuPublished,
//   name, slug) hand over the rows already in result order.
// - q (a substring of searchText): on PostgreSQL a pg_trgm GIN index answers Prisma's
//   `contains` (LIKE '%…%') directly for 3+ characters; for 2, which have no trigram, a rare pair
//   is read from the GIN index of the texts' two-character pieces first (pairMatches, migration
//   restaurant_pairs), a common one is checked row by row on the walk. On SQLite, LIKE '%…%' cannot use an index, so q of 3+
//   characters goes to the FTS5 trigram table "RestaurantSearch" (published rows only, kept in
//   sync by triggers; see the search_index migration): a phrase of trigrams is exactly a
//   substring match, and the table counts its matches without reading "Restaurant", within a
//   city or cuisine too (its scope column, migration restaurant_search_scope). The page of
//   results is then read from whichever side is cheaper: the matches (sorted), or the name index
//   walked in result order until `limit` rows contain q. q of 2 characters has no trigram of its
//   own, but a text of 3+ characters contains it exactly when one of its trigrams is q + c or c + q
//   for a character c of the texts (table "SearchCharacter", migration search_character): those
//   phrases, ORed, are the same matches. q of 1 character is checked row by row (it matches most
//   restaurants: the walk meets them at once).
// Results are identical on every path: same rows, ordered by name then slug, same total.
import { databaseKind } from "../db/database-url";
import { Prisma } from "../db/generated/client";
import { db, readDb, type Db } from "../db/prisma";
import { TOTAL_BOUND } from "../search/total-bound";
import { isTrue, scanSearch, type BoundedTotal, type Key, type LoadedPage, type ScanOptions, type ScanQuery } from "./search-scan";
import {
  listingFactsSelect,
  publishedRestaurantWhere,
  restaurantSelect,
  type ListingFactsRow,
  searchResultSelect,
  type RestaurantRow,
  type SearchResultRow,
} from "../serializers/restaurant";

/**
 * One menu is several queries (restaurant, categories, items), read in one transaction: an import
 * committing between them would otherwise produce a menu half old, half new — the old restaurant
 * row with the new categories, or old categories whose items are gone
 * (tests/fault/import-while-reading.test.ts). PostgreSQL's default READ COMMITTED takes a snapshot
 * per statement, REPEATABLE READ one for the whole transaction; SQLite's are serializable.
 * readDb(): on a replica when there are any (a transaction would otherwise go to the primary).
 */
export async function findPublishedRestaurant(slug: string): Promise<RestaurantWithPlace | null> {
  const client = readDb();
  const snapshot = databaseKind() === "postgresql" ? { isolationLevel: "RepeatableRead" as never } : undefined;
  // Interactive: Prisma runs a batch of one query without a transaction.
  const row = await client.$transaction((tx) => tx.restaurant.findFirst({ where: { slug, ...publishedRestaurantWhere }, select: withPlaceSelect }), snapshot);
  return (
    row && {
      row,
      place: {
        countryCode: row.city?.country.code ?? null,
        timeZone: row.city?.timeZone ?? null,
        citySlug: row.city?.slug ?? null,
        cityLanguage: row.city?.country.language ?? null,
      },
    }
  );
}

/**
 * Where a published restaurant is: the ISO 3166-1 alpha-2 code of its country (schema.org
 * addressCountry, og:locale), its city's IANA time zone (the menu page's open/closed line) and the
 * city's slug and language (its name in the page's language). For the pages' own use: the API
 * publishes the names only (contract section 2), and the serializer maps only the allowlist
 * (restaurantSelect's fields), so these stay private.
 */
export interface RestaurantPlace {
  countryCode: string | null;
  timeZone: string | null;
  /** the city's slug and its name's language: the city named in the page's language (lib/i18n/place-names.ts) */
  citySlug: string | null;
  cityLanguage: string | null;
}

export interface RestaurantWithPlace {
  row: RestaurantRow;
  place: RestaurantPlace;
}

// The place read in the menu's own query (more columns of the city row it joins anyway), so a
// menu page costs the queries of the JSON menu and not one more.
const withPlaceSelect = {
  ...restaurantSelect,
  city: {
    select: { ...restaurantSelect.city.select, slug: true, timeZone: true, country: { select: { ...restaurantSelect.city.select.country.select, code: true, language: true } } },
  },
} satisfies Prisma.RestaurantSelect;

/** The listing cards' facts of published restaurants (at most one listing page of slugs: 50). */
export async function findListingFacts(slugs: string[]): Promise<ListingFactsRow[]> {
  if (slugs.length === 0) return [];
  return readDb().restaurant.findMany({ where: { slug: { in: slugs.slice(0, 50) }, ...publishedRestaurantWhere }, select: listingFactsSelect });
}

export interface SearchFilters {
  /** folded with searchKey */
  q?: string;
  /** folded with textKey */
  city?: string;
  cuisine?: string;
  limit: number;
  /** keyset position: the page starts after this restaurant (name, slug) */
  after?: [string, string];
}

export interface SearchPage {
  /** matches counted up to TOTAL_BOUND (capped: more exist) */
  total: BoundedTotal;
  rows: SearchResultRow[];
  /** (name, slug) of this page's last row when there is a next page */
  next: [string, string] | null;
}

/** `onPlan` reports how SQLite found the rows (tests and benchmarks). */
export async function searchPublishedRestaurants(filters: SearchFilters, onPlan?: (plan: SqliteSearchPlan) => void): Promise<SearchPage> {
  // The city and cuisine filters name at most a few rows of small tables: resolved to ids first,
  // so the restaurant queries compare cityId/cuisineId and (for one id) read the composite index
  // in result order, stopping after `limit` rows instead of sorting every restaurant of the city.
  const ids = await resolveDirectoryFilters(filters);
  if (!ids) return { total: { total: 0, capped: false }, rows: [], next: null };
  if (filters.q && databaseKind() === "sqlite") return searchSqlite({ ...filters, ...ids, q: filters.q }, onPlan);
  return searchWithPrisma({ ...filters, ...ids });
}

export interface DirectoryIds {
  cityIds?: number[];
  cuisineIds?: number[];
}

/** The ids a city/cuisine filter (name or slug, folded) names; null when a filter names nothing. */
export async function resolveDirectoryFilters(filters: { city?: string; cuisine?: string }): Promise<DirectoryIds | null> {
  const [cities, cuisines] = await Promise.all([
    filters.city ? db().city.findMany({ where: { OR: [{ nameKey: filters.city }, { slug: filters.city }] }, select: { id: true } }) : undefined,
    filters.cuisine ? db().cuisine.findMany({ where: { OR: [{ nameKey: filters.cuisine }, { slug: filters.cuisine }] }, select: { id: true } }) : undefined,
  ]);
  if ((cities && cities.length === 0) || (cuisines && cuisines.length === 0)) return null;
  return { cityIds: cities?.map((c) => c.id), cuisineIds: cuisines?.map((c) => c.id) };
}

const idFilter = (ids: number[]) => (ids.length === 1 ? ids[0] : { in: ids });

/** A page of `limit` rows from `limit + 1` fetched: the extra row only says that there is a next page. */
function pageOf(total: BoundedTotal, rows: SearchResultRow[], limit: number): SearchPage {
  if (rows.length <= limit) return { total, rows, next: null };
  const last = rows[limit - 1];
  return { total, rows: rows.slice(0, limit), next: [last.name, last.slug] };
}

const bounded = (n: number): BoundedTotal => (n > TOTAL_BOUND ? { total: TOTAL_BOUND, capped: true } : { total: n, capped: false });

/** PostgreSQL (q via the pg_trgm index), and SQLite without q. */
async function searchWithPrisma(filters: SearchFilters & DirectoryIds): Promise<SearchPage> {
  // PostgreSQL, q of 2 characters: its few matches named by the pairs index first (pairMatches).
  const pairs = filters.q ? await pairMatches(filters.q) : undefined;
  if (pairs?.length === 0) return { total: bounded(0), rows: [], next: null };
  const where = {
    ...publishedRestaurantWhere,
    ...(filters.q ? { searchText: { contains: filters.q } } : {}),
    ...(pairs ? { id: { in: pairs } } : {}),
    ...(filters.cityIds ? { cityId: idFilter(filters.cityIds) } : {}),
    ...(filters.cuisineIds ? { cuisineId: idFilter(filters.cuisineIds) } : {}),
  };
  const after = filters.after ? { OR: [{ name: { gt: filters.after[0] } }, { name: filters.after[0], slug: { gt: filters.after[1] } }] } : {};
  // The count stops at TOTAL_BOUND + 1 rows: a short term matching most restaurants costs no more
  // than a rare one (docs/api.md, "Pagination"). It reads them in the page's order: without an order
  // Prisma sorts the bounded count by id, and PostgreSQL then walks the primary key filtering
  // every restaurant instead of reading the city or cuisine index (2.1× at 100 000 restaurants).
  const order = [{ name: "asc" as const }, { slug: "asc" as const }];
  const [count, rows] = await Promise.all([
    db().restaurant.count({ where, orderBy: order, take: TOTAL_BOUND + 1 }),
    db().restaurant.findMany({ where: { ...where, ...after }, select: searchResultSelect, orderBy: order, take: filters.limit + 1 }),
  ]);
  return pageOf(bounded(count), rows, filters.limit);
}

// ————— SQLite: q through the FTS5 trigram index —————

/** The trigram tokenizer indexes runs of 3 characters (code points); shorter queries have none. */
export const TRIGRAM = 3;

/** q as an FTS5 phrase: every character literal, quotes doubled. */
export function ftsPhrase(q: string): string {
  return `"${q.replaceAll('"', '""')}"`;
}

/**
 * The FTS5 query for "searchText contains q": q as a phrase (3+ characters); for 2 characters every
 * trigram holding q, q + c and c + q for each character c of the published texts (a superset:
 * migration search_character), ORed, or "" when there is no text at all; null for 1 character.
 * q=qj matching nothing walked every restaurant (45.6 → 451.6 ms from 1 000 to 28 000, issue #29);
 * these 2 × ~90 phrases are looked up in ~1 ms at either size.
 */
export async function ftsQuery(q: string): Promise<string | null> {
  const length = [...q].length;
  if (length >= TRIGRAM) return ftsPhrase(q);
  if (length < 2) return null;
  const characters = await readDb().$queryRaw<{ ch: string }[]>(Prisma.sql`SELECT "ch" FROM "SearchCharacter"`);
  return characters.flatMap(({ ch }) => [ftsPhrase(q + ch), ftsPhrase(ch + q)]).join(" OR ");
}

/**
 * The "RestaurantSearch" query of ftsQuery's `text` within the city and cuisine asked for (its
 * "scope" column, migration restaurant_search_scope): the index then names only the matches in
 * that place, where it named every match of q anywhere and each was looked up for its city
 * (q=auberge in Warsaw, 11 of 1 289 matches: 4.0 → 14.6 ms from 1 000 to 100 000 restaurants).
 * The text is held to its own column: a folded q may hold private-use characters (searchKey's
 * stand-ins for % _ \), which a scope token is made of.
 */
export function restaurantMatch(text: string, place: DirectoryIds): string {
  return [`"searchText" : (${text})`, ...placeMatch(place)].join(" AND ");
}

/** A city and cuisine filter as FTS5 queries of the "scope" column (RestaurantSearch, DishSearch): any of the ids. */
export function placeMatch(place: DirectoryIds): string[] {
  return [
    ...(place.cityIds ? [anyOf("scope", place.cityIds.map((id) => scopeToken("c", id)))] : []),
    ...(place.cuisineIds ? [anyOf("scope", place.cuisineIds.map((id) => scopeToken("k", id)))] : []),
  ];
}

/** Any of `tokens` in `column` of an FTS5 table, as an FTS5 query. */
export const anyOf = (column: string, tokens: string[]) => `"${column}" : (${tokens.map(ftsPhrase).join(" OR ")})`;

/** The one trigram that names a city (c) or cuisine (k) in "scope", as the migrations write it (dish_search_scope, restaurant_search_scope). */
export function scopeToken(tag: "c" | "k", id: number): string {
  return tag + String.fromCharCode(0xe000 + Math.floor(id / 6400), 0xe000 + (id % 6400));
}

const PUBLISHED = Prisma.sql`r."isActive" = 1 AND r."menuPublished" = 1`;
const ORDER = Prisma.sql`ORDER BY r."name", r."slug"`;

function structuredConditions(filters: DirectoryIds): Prisma.Sql[] {
  const out = [PUBLISHED];
  const column = (name: string, ids: number[]) =>
    ids.length === 1 ? Prisma.sql`r.${Prisma.raw(`"${name}"`)} = ${ids[0]}` : Prisma.sql`r.${Prisma.raw(`"${name}"`)} IN (${Prisma.join(ids)})`;
  if (filters.cityIds) out.push(column("cityId", filters.cityIds));
  if (filters.cuisineIds) out.push(column("cuisineId", filters.cuisineIds));
  return out;
}

const and = (conditions: Prisma.Sql[]) => Prisma.join(conditions, " AND ");

async function countOf(sql: Prisma.Sql): Promise<number> {
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(sql);
  return Number(row?.n ?? 0);
}

/** count(*) of `FROM … WHERE …`, reading no more than `bound` + 1 rows. */
export function countUpTo(fromWhere: Prisma.Sql, bound: number): Promise<number> {
  return countOf(Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 AS one ${fromWhere} LIMIT ${bound + 1}) t`);
}

async function idsOf(sql: Prisma.Sql): Promise<number[]> {
  return (await readDb().$queryRaw<{ id: number | bigint }[]>(sql)).map((r) => Number(r.id));
}

/**
 * The ids a query selects (as "id"), ascending, read as one JSON array: Prisma makes an object of
 * every row it returns, and for the thousand matches of a common q that was most of the read
 * (1 206 ids of q=auberge at 100 000 restaurants: 4.15 ms as rows, 1.75 ms as one array).
 */
export async function idListOf(sql: Prisma.Sql): Promise<number[]> {
  const list = databaseKind() === "sqlite" ? Prisma.sql`json_group_array(t."id")` : Prisma.sql`coalesce(json_agg(t."id"), '[]'::json)::text`;
  const [row] = await readDb().$queryRaw<{ ids: string }[]>(Prisma.sql`SELECT ${list} AS ids FROM (${sql}) t`);
  return (JSON.parse(row?.ids ?? "[]") as number[]).sort((a, b) => a - b);
}

/** Published restaurants, cached briefly: only steers the choice of plan, never a result. */
let publishedCount: { value: number; at: number } | undefined;
async function publishedEstimate(): Promise<number> {
  if (publishedCount && Date.now() - publishedCount.at < 60_000) return publishedCount.value;
  const value = await countOf(Prisma.sql`SELECT count(*) AS n FROM "RestaurantSearch"`);
  publishedCount = { value, at: Date.now() };
  return value;
}

/**
 * SQLite: what a match read through the id list costs, in entries of a name index walked (which
 * hold searchText, migration restaurant_walk_text: 0.74 µs an entry at 100 000 restaurants). Its
 * row looked up and sorted with the others: 0.96 µs (sorted). With an open filter, the test of
 * its opening intervals too: 5.5 µs (open), where the walk tests the intervals of q's matches only.
 */
const LIST_READ = { sorted: 1.3, open: 7 };

/**
 * The matches of q above which walking a name index in order until `limit` of them turn up
 * (~limit × candidates ÷ matches entries, the candidates being the published restaurants the walk
 * may read) costs less than reading them all through the id list (`listRead` entries a match):
 * past √(limit × candidates ÷ listRead), q is common enough to walk.
 */
function walkThreshold(limit: number, listRead: number, candidates: number): number {
  return Math.ceil(Math.sqrt((limit * candidates) / listRead));
}

/** How the rows are found, for EXPLAIN in the benchmark and the tests. */
export type SqliteSearchPlan = "scan" | "fts-sorted" | "name-walk" | "filter-walk" | "fts-filtered";

async function searchSqlite(filters: SearchFilters & DirectoryIds & { q: string }, onPlan?: (plan: SqliteSearchPlan) => void): Promise<SearchPage> {
  const { q, limit } = filters;
  const structured = structuredConditions(filters);
  const substring = Prisma.sql`instr(r."searchText", ${q}) > 0`;
  const narrowed = structured.length > 1;
  // The page: after the cursor's (name, slug), one row more than asked to see whether a next page exists.
  const after = filters.after ? [Prisma.sql`(r."name", r."slug") > (${filters.after[0]}, ${filters.after[1]})`] : [];
  const page = Prisma.sql`${ORDER} LIMIT ${limit + 1}`;
  let plan: SqliteSearchPlan;
  let total: number;
  let ids: number[];

  const text = await ftsQuery(q);
  if (text === "") {
    onPlan?.("fts-sorted");
    return { total: bounded(0), rows: [], next: null };
  }
  if (text === null) {
    // No trigram to look up (1 character): check each candidate row, in name order, until the page
    // is full; the count stops at its bound, so a term in most names costs no more than a rare one.
    plan = "scan";
    const where = [...structured, substring];
    [total, ids] = await Promise.all([
      countUpTo(Prisma.sql`FROM "Restaurant" r WHERE ${and(where)}`, TOTAL_BOUND),
      idsOf(Prisma.sql`SELECT r."id" FROM "Restaurant" r WHERE ${and([...where, ...after])} ${page}`),
    ]);
  } else if (narrowed && [...q].length < TRIGRAM) {
    // q of 2 characters and a city or cuisine: its ~180 phrases, ORed, cost more to intersect with
    // the place in the index than to count anywhere up to the place's restaurants (q=au in Warsaw
    // at 100 000 restaurants: 8.6 ms for the place's list), so the search starts from the smaller
    // side. The matches need counting only past the candidates (most texts have a common pair).
    const anywhere = restaurantMatch(text, {});
    const fts = Prisma.sql`FROM "RestaurantSearch" WHERE "RestaurantSearch" MATCH ${anywhere}`;
    const candidates = await countOf(Prisma.sql`SELECT count(*) AS n FROM "Restaurant" r WHERE ${and(structured)}`);
    const matches = await countUpTo(fts, candidates);
    if (candidates <= matches) {
      plan = "filter-walk";
      const where = [...structured, substring];
      [total, ids] = await Promise.all([
        countUpTo(Prisma.sql`FROM "Restaurant" r WHERE ${and(where)}`, TOTAL_BOUND),
        idsOf(Prisma.sql`SELECT r."id" FROM "Restaurant" r WHERE ${and([...where, ...after])} ${page}`),
      ]);
    } else {
      plan = "fts-filtered";
      const where = [Prisma.sql`s."RestaurantSearch" MATCH ${anywhere}`, ...structured];
      const from = Prisma.sql`FROM "RestaurantSearch" s CROSS JOIN "Restaurant" r ON r."id" = s.rowid`;
      [total, ids] = await Promise.all([
        countUpTo(Prisma.sql`${from} WHERE ${and(where)}`, TOTAL_BOUND),
        idsOf(Prisma.sql`SELECT r."id" ${from} WHERE ${and([...where, ...after])} ${page}`),
      ]);
    }
  } else {
    // The matches in the place asked for (the index's scope column) are read once, as ids, for
    // the plan, the total and the page: the phrase's trigram lists grow with the data (0.72 ms of
    // each reading for q=Adega do Fado at 100 000 restaurants). The index holds only published
    // restaurants, so the total is the list's length. The page comes from whichever side is
    // cheaper: the listed matches sorted, or the name index of the place walked in result order
    // until `limit` rows contain q (walkThreshold, from the restaurants there).
    const candidates = narrowed ? await countOf(Prisma.sql`SELECT count(*) AS n FROM "Restaurant" r WHERE ${and(structured)}`) : await publishedEstimate();
    const threshold = walkThreshold(limit, LIST_READ.sorted, candidates);
    const matched = await idListOf(
      Prisma.sql`SELECT rowid AS id FROM "RestaurantSearch" WHERE "RestaurantSearch" MATCH ${restaurantMatch(text, filters)} LIMIT ${Math.max(threshold, TOTAL_BOUND) + 1}`,
    );
    total = Math.min(matched.length, TOTAL_BOUND + 1);
    const walk = matched.length > threshold;
    plan = narrowed ? (walk ? "filter-walk" : "fts-filtered") : walk ? "name-walk" : "fts-sorted";
    ids =
      matched.length === 0
        ? []
        : walk
          ? await idsOf(Prisma.sql`SELECT r."id" FROM "Restaurant" r WHERE ${and([...structured, substring, ...after])} ${page}`)
          : await idsOf(
              Prisma.sql`SELECT r."id" FROM json_each(${JSON.stringify(matched)}) j CROSS JOIN "Restaurant" r ON r."id" = j."value"
                         WHERE ${and([...structured, ...after])} ${page}`,
            );
  }
  onPlan?.(plan);
  if (ids.length === 0) return { total: bounded(total), rows: [], next: null };
  const found = await db().restaurant.findMany({ where: { id: { in: ids } }, select: { id: true, ...searchResultSelect } });
  const byId = new Map(found.map(({ id, ...row }) => [id, row]));
  return pageOf(bounded(total), ids.flatMap((id) => byId.get(id) ?? []), limit);
}

// ————— near / open at: keyset scans (lib/data/search-scan.ts) —————

/** SQLite, q of 2+ characters (PostgreSQL: of 2, pairMatches): up to this many matches narrow the scan as an id list. */
const SCAN_MATCHES = 2000;

// ————— PostgreSQL: q of 2 characters through the pairs index —————

/**
 * PostgreSQL, q of 2 characters: a pair in at least this share of the texts is left to the
 * row-by-row test (the walk in name order meets it soon, and a bitmap of many rows would cost more);
 * a rarer one is read from the pairs index first. A setting only so that the tests can take
 * either path (0: never read, Infinity: always).
 */
export const restaurantPairs = { rare: 0.01 };

/** Per GIN index (a name in this code, never a client's): its common elements' shares, and when they were read. */
const elementShares = new Map<string, { freq: Map<string, number>; at: number }>();

/**
 * PostgreSQL: the share of rows holding each common element of a GIN index (its
 * most_common_elems, from the statistics ANALYZE keeps), cached for a minute: it only steers a
 * plan, never a result. An element it does not list is rarer than every one it does.
 */
export async function commonElementShares(index: string): Promise<Map<string, number>> {
  const cached = elementShares.get(index);
  if (cached && Date.now() - cached.at < 60_000) return cached.freq;
  const rows = await readDb().$queryRaw<{ elems: string[] | null; freqs: number[] | null }[]>(
    Prisma.sql`SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs::float8[] AS freqs FROM pg_stats WHERE tablename = ${index} LIMIT 1`,
  );
  const freq = new Map<string, number>();
  const { elems, freqs } = rows[0] ?? { elems: null, freqs: null };
  for (const [i, e] of (elems ?? []).entries()) freq.set(e, Number(freqs?.[i] ?? 0));
  elementShares.set(index, { freq, at: Date.now() });
  return freq;
}

/**
 * PostgreSQL, q of 2 characters: pg_trgm finds no trigram in it, so the count and the page tested
 * every published restaurant row by row, and a q in few or no texts read them all (q=qj: 17.5 →
 * 139.3 ms from 1 000 to 100 000 restaurants, 11.9 → 238.3 ms with limit 1; bench/results.md,
 * 2026-11-26). When the statistics call the pair rare, the GIN index of the texts' two-character
 * pieces (migration restaurant_pairs) names the published restaurants that have it: none, and
 * there is nothing to walk; up to SCAN_MATCHES, the search reads those ids. Undefined: not this
 * case (SQLite, another length), a common pair, or more matches than SCAN_MATCHES: the search
 * walks as before. The substring test stays on every plan (here and in the search): same rows.
 */
export async function pairMatches(q: string): Promise<number[] | undefined> {
  if (databaseKind() !== "postgresql" || [...q].length !== 2) return undefined;
  if (((await commonElementShares("Restaurant_searchText_pairs_idx")).get(q) ?? 0) >= restaurantPairs.rare) return undefined;
  const ids = await idsOf(
    Prisma.sql`SELECT r."id" FROM "Restaurant" r WHERE "restaurant_pairs"(r."searchText") @> ARRAY[${q}]::text[] AND strpos(r."searchText", ${q}) > 0 AND r."isActive" AND r."menuPublished" LIMIT ${SCAN_MATCHES + 1}`,
  );
  return ids.length > SCAN_MATCHES ? undefined : ids;
}

/** Restaurant search by distance and/or opening time: order (distance,) name, slug. */
export async function scanPublishedRestaurants(
  filters: ScanOptions & { q?: string; city?: string; cuisine?: string },
  page: { from?: Key; limit: number },
): Promise<LoadedPage<SearchResultRow>> {
  const ids = await resolveDirectoryFilters(filters);
  if (!ids) return { total: { total: 0, capped: false }, rows: [], next: null };
  const where: Prisma.Sql[] = [isTrue(`r."isActive"`), isTrue(`r."menuPublished"`)];
  if (ids.cityIds) where.push(Prisma.sql`r."cityId" IN (${Prisma.join(ids.cityIds)})`);
  if (ids.cuisineIds) where.push(Prisma.sql`r."cuisineId" IN (${Prisma.join(ids.cuisineIds)})`);
  if (filters.q) where.push(Prisma.sql`r."searchText" LIKE ${`%${filters.q}%`}`);
  const text = filters.q && databaseKind() === "sqlite" ? await ftsQuery(filters.q) : null;
  // Within the place asked for (the index's scope column), for one phrase: an OR of a short q's
  // ~180 costs more within a place than anywhere (the search above).
  const match = text ? restaurantMatch(text, [...(filters.q ?? "")].length >= TRIGRAM ? ids : {}) : text;
  let countByList = false;
  let pageByList = false;
  if (match !== null) {
    // The walk checks q row by row, so a rare q (or one matching nothing) read every restaurant of
    // the city, the cuisine or the world to find its few (q∅ + openAt 11× from 1 000 to 28 000
    // restaurants, issue #29). The trigram index names its matches first: none, and there is
    // nothing to walk; up to SCAN_MATCHES, the walk is narrowed to them (read once, as ids);
    // beyond, q is common and the walk meets its matches soon enough. LIKE stays: same rows.
    const matched = match === "" ? [] : await idListOf(Prisma.sql`SELECT rowid AS id FROM "RestaurantSearch" WHERE "RestaurantSearch" MATCH ${match} LIMIT ${SCAN_MATCHES + 1}`);
    if (matched.length === 0) return { total: { total: 0, capped: false }, rows: [], next: null };
    if (matched.length <= SCAN_MATCHES) {
      where.push(Prisma.sql`r."id" IN (SELECT value FROM json_each(${JSON.stringify(matched)}))`);
      // The name indexes hold searchText (migration restaurant_walk_text), and SQLite's planner,
      // which does not know the list's length, preferred walking one of them to the list: the
      // total read every published restaurant (q=auberge + openAt: 7 → 70 ms at 100 000
      // restaurants). The total reads the list (NOT INDEXED leaves the rowid lookups); the page
      // too unless q is common enough that the walk meets a page sooner (walkThreshold).
      if (!filters.near) {
        countByList = true;
        pageByList = matched.length <= walkThreshold(page.limit, filters.openAt ? LIST_READ.open : LIST_READ.sorted, await publishedEstimate());
      }
    }
  }
  // PostgreSQL, q of 2 characters: the same narrowing from the pairs index (pairMatches).
  const pairs = filters.q ? await pairMatches(filters.q) : undefined;
  if (pairs?.length === 0) return { total: { total: 0, capped: false }, rows: [], next: null };
  if (pairs) where.push(Prisma.sql`r."id" IN (${Prisma.join(pairs)})`);
  // near on SQLite: the bounding box's range of the (latitude, longitude) index. Given a cuisine or
  // city too, its planner read that filter's index instead: every restaurant of the cuisine in
  // the world, however far, where the box holds a few (issue #29). The radius is at most 50 km, so
  // the box is the narrower side wherever the data grows.
  const restaurants = filters.near && databaseKind() === "sqlite" ? Prisma.sql`"Restaurant" r INDEXED BY "Restaurant_near_idx"` : Prisma.sql`"Restaurant" r`;
  const byList = Prisma.sql`"Restaurant" r NOT INDEXED`;
  const query: ScanQuery = {
    from: Prisma.sql`FROM ${pageByList ? byList : restaurants}`,
    countFrom: countByList ? Prisma.sql`FROM ${byList}` : undefined,
    where,
    key: [Prisma.sql`r."name"`, Prisma.sql`r."slug"`],
    columns: [Prisma.sql`r."id" AS "id"`],
  };
  return scanSearch(query, { ...filters, openCities: ids.cityIds }, page, async (restaurantIds) => {
    const rows = await db().restaurant.findMany({ where: { id: { in: restaurantIds } }, select: { id: true, ...searchResultSelect } });
    return new Map(rows.map(({ id, ...row }) => [id, row]));
  });
}

/**
 * Where a restaurant appears on the site, whatever its state (the revalidation endpoint also
 * purges a restaurant that was just unpublished): its languages, city and cuisine.
 */
export async function findRestaurantPlacement(slug: string) {
  return db().restaurant.findUnique({
    where: { slug },
    select: {
      languages: true,
      city: { select: { slug: true, country: { select: { slug: true } } } },
      cuisine: { select: { slug: true } },
    },
  });
}

/** Published restaurants in slug order, one page after `afterSlug` (keyset paging for MCP resources/list). */
export async function listPublishedRestaurantsAfter(afterSlug: string | undefined, take: number): Promise<SearchResultRow[]> {
  return db().restaurant.findMany({
    where: { ...publishedRestaurantWhere, ...(afterSlug !== undefined ? { slug: { gt: afterSlug } } : {}) },
    select: searchResultSelect,
    orderBy: { slug: "asc" },
    take,
  });
}

/**
 * The next `take` published restaurants with their full menus after id `afterId`, in id order:
 * one batch of the bulk export (lib/export/export-restaurants.ts), keyset-paginated on the primary
 * key. Each batch is read in one transaction, like one menu (findPublishedRestaurant): an import
 * committing meanwhile cannot give a restaurant of the batch half an old menu.
 */
export async function readPublishedRestaurantBatch(afterId: number, take: number, client: Db = readDb()): Promise<(RestaurantRow & { id: number })[]> {
  const snapshot = databaseKind() === "postgresql" ? { isolationLevel: "RepeatableRead" as never } : undefined;
  return client.$transaction(
    (tx) => tx.restaurant.findMany({ where: { id: { gt: afterId }, ...publishedRestaurantWhere }, select: { id: true, ...restaurantSelect }, orderBy: { id: "asc" }, take }),
    snapshot,
  );
}
