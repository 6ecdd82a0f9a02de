// Every Cache-Control policy the service sends, named by purpose. s-maxage values are contract
// (section 8): directory and plans 24 h, search 60 s, one menu 5 min, errors never cached.
// Browsers get a shorter max-age than shared caches so a purge reaches people quickly.
// stale-if-error (RFC 5861): while the service fails, a shared cache may keep answering with its
// copy for a day — as the service itself does with its last good copies (lib/cache/ttl-cache.ts).

/** How long a copy may stand in for a failing service, in shared caches and in process. */
export const STALE_IF_ERROR_S = 86_400;

export const CACHE_POLICIES = {
  /** countries, cities, cuisines, plans, manifests; CORS preflight answers */
  directory: `public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400, stale-if-error=${STALE_IF_ERROR_S}`,
  /** restaurant and dish search */
  search: `public, max-age=60, s-maxage=60, stale-while-revalidate=300, stale-if-error=${STALE_IF_ERROR_S}`,
  /** one restaurant's menu (JSON, Markdown, HTML) */
  menu: `public, max-age=60, s-maxage=300, stale-while-revalidate=3600, stale-if-error=${STALE_IF_ERROR_S}`,
  /**
   * the change feed: short, because a mirror polls it for what is new; every instance learns of an
   * import within 2 s (lib/cache/change-watch.ts), a shared cache within these 10 s
   */
  changes: `public, max-age=10, s-maxage=10, stale-while-revalidate=30, stale-if-error=${STALE_IF_ERROR_S}`,
  /**
   * the bulk export (and the Atom feeds): a shared cache keeps one copy for every mirror and
   * revalidates it with If-None-Match / If-Modified-Since (304 while nothing changed)
   */
  export: `public, max-age=300, s-maxage=300, stale-while-revalidate=600, stale-if-error=${STALE_IF_ERROR_S}`,
  /** results of the pure utility tools: same input, same output */
  tool: "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400",
  /** results that echo a secret the caller sent (a Wi-Fi password): never kept by any cache */
  secret: "private, no-store",
  /** errors and anything that must not be stored */
  noStore: "no-store",
} as const;

export type CachePolicy = keyof typeof CACHE_POLICIES;
