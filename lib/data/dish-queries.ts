// Dish search: every available item of a visible category of a published restaurant. The only
// module that queries menu items for search.
//
// Order: restaurant name, restaurant slug, section, dish (the order of the menus themselves), or
// with near the distance first. Every filter but "open at" is SQL: the published/visible/available
// rule, city/cuisine ids, currency and price (minor units, one currency, never converted), q on the
// item's folded searchText, each diet tag as ",tag," in tagKey, excluded allergens as a bit mask
// (allergenMask & mask) = 0, and near as a bounding box plus the circle. "Open at" needs each
// restaurant's local time and runs after SQL (lib/data/search-scan.ts).
import { Prisma } from "../db/generated/client";
import { db } from "../db/prisma";
import { dishSelect, type DishRow } from "../serializers/dish";
import { isTrue, scanSearch, type Candidate, type Key, type LoadedPage, type ScanOptions, type ScanQuery } from "./search-scan";
import { resolveDirectoryFilters } from "./restaurant-queries";

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
export async function searchPublishedDishes(filters: DishFilters, page: { from?: Key; limit: number; keep?: (c: Candidate) => boolean }): Promise<LoadedPage<DishRow>> {
  const ids = await resolveDirectoryFilters(filters);
  if (!ids) return { total: { total: 0, capped: false }, rows: [], next: null };
  const where: Prisma.Sql[] = [isTrue(`r."isActive"`), isTrue(`r."menuPublished"`), isTrue(`c."isVisible"`), isTrue(`m."isAvailable"`)];
  if (ids.cityIds) where.push(Prisma.sql`r."cityId" IN (${Prisma.join(ids.cityIds)})`);
  if (ids.cuisineIds) where.push(Prisma.sql`r."cuisineId" IN (${Prisma.join(ids.cuisineIds)})`);
  if (filters.currency) where.push(Prisma.sql`r."currency" = ${filters.currency}`);
  if (filters.maxPriceMinor !== undefined) where.push(Prisma.sql`m."priceMinor" <= ${filters.maxPriceMinor}`);
  // searchKey maps % _ \ to private-use characters in both the column and q: LIKE sees no wildcard.
  if (filters.q) where.push(Prisma.sql`m."searchText" LIKE ${`%${filters.q}%`}`);
  for (const tag of filters.diet) where.push(Prisma.sql`m."tagKey" LIKE ${`%,${tag},%`}`);
  if (filters.excludeMask) where.push(Prisma.sql`(m."allergenMask" & ${filters.excludeMask}) = 0`);
  const query: ScanQuery = {
    from: Prisma.sql`FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId" LEFT JOIN "City" ci ON ci."id" = r."cityId"`,
    where,
    key: [Prisma.sql`r."name"`, Prisma.sql`r."slug"`, Prisma.sql`c."position"`, Prisma.sql`m."position"`],
    columns: [Prisma.sql`m."id" AS "id"`],
  };
  return scanSearch(query, filters, page, async (itemIds) => {
    const items = await db().menuItem.findMany({ where: { id: { in: itemIds } }, select: dishSelect });
    return new Map(items.map((item) => [item.id, item]));
  });
}
