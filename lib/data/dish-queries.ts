// Dish search: every available item of a visible category of a published restaurant. The only
// module that queries menu items for search.
//
// Order: restaurant name, restaurant slug, section, dish (the order of the menus themselves), or
// with near the distance first (then read restaurant first: lib/data/search-scan.ts groupedRows).
// Every filter is SQL: the published/visible/available rule, city/cuisine ids,
// currency and price (minor units, one currency, never converted), q on the item's folded
// searchText, each diet tag as ",tag," in tagKey, excluded allergens as a bit mask
// (allergenMask & mask) = 0, near as a bounding box plus the circle, and "open at" as the
// restaurant's opening intervals at its zone's local minute (lib/data/search-scan.ts openAtSql).
//
// q at scale: q of 3+ characters is looked up in a trigram index, and with city or cuisine the
// index also holds each dish's place, so it yields only the matches in that place. On SQLite that
// is the FTS5 table "DishSearch" (a phrase of trigrams is exactly a substring match; its "scope"
// column holds the place: dishMatch). On PostgreSQL it is one GIN index over the dish's copy of
// its restaurant's place ("scopeCityId", "scopeCuisineId", kept by triggers) and pg_trgm on
// "searchText" (migration dish_scope_columns). Then the cheaper of two ways, chosen here rather
// than by PostgreSQL's planner, whose guess of a substring's matches is off by 30× either way:
// start from the index's matches (sorted for the page), or walk the menus in result order checking
// each dish (instr or strpos, the same substring test, which no index answers). A match read
// through the index costs about RANDOM_READ dishes walked (measured at 5 million dishes); the walk
// meets a page after ~limit × candidates / matches dishes, and counts after at most all candidates
// (the dishes of the city or cuisine asked for, else every dish). SQLite chooses for the page and
// for the bounded total each, and reads a few matches once, as ids (dishIdList). PostgreSQL
// chooses only for the page of q anywhere (the total may always use the index, its count stopping
// at the bound); within a place its planner does better than a walk it will not run in order.
// Same rows either way.
import { databaseKind } from "../db/database-url";
import { Prisma } from "../db/generated/client";
import { db, readDb } from "../db/prisma";
import { dishSelect, type DishRow } from "../serializers/dish";
import { isTrue, scanSearch, type Key, type LoadedPage, type ScanOptions, type ScanQuery } from "./search-scan";
import { ftsPhrase, resolveDirectoryFilters, TRIGRAM } from "./restaurant-queries";

/** A dish read through the FTS index (random access, three joins) against one walked in order. */
const RANDOM_READ = 20;
/** Matches of q counted for the choice of plan; more than this and the walk wins anyway. */
const MATCHES_COUNTED = 50_000;
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

/** Dishes the walk would check: every dish, or those of the restaurants the city/cuisine filter names. */
async function candidateEstimate(restaurantWhere: Prisma.Sql[] | null): Promise<number> {
  const { items, restaurants } = await sizeEstimate();
  if (!restaurantWhere) return items;
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM "Restaurant" r WHERE ${Prisma.join(restaurantWhere, " AND ")}`);
  return (Number(row?.n ?? 0) * items) / restaurants;
}

/** How the dishes for q were found (SQLite: page, then total, and "id-list" when the matches were carried as ids; PostgreSQL: the page), for the tests. */
export type DishPlan = "fts-sorted" | "walk" | "fts-count" | "walk-count" | "none" | "index-sorted" | "id-list";

const JOINS = Prisma.sql`JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId" LEFT JOIN "City" ci ON ci."id" = r."cityId"`;

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
    from: Prisma.sql`FROM "Restaurant" r INDEXED BY "Restaurant_latitude_longitude_idx"`,
    rowsFrom: Prisma.sql`FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r NOT INDEXED ON r."id" = c."restaurantId" LEFT JOIN "City" ci ON ci."id" = r."cityId"`,
  };
}

