// The in-process cache of the service: expiry, a size bound (entries and approximate bytes, least
// recently used out first), concurrent loads of one key coalesced into one, and purging.
//
// Every instance registers itself, so one call — purgeCaches(), made by the revalidation endpoint
// (app/api/internal/revalidate) — reaches all of them, whichever surface created them (REST, MCP,
// Markdown, pages). The registry lives on globalThis: Next.js may load a module once per route
// bundle, and a purge has to reach every copy.
//
// What the caches hold is short-lived on purpose (lib/cache/public-caches.ts: 30 s by default):
// an instance only purges its own process, so on a host with many instances the TTL is what
// bounds how long another instance can serve the old menu after an edit.

export interface TtlCacheOptions<V> {
  /** for diagnostics */
  name?: string;
  /** approximate bytes a value holds; with maxBytes, bounds the memory of the cache */
  weigh?: (value: V) => number;
  maxBytes?: number;
  /**
   * Which entries a purge of one restaurant must drop (key = the cache key). Default: all of
   * them — right for any cache whose entries may show any restaurant (search, listings, pages).
   */
  affectedBy?: (slug: string, key: string) => boolean;
  /**
   * Whether a loaded value may be kept (default: always). A value it refuses still answers the
   * callers that were waiting for it, but the next get() loads again.
   */
  keep?: (value: V) => boolean;
}

interface Entry<V> {
  expires: number;
  value: Promise<V>;
  bytes: number;
}

const REGISTRY_KEY = Symbol.for("menu-service.ttl-caches");
type RegistryHolder = { [REGISTRY_KEY]?: Set<TtlCache<unknown>> };

function registry(): Set<TtlCache<unknown>> {
  const holder = globalThis as RegistryHolder;
  return (holder[REGISTRY_KEY] ??= new Set());
}

export class TtlCache<V> {
  private entries = new Map<string, Entry<V>>();
  private bytes = 0;
  private generation = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly options: TtlCacheOptions<V> = {},
  ) {
    registry().add(this as TtlCache<unknown>);
  }

  get name(): string {
    return this.options.name ?? "cache";
  }

  /**
   * The cached value of `key`, or the result of `load()` kept for `ttlMs`. A load that fails is
   * not kept; a load that was in flight when the cache was purged is not kept either, nor is a
   * value the `keep` option refuses.
   */
  get(key: string, ttlMs: number, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Refresh recency: Map iteration order is insertion order, so the oldest is first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.remove(key);
    const value = load();
    if (ttlMs <= 0) return value;
    const entry: Entry<V> = { expires: now + ttlMs, value, bytes: 0 };
    const generation = this.generation;
    this.entries.set(key, entry);
    value.then(
      (resolved) => {
        if (this.entries.get(key) !== entry) return;
        if (generation !== this.generation) return void this.remove(key);
        if (this.options.keep && !this.options.keep(resolved)) return void this.remove(key);
        entry.bytes = this.options.weigh?.(resolved) ?? 0;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    this.evict();
    return value;
  }

  /** Drops the entries a change to restaurant `slug` may have made stale; returns how many. */
  purgeRestaurant(slug: string): number {
    const affected = this.options.affectedBy;
    if (!affected) return this.clear();
    this.generation++;
    let dropped = 0;
    for (const key of [...this.entries.keys()]) {
      if (affected(slug, key)) {
        this.remove(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Drops everything; returns how many entries there were. */
  clear(): number {
    const dropped = this.entries.size;
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Approximate bytes of the settled entries (0 without a weigh function). */
  get byteSize(): number {
    return this.bytes;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  private evict() {
    const maxBytes = this.options.maxBytes ?? Number.POSITIVE_INFINITY;
    while (this.entries.size > this.maxEntries || (this.bytes > maxBytes && this.entries.size > 1)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }
}

export interface PurgeReport {
  caches: number;
  entries: number;
}

/**
 * Purges every cache of this process: the entries affected by restaurant `slug`, or everything
 * when no slug is given.
 */
export function purgeCaches(slug?: string): PurgeReport {
  let entries = 0;
  const caches = registry();
  for (const cache of caches) entries += slug === undefined ? cache.clear() : cache.purgeRestaurant(slug);
  return { caches: caches.size, entries };
}

/**
 * One cache per process and name, whichever bundle asks first (see the registry above), so the
 * REST handlers, the MCP endpoint and the pages share their entries.
 */
export function sharedCache<V>(name: string, create: () => TtlCache<V>): TtlCache<V> {
  const key = Symbol.for(`menu-service.cache.${name}`);
  const holder = globalThis as unknown as Record<symbol, TtlCache<V> | undefined>;
  return (holder[key] ??= create());
}
