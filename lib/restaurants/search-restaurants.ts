// Search published restaurants: the capability behind GET /api/public/restaurants, the MCP tool
// search_restaurants and the search pages.
import { z } from "zod";
import { prepare, type Prepared } from "../cache/prepared";
import { cacheTtlMs, searchCache } from "../cache/public-caches";
import { scanPublishedRestaurants, searchPublishedRestaurants } from "../data/restaurant-queries";
import { cityFilterKey, CITY_PARAM_DESCRIPTION } from "../search/city-param";
import { invalidCursor } from "../search/cursor";
import { paging } from "../search/paging";
import { checkGeoTime, filterText, geoTimeFields, limitParam, publishedPagingFields } from "../search/search-params";
import { queryLimiter } from "../http/work-limiter";
import { searchKey, textKey } from "../menu/text-key";
import { serializeSearchResult, type PublicSearchResponse } from "../serializers";
import { parseInput } from "../validation";

export { SEARCH_LIMIT, SEARCH_LIMIT_RULE } from "../search/search-params";

/**
 * The search parameters, shared by REST (strings from the query) and MCP (JSON values).
 * limit is clamped into 1–50, never rejected for its size; only a non-integer is an error.
 */
export const searchRestaurantsInput = z
  .object({
    q: filterText(200).describe("Free-text match on name, description or slug (case-insensitive)"),
    city: filterText(100).describe(CITY_PARAM_DESCRIPTION),
    cuisine: filterText(100).describe("Cuisine name or slug (case-insensitive)"),
    limit: limitParam,
    ...geoTimeFields,
  })
  .superRefine(checkGeoTime);

export type SearchRestaurantsInput = z.input<typeof searchRestaurantsInput>;

/**
 * The search input as tools publish it: limit as the integer range REST enforces, not "number
 * or string" (the capability still takes both and clamps, so REST and MCP answer alike).
 */
export const searchRestaurantsPublishedInput = z.object({
  ...searchRestaurantsInput.shape,
  ...publishedPagingFields,
});

/**
 * The search response prepared for sending (data, JSON text, ETag), from the in-process cache
 * (lib/cache/public-caches.ts) or the database. Shared and frozen: callers must not modify it.
 */
export async function searchRestaurantsPrepared(input: SearchRestaurantsInput): Promise<Prepared<PublicSearchResponse>> {
  const v = parseInput(searchRestaurantsInput, input);
  const query = { q: v.q || null, city: v.city || null, cuisine: v.cuisine || null, limit: v.limit };
  const bound = { q: query.q, city: query.city, cuisine: query.cuisine, near: v.near ?? null, radiusKm: v.radiusKm ?? null, openNow: v.openNow, openAt: v.openAt?.toISOString() ?? null };
  const page = paging("restaurants", bound, v);
  const echo = { ...query, ...page.echo };
  // Every distinct query is a database search: at most queryLimiter()'s number at once.
  return searchCache.get(JSON.stringify([echo, page.from ?? null]), cacheTtlMs(), () =>
    queryLimiter().run(async () => {
      const filters = { q: v.q ? searchKey(v.q) : undefined, city: v.city ? await cityFilterKey(v.city) : undefined, cuisine: v.cuisine ? textKey(v.cuisine) : undefined };
      if (page.near || page.instant) {
        // Distance or opening time: the keyset scan (lib/data/search-scan.ts).
        const found = await scanPublishedRestaurants({ ...filters, near: page.near, openAt: page.instant }, { from: page.from, limit: v.limit });
        const results = found.rows.map(({ row, candidate }) => ({ ...serializeSearchResult(row), ...page.extras(candidate) }));
        return prepare({ query: echo, total: found.total.total, totalCapped: found.total.capped, count: results.length, nextCursor: page.cursorFor(found.next), results });
      }
      const after = page.from as [string, string] | undefined;
      if (after && !(after.length === 2 && after.every((k) => typeof k === "string"))) throw invalidCursor();
      const found = await searchPublishedRestaurants({ ...filters, limit: v.limit, after });
      return prepare({
        query: echo,
        total: found.total.total,
        totalCapped: found.total.capped,
        count: found.rows.length,
        nextCursor: page.cursorFor(found.next),
        results: found.rows.map(serializeSearchResult),
      });
    }),
  );
}

export async function searchRestaurants(input: SearchRestaurantsInput): Promise<PublicSearchResponse> {
  return (await searchRestaurantsPrepared(input)).data;
}
