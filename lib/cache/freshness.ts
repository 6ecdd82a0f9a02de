// Which responses were built from a last good copy instead of fresh data (stale-if-error).
//
// A cache (lib/cache/ttl-cache.ts) that answers with an expired copy because the database failed
// or was too slow marks the request it answers; the HTTP adapters (lib/http/api-route.ts, the
// page handlers in lib/pages/html-page.ts and markdown-page.ts) read the mark and say so in `Cache-Status` (RFC 9211).
// The mark travels in an AsyncLocalStorage scope, so the capabilities between the cache and the
// adapter (a menu page loads a menu, the directory and the site date) need not pass it along.
// The store holds two numbers, never the request: it cannot pin anything (see ttl-cache.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "../process-state.mjs";

interface FreshnessStore {
  /** when the oldest stale copy used for this response stopped being fresh (ms epoch), or null */
  staleSince: number | null;
}

// One instance per process: middleware.ts and the route handlers are separate bundles.
const storage = processState("freshness", () => new AsyncLocalStorage<FreshnessStore>());

/** Runs `work` in its own scope and reports whether any stale copy went into its result. */
export async function trackFreshness<T>(work: () => Promise<T>): Promise<{ value: T; staleSince: number | null }> {
  const store: FreshnessStore = { staleSince: null };
  const value = await storage.run(store, work);
  return { value, staleSince: store.staleSince };
}

/** Records, for the response being built, that a copy stale since `since` was used. */
export function markStale(since: number): void {
  const store = storage.getStore();
  if (store && (store.staleSince === null || since < store.staleSince)) store.staleSince = since;
}

/**
 * RFC 9211 Cache-Status of a response served from a last good copy: a hit, `ttl` negative by how
 * many seconds it is past its freshness, and why it was used.
 */
export function staleCacheStatus(staleSince: number, now = Date.now()): string {
  return `menu-service; hit; ttl=${-Math.max(1, Math.round((now - staleSince) / 1000))}; detail="stale-if-error"`;
}

/** Builds a response in its own freshness scope; one built from a stale copy gets Cache-Status. */
export async function respondWithFreshness(build: () => Promise<Response>): Promise<Response> {
  const { value: response, staleSince } = await trackFreshness(build);
  if (staleSince !== null) response.headers.set("Cache-Status", staleCacheStatus(staleSince));
  return response;
}