/** count(*) of `FROM … WHERE …`, reading no more than `bound` + 1 rows. */
async function countUpTo(fromWhere: Prisma.Sql, bound: number): Promise<number> {
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 AS one ${fromWhere} LIMIT ${bound + 1}) t`);
  return Number(row?.n ?? 0);
}


/**
 * The FTS5 query: q as a phrase of trigrams in the dish's text, within the restaurant's city and
 * cuisine when asked (the "scope" column, migration dish_search_scope), so the index alone narrows
 * q to one place and neither the page nor the total reads the matches elsewhere.
 */
export function dishMatch(q: string, ids: { cityIds?: number[]; cuisineIds?: number[] }): string {
  const anyOf = (tag: "c" | "k", list: number[]) => `"scope" : (${list.map((id) => `"${scopeToken(tag, id)}"`).join(" OR ")})`;
  return [`"searchText" : ${ftsPhrase(q)}`, ...(ids.cityIds ? [anyOf("c", ids.cityIds)] : []), ...(ids.cuisineIds ? [anyOf("k", ids.cuisineIds)] : [])].join(" AND ");
}

/** The one trigram that names a city (c) or cuisine (k) in "scope", as the migration writes it. */
export function scopeToken(tag: "c" | "k", id: number): string {
  return tag + String.fromCharCode(0xe000 + Math.floor(id / 6400), 0xe000 + (id % 6400));
}

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

/** One page of dishes after `from` (filters.openAt: open then, in SQL). */
export async function searchPublishedDishes(
  filters: DishFilters,
  page: { from?: Key; limit: number },
  onPlan?: (plan: DishPlan) => void,
): Promise<LoadedPage<DishRow>> {
  const ids = await resolveDirectoryFilters(filters);
  if (!ids) return { total: { total: 0, capped: false }, rows: [], next: null };
  const published = [isTrue(`r."isActive"`), isTrue(`r."menuPublished"`)];
  const place = [
    ...(ids.cityIds ? [Prisma.sql`r."cityId" IN (${Prisma.join(ids.cityIds)})`] : []),
    ...(ids.cuisineIds ? [Prisma.sql`r."cuisineId" IN (${Prisma.join(ids.cuisineIds)})`] : []),
  ];
  const restaurantWhere: Prisma.Sql[] = [...published, ...place];
  if (filters.currency) restaurantWhere.push(Prisma.sql`r."currency" = ${filters.currency}`);
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
  let countFrom: Prisma.Sql | undefined;
  let countWhere: Prisma.Sql[] | undefined;
  if (filters.q && databaseKind() === "sqlite" && [...filters.q].length >= TRIGRAM) {
    const phrase = dishMatch(filters.q, ids);
    const fts = Prisma.sql`FROM "DishSearch" WHERE "DishSearch" MATCH ${phrase}`;
    const first = (await readDb().$queryRaw<{ id: number | bigint }[]>(Prisma.sql`SELECT rowid AS id ${fts} ORDER BY rowid LIMIT ${dishIdList.max + 1}`)).map((r) => Number(r.id));
    const listed = first.length <= dishIdList.max;
    // Past the list, only the rest is counted (the index reads its rowids in order).
    const matches = listed ? first.length : first.length + (await countUpTo(Prisma.sql`${fts} AND rowid > ${first[first.length - 1]}`, MATCHES_COUNTED - first.length));
    if (matches === 0) {
      onPlan?.("none");
      return { total: { total: 0, capped: false }, rows: [], next: null };
    }
    const candidates = await candidateEstimate(place.length ? [...published, ...place] : null);
    // The substring test on every path: it decides where the menus are walked, and costs one
    // instr() per row where the index already chose the rows.
    where.push(Prisma.sql`instr(m."searchText", ${filters.q}) > 0`);
    // CROSS JOIN: SQLite keeps the index's matches as the outer loop.
    if (listed) onPlan?.("id-list");
    const matched = listed
      ? Prisma.sql`FROM json_each(${JSON.stringify(first)}) j CROSS JOIN "MenuItem" m ON m."id" = j."value" ${JOINS}`
      : Prisma.sql`FROM "DishSearch" s CROSS JOIN "MenuItem" m ON m."id" = s.rowid AND s."DishSearch" MATCH ${phrase} ${JOINS}`;
    const indexCost = RANDOM_READ * matches;
    if (indexCost <= ((page.limit + 1) * candidates) / matches) {
      onPlan?.("fts-sorted");
      from = matched;
    } else {
      onPlan?.("walk");
    }
    if (indexCost <= candidates) {
      onPlan?.("fts-count");
      countFrom = matched;
    } else {
      onPlan?.("walk-count");
      countFrom = Prisma.sql`FROM "MenuItem" m ${JOINS}`;
    }
  } else if (filters.q && [...filters.q].length >= TRIGRAM && !place.length) {
    // PostgreSQL, q anywhere: the planner guessed 199 or 8 870 matches for the 6 860 of queijo (by
    // ANALYZE sample), and sorted all of them for a page (78 ms at 100 000 restaurants) where the
    // walk by restaurant name takes a few. Within a city or cuisine it never walked in order (it
    // hashed every section instead: 91 ms), while the place's GIN index holds only the matches
    // there (647 of the 6 860), so that case stays with the planner, below.
    // searchKey maps % _ \ to private-use characters in both the column and q: LIKE sees no wildcard.
    const like = Prisma.sql`m."searchText" LIKE ${`%${filters.q}%`}`;
    const candidates = await candidateEstimate(null);
    // The index's matches cost RANDOM_READ each, the walk (limit + 1) × candidates / matches: the
    // index wins below the square root of their ratio, so matches need counting only that far.
    const threshold = Math.ceil(Math.sqrt(((page.limit + 1) * candidates) / RANDOM_READ));
    const matches = await countUpTo(Prisma.sql`FROM "MenuItem" m WHERE ${like}`, threshold);
    if (matches === 0) {
      onPlan?.("none");
      return { total: { total: 0, capped: false }, rows: [], next: null };
    }
    where.push(Prisma.sql`strpos(m."searchText", ${filters.q}) > 0`);
    if (matches <= threshold) {
      onPlan?.("index-sorted");
      where.push(like);
    } else {
      onPlan?.("walk");
      countWhere = [like];
    }
  } else if (filters.q) {
    // PostgreSQL within a place, or under three characters (no trigram narrows anything).
    where.push(Prisma.sql`m."searchText" LIKE ${`%${filters.q}%`}`);
  }
  for (const tag of filters.diet) where.push(Prisma.sql`m."tagKey" LIKE ${`%,${tag},%`}`);
  if (filters.excludeMask) where.push(Prisma.sql`(m."allergenMask" & ${filters.excludeMask}) = 0`);
  const query: ScanQuery = {
    from,
    where,
    key: [Prisma.sql`r."name"`, Prisma.sql`r."slug"`, Prisma.sql`c."position"`, Prisma.sql`m."position"`],
    columns: [Prisma.sql`m."id" AS "id"`],
    countFrom,
    countWhere,
    group: { ...restaurantFirst(), where: restaurantWhere, keyLength: 2 },
  };
  return scanSearch(query, filters, page, async (itemIds) => {
    const items = await db().menuItem.findMany({ where: { id: { in: itemIds } }, select: dishSelect });
    return new Map(items.map((item) => [item.id, item]));
  });
}
