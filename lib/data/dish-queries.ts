// Dish search: every available item of a visible category of a published restaurant. The only
// module that queries menu items for search.
//
// Order: restaurant name, restaurant slug, section, dish (the order of the menus themselves), or
// with near the distance first. Every filter but "open at" is SQL: the published/visible/available
// rule, city/cuisine ids, currency and price (minor units, one currency, never converted), q on the
// item's folded searchText, each diet tag as ",tag," in tagKey, excluded allergens as a bit mask
// (allergenMask & mask) = 0, and near as a bounding box plus the circle. "Open at" needs each
// restaurant's local time and runs after SQL (lib/data/search-scan.ts).
//
// q at scale: on PostgreSQL the pg_trgm GIN index on "searchText" answers the LIKE. On SQLite
// LIKE '%…%' has no index, and walking the menus in result order until a page (and the bounded
// total) of matches turns up reads the whole table for a rare word; so q of 3+ characters is
// looked up in the FTS5 trigram table "DishSearch" (migration dish_search_index): a phrase of
// trigrams is exactly a substring match. Up to FTS_SORTED matches, the search starts from them
// and sorts them; a word in more dishes than that is frequent enough for the walk to meet a page
// of it soon, and is checked row by row (instr, the same substring test). Same rows either way.
import { databaseKind } from "../db/database-url";
import { Prisma } from "../db/generated/client";
import { db, readDb } from "../db/prisma";
import { dishSelect, type DishRow } from "../serializers/dish";
import { isTrue, scanSearch, type Candidate, type Key, type LoadedPage, type ScanOptions, type ScanQuery } from "./search-scan";
import { ftsPhrase, resolveDirectoryFilters, TRIGRAM } from "./restaurant-queries";

/** Matches of q (SQLite) that the search sorts itself instead of walking the menus to meet them. */
export const FTS_SORTED = 5000;

/** How SQLite found the dishes for q, for the tests: "fts-sorted" from the index, "walk" row by row. */
export type SqliteDishPlan = "fts-sorted" | "walk" | "none";

const JOINS = Prisma.sql`JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId" LEFT JOIN "City" ci ON ci."id" = r."cityId"`;

async function ftsMatchesUpTo(phrase: string, bound: number): Promise<number> {
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(
    Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 AS one FROM "DishSearch" WHERE "DishSearch" MATCH ${phrase} LIMIT ${bound + 1}) t`,
  );
  return Number(row?.n ?? 0);
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

/** One page of dishes after `from`; `keep` is the after-SQL filter (open at), if any. */
export async function searchPublishedDishes(
  filters: DishFilters,
  page: { from?: Key; limit: number; keep?: (c: Candidate) => boolean },
  onPlan?: (plan: SqliteDishPlan) => void,
): Promise<LoadedPage<DishRow>> {
  const ids = await resolveDirectoryFilters(filters);
  if (!ids) return { total: { total: 0, capped: false }, rows: [], next: null };
  const where: Prisma.Sql[] = [isTrue(`r."isActive"`), isTrue(`r."menuPublished"`), isTrue(`c."isVisible"`), isTrue(`m."isAvailable"`)];
  if (ids.cityIds) where.push(Prisma.sql`r."cityId" IN (${Prisma.join(ids.cityIds)})`);
  if (ids.cuisineIds) where.push(Prisma.sql`r."cuisineId" IN (${Prisma.join(ids.cuisineIds)})`);
  if (filters.currency) where.push(Prisma.sql`r."currency" = ${filters.currency}`);
  if (filters.maxPriceMinor !== undefined) where.push(Prisma.sql`m."priceMinor" <= ${filters.maxPriceMinor}`);
  let from = Prisma.sql`FROM "MenuItem" m ${JOINS}`;
  if (filters.q && databaseKind() === "sqlite" && [...filters.q].length >= TRIGRAM) {
    const phrase = ftsPhrase(filters.q);
    const matches = await ftsMatchesUpTo(phrase, FTS_SORTED);
    if (matches === 0) {
      onPlan?.("none");
      return { total: { total: 0, capped: false }, rows: [], next: null };
    }
    if (matches <= FTS_SORTED) {
      onPlan?.("fts-sorted");
      // CROSS JOIN: SQLite keeps the index's matches as the outer loop.
      from = Prisma.sql`FROM "DishSearch" s CROSS JOIN "MenuItem" m ON m."id" = s.rowid ${JOINS}`;
      where.push(Prisma.sql`s."DishSearch" MATCH ${phrase}`);
    } else {
      onPlan?.("walk");
      where.push(Prisma.sql`instr(m."searchText", ${filters.q}) > 0`);
    }
  } else if (filters.q) {
    // searchKey maps % _ \ to private-use characters in both the column and q: LIKE sees no wildcard.
    where.push(Prisma.sql`m."searchText" LIKE ${`%${filters.q}%`}`);
  }
  for (const tag of filters.diet) where.push(Prisma.sql`m."tagKey" LIKE ${`%,${tag},%`}`);
  if (filters.excludeMask) where.push(Prisma.sql`(m."allergenMask" & ${filters.excludeMask}) = 0`);
  const query: ScanQuery = {
    from,
    where,
    key: [Prisma.sql`r."name"`, Prisma.sql`r."slug"`, Prisma.sql`c."position"`, Prisma.sql`m."position"`],
    columns: [Prisma.sql`m."id" AS "id"`],
  };
  return scanSearch(query, filters, page, async (itemIds) => {
    const items = await db().menuItem.findMany({ where: { id: { in: itemIds } }, select: dishSelect });
    return new Map(items.map((item) => [item.id, item]));
  });
}
