// Reads of published restaurants. The only module that queries restaurants for the public surfaces.
import { db } from "../db/prisma";
import {
  publishedRestaurantWhere,
  restaurantSelect,
  searchResultSelect,
  type RestaurantRow,
  type SearchResultRow,
} from "../serializers/restaurant";

export async function findPublishedRestaurant(slug: string): Promise<RestaurantRow | null> {
  return db().restaurant.findFirst({ where: { slug, ...publishedRestaurantWhere }, select: restaurantSelect });
}

export interface SearchFilters {
  /** folded with textKey */
  q?: string;
  city?: string;
  cuisine?: string;
  limit: number;
}

export async function searchPublishedRestaurants(filters: SearchFilters): Promise<{ total: number; rows: SearchResultRow[] }> {
  const where = {
    ...publishedRestaurantWhere,
    ...(filters.q ? { searchText: { contains: filters.q } } : {}),
    ...(filters.city ? { city: { OR: [{ nameKey: filters.city }, { slug: filters.city }] } } : {}),
    ...(filters.cuisine ? { cuisine: { OR: [{ nameKey: filters.cuisine }, { slug: filters.cuisine }] } } : {}),
  };
  const [total, rows] = await Promise.all([
    db().restaurant.count({ where }),
    db().restaurant.findMany({ where, select: searchResultSelect, orderBy: [{ name: "asc" }, { slug: "asc" }], take: filters.limit }),
  ]);
  return { total, rows };
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
