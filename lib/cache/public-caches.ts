// The in-process caches of the published data, shared by every surface: the capabilities
// getRestaurantMenu and searchRestaurants read through them, so the REST handlers, the MCP tools,
// the Markdown twins and the HTML pages all get the same cached object (and REST its ready JSON
// text and ETag) instead of a database round trip per request.
//
// Lifetimes are short — well inside the contract's s-maxage (menu 300 s, search 60 s) — because
// a revalidation call only purges the process that receives it: on a host with several
// instances, the others drop the old menu when their TTL runs out. MENU_CACHE_TTL_MS overrides
// (0 switches the caches off, which the growth benchmark does to measure the database).
import type { PublicDishSearchResponse, PublicRestaurant, PublicSearchResponse } from "../serializers";
import type { RestaurantPlace } from "../data/restaurant-queries";
import { CACHE_POLICIES, STALE_IF_ERROR_S, type CachePolicy } from "../http/cache-policy";
import { config } from "../config";
import { cacheBudget } from "./memory-budget";
import { deepFreeze, weighPrepared, type Prepared } from "./prepared";
import { purgeCaches, sharedCache, TtlCache, type PurgeReport } from "./ttl-cache";


/** How long an expired entry may still answer as the last good copy while the database fails. */
export const STALE_IF_ERROR_MS = STALE_IF_ERROR_S * 1000;

/** MENU_CACHE_TTL_MS: how long an in-process copy is fresh (0 = not kept). */
export function cacheTtlMs(): number {
  return config().MENU_CACHE_TTL_MS;
}

/**
 * How long this process keeps a built page (HTML or Markdown twin): the in-process cache lifetime,
 * never longer than the page's shared-cache lifetime (search pages: 60 s).
 */
export function pageCacheTtlMs(policy: CachePolicy): number {
  return Math.min(cacheTtlMs(), policy === "search" ? 60_000 : 300_000);
}

/** A menu prepared for sending, with where the restaurant is (for the pages; never sent by the API). */
export type PreparedMenu = Prepared<PublicRestaurant> & { readonly place: Readonly<RestaurantPlace> };

/** One published menu by slug; null = no published restaurant has that slug (kept too: bots probe). */
export const menuCache = sharedCache("menus", () =>
  new TtlCache<PreparedMenu | null>(5000, { name: "menus", weigh: weighPrepared, maxBytes: cacheBudget("menus"), staleMs: STALE_IF_ERROR_MS, affectedBy: (slug, key) => key === slug }),
);

/** Search responses by their parsed parameters. Any restaurant may appear in any search: a purge drops them all. */
export const searchCache = sharedCache("search", () => new TtlCache<Prepared<PublicSearchResponse>>(5000, { name: "search", weigh: weighPrepared, maxBytes: cacheBudget("search"), staleMs: STALE_IF_ERROR_MS }));

/** Dish search responses by their normalized parameters (and cursor position); a purge drops them all. */
export const dishSearchCache = sharedCache(
  "dish-search",
  () => new TtlCache<Prepared<PublicDishSearchResponse>>(5000, { name: "dish-search", weigh: weighPrepared, maxBytes: cacheBudget("dish-search"), staleMs: STALE_IF_ERROR_MS }),
);

/**
 * The directory (countries, cities, cuisines) and the site's newest menu date: a handful of fixed
 * keys that every page reads, kept so that pages survive a database outage too.
 */
export const directoryCache = sharedCache(
  "directory",
  () => new TtlCache<unknown>(16, { name: "directory", weigh: (v) => JSON.stringify(v).length * 4, maxBytes: cacheBudget("directory"), staleMs: STALE_IF_ERROR_MS }),
);

/** One directory value through directoryCache, for the in-process lifetime; shared, so frozen. */
export function cachedDirectory<T>(key: string, load: () => Promise<T>): Promise<T> {
  return directoryCache.get(key, cacheTtlMs(), async () => deepFreeze(await load())) as Promise<T>;
}

/** What the revalidation endpoint calls: every cache of the process, for one restaurant or all. */
export function purgeRestaurant(slug?: string): PurgeReport {
  return purgeCaches(slug);
}
