// Search published restaurants: the capability behind GET /api/public/restaurants, the MCP tool
// search_restaurants and the search pages.
import { z } from "zod";
import { prepare, type Prepared } from "../cache/prepared";
import { cacheTtlMs, searchCache } from "../cache/public-caches";
import { searchPublishedRestaurants } from "../data/restaurant-queries";
import { queryLimiter } from "../http/work-limiter";
import { searchKey, textKey } from "../menu/text-key";
import { serializeSearchResult, type PublicSearchResponse } from "../serializers";
import { parseInput } from "../validation";

export const SEARCH_LIMIT = { min: 1, max: 50, default: 20 } as const;

const noControlChars = (v: string) => !/[\u0000-\u001f\u007f]/.test(v);

const filterText = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .refine(noControlChars, "must not contain control characters")
    .transform((v) => v.trim())
    .optional();

/**
 * The search parameters, shared by REST (strings from the query) and MCP (JSON values).
 * limit is clamped into 1–50, never rejected for its size; only a non-integer is an error.
 */
export const searchRestaurantsInput = z.object({
  q: filterText(200).describe("Free-text match on name, description or slug (case-insensitive)"),
  city: filterText(100).describe("City name or slug (case-insensitive)"),
  cuisine: filterText(100).describe("Cuisine name or slug (case-insensitive)"),
  limit: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return SEARCH_LIMIT.default;
      const n = typeof v === "number" ? v : /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : Number.NaN;
      // A digit string too long for a double becomes ±Infinity: still an integer, clamped below.
      if (Number.isNaN(n) || (Number.isFinite(n) && !Number.isInteger(n))) {
        ctx.addIssue({ code: "custom", message: "must be an integer (1 to 50; values outside are clamped)" });
        return z.NEVER;
      }
      return Math.min(SEARCH_LIMIT.max, Math.max(SEARCH_LIMIT.min, n));
    })
    .describe("1 to 50, default 20; values outside the range are clamped"),
});

export type SearchRestaurantsInput = z.input<typeof searchRestaurantsInput>;

/** The limit rule in words, for the published descriptions (OpenAPI, MCP tools/list). */
export const SEARCH_LIMIT_RULE = `${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default}. Values outside the range are clamped to it (limit=500 returns at most ${SEARCH_LIMIT.max} results, limit=0 one); only a non-integer is invalid_request.`;

/**
 * The search input as tools publish it: limit as the integer range REST enforces, not "number
 * or string" (the capability still takes both and clamps, so REST and MCP answer alike).
 */
export const searchRestaurantsPublishedInput = searchRestaurantsInput.extend({
  limit: z.number().int().min(SEARCH_LIMIT.min).max(SEARCH_LIMIT.max).default(SEARCH_LIMIT.default).describe(SEARCH_LIMIT_RULE),
});

/**
 * The search response prepared for sending (data, JSON text, ETag), from the in-process cache
 * (lib/cache/public-caches.ts) or the database. Shared and frozen: callers must not modify it.
 */
export async function searchRestaurantsPrepared(input: SearchRestaurantsInput): Promise<Prepared<PublicSearchResponse>> {
  const { q, city, cuisine, limit } = parseInput(searchRestaurantsInput, input);
  const query = { q: q || null, city: city || null, cuisine: cuisine || null, limit };
  // Every distinct query is a database search: at most queryLimiter()'s number at once.
  return searchCache.get(JSON.stringify(query), cacheTtlMs(), () =>
    queryLimiter().run(async () => {
      const { total, rows } = await searchPublishedRestaurants({
        q: q ? searchKey(q) : undefined,
        city: city ? textKey(city) : undefined,
        cuisine: cuisine ? textKey(cuisine) : undefined,
        limit,
      });
      return prepare({ query, total, count: rows.length, results: rows.map(serializeSearchResult) });
    }),
  );
}

export async function searchRestaurants(input: SearchRestaurantsInput): Promise<PublicSearchResponse> {
  return (await searchRestaurantsPrepared(input)).data;
}
