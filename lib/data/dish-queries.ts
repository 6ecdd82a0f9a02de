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
// trigrams is exactly a substring match. The bounded total always counts from the index's
// matches (it stops after TOTAL_BOUND of them pass the other filters). The page either sorts the
// matches (~matches rows read) or walks the menus in result order checking each dish (instr, the
// same substring test; ~limit × dishes / matches rows read): the walk wins once matches exceed
// √(limit × dishes), so matches are counted only that far. Same rows either way.
import { databaseKind } from "../db/database-url";
import { Prisma } from "../db/generated/client";
import { db, readDb } from "../db/prisma";
import { dishSelect, type DishRow } from "../serializers/dish";
import { isTrue, scanSearch, type Candidate, type Key, type LoadedPage, type ScanOptions, type ScanQuery } from "./search-scan";
import { ftsPhrase, resolveDirectoryFilters, TRIGRAM } from "./restaurant-queries";

/** Matches of q (SQLite) up to which the page sorts them rather than walk the menus (at least). */
export const FTS_SORTED = 5000;

/** Menu items, cached briefly: only steers the choice of plan, never a result. */
let itemCount: { value: number; at: number } | undefined;
async function itemEstimate(): Promise<number> {
  if (itemCount && Date.now() - itemCount.at < 60_000) return itemCount.value;
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(Prisma.sql`SELECT max("id") AS n FROM "MenuItem"`);
  itemCount = { value: Number(row?.n ?? 0), at: Date.now() };
  return itemCount.value;
}

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
  let countFrom: Prisma.Sql | undefined;
  if (filters.q && databaseKind() === "sqlite" && [...filters.q].length >= TRIGRAM) {
    const phrase = ftsPhrase(filters.q);
    const threshold = Math.max(FTS_SORTED, Math.ceil(Math.sqrt((page.limit + 1) * (await itemEstimate()))));
    const matches = await ftsMatchesUpTo(phrase, threshold);
    if (matches === 0) {
      onPlan?.("none");
      return { total: { total: 0, capped: false }, rows: [], next: null };
    }
    // CROSS JOIN: SQLite keeps the index's matches as the outer loop.
    const matched = Prisma.sql`FROM "DishSearch" s CROSS JOIN "MenuItem" m ON m."id" = s.rowid AND s."DishSearch" MATCH ${phrase} ${JOINS}`;
    if (matches <= threshold) {
      onPlan?.("fts-sorted");
      from = matched;
    } else {
      onPlan?.("walk");
      where.push(Prisma.sql`instr(m."searchText", ${filters.q}) > 0`);
      countFrom = matched;
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
    countFrom,
  };
  return scanSearch(query, filters, page, async (itemIds) => {
    const items = await db().menuItem.findMany({ where: { id: { in: itemIds } }, select: dishSelect });
    return new Map(items.map((item) => [item.id, item]));
  });
}
