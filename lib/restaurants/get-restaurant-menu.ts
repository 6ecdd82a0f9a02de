// One published restaurant with its full menu: the capability behind
// GET /api/public/restaurants/{slug}, the MCP tool get_restaurant_menu, the menu page and its Markdown twin.
import { z } from "zod";
import { prepare } from "../cache/prepared";
import type { PreparedMenu } from "../cache/public-caches";
import { cacheTtlMs, menuCache } from "../cache/public-caches";
import { findPublishedRestaurant, type RestaurantPlace } from "../data/restaurant-queries";
import { ApiError } from "../http/api-errors";
import { queryLimiter } from "../http/work-limiter";
import { serializeRestaurant, type PublicRestaurant } from "../serializers";
import { SLUG_PATTERN } from "../import/import-schema";
import { parseInput } from "../validation";

export const getRestaurantMenuInput = z.object({
  slug: z.string().min(1, "is required").max(200, "at most 200 characters").describe("The restaurant's slug, as in its page URL"),
});

/**
 * The menu prepared for sending (data, JSON text, ETag), from the in-process cache
 * (lib/cache/public-caches.ts) or the database. Shared and frozen: callers must not modify it.
 */
export async function getRestaurantMenuPrepared(input: z.input<typeof getRestaurantMenuInput>): Promise<PreparedMenu> {
  const { slug } = parseInput(getRestaurantMenuInput, input);
  // Only a well-formed slug can name a restaurant (the importer enforces the shape); anything else
  // is answered without touching the cache or the database (PostgreSQL rejects a NUL in a query).
  // Well-formed slugs are as many as a client likes: a miss is a query, within queryLimiter()'s bound.
  const prepared = !SLUG_PATTERN.test(slug)
    ? null
    : await menuCache.get(slug, cacheTtlMs(), () =>
        queryLimiter().run(async () => {
          const found = await findPublishedRestaurant(slug);
          return found ? Object.assign(prepare(serializeRestaurant(found.row)), { place: Object.freeze(found.place) }) : null;
        }),
      );
  if (!prepared) {
    throw new ApiError("not_found", `No published restaurant has the slug "${slug}".`, {
      hint: "Find slugs with GET /api/public/restaurants?q=…",
    });
  }
  return prepared;
}

export async function getRestaurantMenu(input: z.input<typeof getRestaurantMenuInput>): Promise<PublicRestaurant> {
  return (await getRestaurantMenuPrepared(input)).data;
}

/**
 * The menu with where the restaurant is (its country code and time zone: the pages' own, never
 * published by the API), from the same cache entry and query as the menu.
 */
export async function getRestaurantMenuWithPlace(input: z.input<typeof getRestaurantMenuInput>): Promise<{ menu: PublicRestaurant; place: RestaurantPlace }> {
  const prepared = await getRestaurantMenuPrepared(input);
  return { menu: prepared.data, place: prepared.place };
}
