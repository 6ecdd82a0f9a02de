// The in-process cache of the service, on lru-cache: entry and byte bounds (least recently used
// out first), expiry, and concurrent loads of one key coalesced into one (its fetchMethod). What
// is ours: the last good copy (stale-if-error), purges that mark copies stale, and the registry.
//
// A settled entry holds its value only, never the Promise of a load: a Promise created while
// Next.js handles a request carries that request's AsyncLocalStorage store and with it the whole
// request (issue #11). lru-cache keeps its in-flight fetch Promise as the entry only until it
// settles, then stores the value fetchMethod returned; the test "keeps the settled value" pins it.
//
// An entry outlives its TTL by `staleMs` as the last good copy: when reloading it fails on the
// service's side (the database is down, a query timed out, the work was shed) or takes longer than
// STALE_AFTER_MS, callers get the old value and the request is marked stale (lib/cache/freshness.ts),
// so its response says so in Cache-Status. A purge (purgeCaches: an import, the revalidation
// endpoint) marks copies stale the same way instead of dropping them, so the next read loads
// first and falls back to the copy only if the database cannot answer (issue #49). A value built
// from stale copies, or loaded while a purge happened, is handed out but not kept as fresh. Stale
// copies count against the same entry and byte bounds; lru-cache's TTL (fresh + staleMs) removes them.
//
// Weights count what an entry really holds: the caller's weigh() of the value plus the key and
// the entry's own bookkeeping (ENTRY_OVERHEAD_BYTES), so a cache of small values (a cached 404 is
// `null`) is bounded in bytes too.
//
// Every instance registers itself once per process (lib/process-state.mjs), so one purgeCaches() reaches all of them whichever
// bundle created them (Next.js may load a module once per route bundle). An instance only purges
// its own process: on a host with many instances the short TTL (lib/cache/public-caches.ts) bounds
// how long another instance serves the old menu.
import { LRUCache } from "lru-cache";
import { ApiError } from "../http/api-errors";
import { recordCacheLookup } from "../observability/metrics";
import { LogBudget } from "../observability/log-budget";
import { processLog } from "../observability/process-log.mjs";
import { countCacheLookup } from "../observability/request-context.mjs";
import { tracing, type SpanHandle } from "../observability/trace-hooks";
import { markStale, trackFreshness } from "./freshness";
import { processState } from "../process-state.mjs";

export interface TtlCacheOptions<V> {
  /** for diagnostics and the memory budget (lib/cache/memory-budget.ts) */
  name?: string;
  /** bytes a value holds in memory (its strings and object graph); the entry's own cost is added */
  weigh?: (value: V) => number;
  maxBytes?: number;
  /** Which entries a purge of one restaurant affects (key = the cache key). Default: all of them. */
  affectedBy?: (slug: string, key: string) => boolean;
  /** Whether a loaded value may be kept (default: always); a refused one still answers its waiters. */
  keep?: (value: V) => boolean;
  /** how long past its freshness an entry may still answer as the last good copy (default 0: never) */
  staleMs?: number;
  /** how long a reload may take before the last good copy answers (default STALE_AFTER_MS) */
  staleAfterMs?: number;
}

/** "stale copy served" lines a minute per cache, at most (the first after a full minute counts those left out). */
export const STALE_LINES_PER_MINUTE = 10;

/** A reload slower than this answers with the last good copy, when there is one. */
export const STALE_AFTER_MS = 2000;

/** What one entry costs beyond its value: lru-cache's slots for it, the entry object, the key's header. */
export const ENTRY_OVERHEAD_BYTES = 160;

/** Bytes of a string in V8's heap, counted as two-byte (the worst case; Latin-1 strings take one). */
export const stringBytes = (s: string) => 16 + s.length * 2;

interface Entry<V> {
  value: V;
  bytes: number;
  freshUntil: number;
  /** until when it may answer as the last good copy */
  staleUntil: number;
  /** set on a loaded value that is handed out but not kept: the copy to put back (if any) */
  refused?: { restore: Entry<V> | undefined; purged: boolean; staleSince: number | null };
}

interface LoadContext<V> {
  load: () => Promise<V>;
  ttlMs: number;
  now: number;
}

/** A failure that a last good copy may cover: anything but a client's error (not_found, invalid_request…). */
function isServiceFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/** Every cache of this process (lib/process-state.mjs), for purges and metrics. */
function registry(): Set<TtlCache<unknown>> {
  return processState("ttl-caches", () => new Set<TtlCache<unknown>>());
}

export class TtlCache<V> {
  private readonly lru: LRUCache<string, Entry<V>, LoadContext<V>>;
  private generation = 0;
  private staleLog = new LogBudget(STALE_LINES_PER_MINUTE);
  /** lru-cache's clock: the `now` of the latest call (callers and tests pass their own). */
  private clock = Date.now();

  constructor(
    maxEntries = 1000,
    private readonly options: TtlCacheOptions<V> = {},
  ) {
    this.lru = new LRUCache<string, Entry<V>, LoadContext<V>>({
      max: maxEntries,
      maxSize: Math.min(options.maxBytes ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
      sizeCalculation: (entry) => entry.bytes,
      perf: { now: () => this.clock },
      ttlResolution: 0,
      // A failed reload leaves the last good copy in place; lookup() decides whether it answers.
      noDeleteOnFetchRejection: true,
      // A purge never aborts a load: its callers still get the value (it is just not kept).
      ignoreFetchAbort: true,
      fetchMethod: (key, previous, { options: setOptions, context }) => this.load(key, previous, setOptions, context),
    });
    registry().add(this as TtlCache<unknown>);
  }

  get name(): string {
    return this.options.name ?? "cache";
  }

  private get staleMs(): number {
    return this.options.staleMs ?? 0;
  }

  /**
   * The cached value of `key`, or the result of `load()` kept for `ttlMs`. A load that fails is
   * not kept; a load that was in flight when the cache was purged is not kept either, nor is a
   * value the `keep` option refuses.
   */
  get(key: string, ttlMs: number, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hooks = tracing();
    if (!hooks) return this.lookup(key, ttlMs, load, now);
    return hooks.inSpan(`cache ${this.name}`, { "cache.name": this.name }, (span) => this.lookup(key, ttlMs, load, now, span));
  }

  private lookup(key: string, ttlMs: number, load: () => Promise<V>, now: number, span?: SpanHandle): Promise<V> {
    this.clock = now;
    const hit = this.lru.get(key);
    if (hit && !hit.refused && hit.freshUntil > now) {
      this.count("hit", span);
      return Promise.resolve(hit.value);
    }
    const stale = hit && !hit.refused && hit.staleUntil > now ? hit : undefined;
    this.count("miss", span);
    if (ttlMs <= 0) return load();
    // forceRefresh: lru-cache's own TTL includes the stale window; joins a load already under way.
    const pending = this.lru.fetch(key, { forceRefresh: true, allowStale: false, context: { load, ttlMs, now } }) as Promise<Entry<V>>;
    const settle = (entry: Entry<V>) => {
      if (entry.refused) this.unkeep(key, entry);
      const staleSince = entry.refused?.staleSince ?? null;
      if (staleSince !== null) markStale(staleSince);
      return entry.value;
    };
    if (!stale) return pending.then(settle);

    // With a last good copy: the new value if it comes in time, else the copy.
    return new Promise<V>((resolve, reject) => {
      let done = false;
      const finish = (answer: () => V) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        try {
          resolve(answer());
        } catch (error) {
          reject(error);
        }
      };
      const useStale = (cause: unknown) => {
        markStale(stale.freshUntil);
        this.count("stale", span);
        // At most STALE_LINES_PER_MINUTE lines a minute per cache (an outage makes every request
        // substitute); the access lines and the metrics still count each.
        const suppressed = this.staleLog.take();
        if (suppressed !== undefined) processLog().warn({ cache: this.name, stale_for_s: Math.round((Date.now() - stale.freshUntil) / 1000), err: cause, suppressed }, "stale copy served");
        return stale.value;
      };
      const staleAfterMs = this.options.staleAfterMs ?? STALE_AFTER_MS;
      const timer = setTimeout(() => finish(() => useStale(new Error(`the reload took longer than ${staleAfterMs} ms`))), staleAfterMs);
      pending.then(
        (entry) => finish(() => settle(entry)),
        (error) =>
          finish(() => {
            if (isServiceFailure(error)) return useStale(error);
            throw error;
          }),
      );
    });
  }

  /** lru-cache's fetchMethod: runs the load in its own freshness scope and says how to keep the result. */
  private async load(key: string, previous: Entry<V> | undefined, setOptions: { ttl?: number }, context: LoadContext<V>): Promise<Entry<V>> {
    const generation = this.generation;
    const { value, staleSince } = await trackFreshness(context.load);
    const entry = this.entry(key, value, context.now + context.ttlMs);
    const purged = generation !== this.generation;
    if (purged || staleSince !== null || (this.options.keep && !this.options.keep(value))) {
      entry.refused = { restore: previous, purged, staleSince };
    }
    setOptions.ttl = this.lifetime(entry);
    return entry;
  }

  /** Takes a refused value out again: the copy it replaced goes back (stale, after a purge), or nothing. */
  private unkeep(key: string, entry: Entry<V>) {
    if (this.lru.peek(key, { allowStale: true }) !== entry || !entry.refused) return;
    const { restore, purged } = entry.refused;
    entry.refused.restore = undefined; // its waiters still read the value; the old copy is not theirs to hold
    if (restore && purged) this.markStale(restore);
    if (restore && restore.staleUntil > this.clock) this.lru.set(key, restore, { ttl: this.lifetime(restore) });
    else this.lru.delete(key);
  }

  private entry(key: string, value: V, freshUntil: number): Entry<V> {
    const bytes = (this.options.weigh?.(value) ?? 0) + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
    return { value, bytes, freshUntil, staleUntil: freshUntil + this.staleMs };
  }

  /** lru-cache's TTL of an entry from now: fresh and stale time together, at least 1 ms. */
  private lifetime(entry: Entry<V>): number {
    return Math.max(1, Math.ceil(entry.staleUntil - this.clock));
  }

  /** How many purges this cache has had: read before an answer is built, handed to put. */
  get purges(): number {
    return this.generation;
  }

  /** Keeps `value` for `ttlMs`, unless the cache was purged after `purges` was read (the value may predate that change). */
  put(key: string, value: V, ttlMs: number, purges: number, now = Date.now()): void {
    if (purges !== this.generation || ttlMs <= 0) return;
    this.clock = now;
    const entry = this.entry(key, value, now + ttlMs);
    this.lru.set(key, entry, { ttl: this.lifetime(entry) });
  }

  private count(outcome: "hit" | "miss" | "stale", span: SpanHandle | undefined) {
    if (outcome !== "stale") countCacheLookup(outcome === "hit");
    recordCacheLookup(this.name, outcome);
    span?.setAttributes({ "cache.outcome": outcome });
  }

  /** A purged copy: no longer fresh, a last good copy for staleMs from now at most. */
  private markStale(entry: Entry<V>, now = Date.now()) {
    entry.freshUntil = Math.min(entry.freshUntil, now);
    entry.staleUntil = Math.min(entry.staleUntil, now + this.staleMs);
  }

  /**
   * Marks the entries a change to restaurant `slug` (every entry, without a slug) may have made
   * stale: the next read loads, and the copy answers only if that load fails (or drops them, with
   * no staleMs). Loads in flight are not kept. Returns how many entries it affected.
   */
  purgeRestaurant(slug?: string, now = Date.now()): number {
    this.generation++;
    const affected = slug === undefined ? undefined : this.options.affectedBy;
    // keys() lists settled entries; a copy behind a load in flight is marked when that load is refused (unkeep).
    const keys = [...this.lru.keys()].filter((key) => !affected || affected(slug!, key));
    for (const key of keys) {
      const entry = this.lru.peek(key, { allowStale: true });
      if (!entry) continue;
      if (this.staleMs <= 0) this.lru.delete(key);
      else this.markStale(entry, now);
    }
    return keys.length;
  }

  /** Drops everything; returns how many entries there were. */
  clear(): number {
    const dropped = this.lru.size;
    this.generation++;
    this.lru.clear();
    return dropped;
  }

  get size(): number {
    return this.lru.size;
  }

  /** Bytes of the kept entries: their values as weighed plus each entry's own cost. */
  get byteSize(): number {
    return this.lru.calculatedSize;
  }

  get maxByteSize(): number {
    return this.options.maxBytes ?? Number.POSITIVE_INFINITY;
  }
}

export interface PurgeReport {
  caches: number;
  entries: number;
}

/**
 * Purges every cache of this process (marks their copies stale, see the header): the entries
 * affected by restaurant `slug`, or everything when no slug is given.
 */
export function purgeCaches(slug?: string): PurgeReport {
  let entries = 0;
  const caches = registry();
  for (const cache of caches) entries += cache.purgeRestaurant(slug);
  return { caches: caches.size, entries };
}

/** Drops every entry of every cache of this process, stale copies too (a test's clean start). */
export function dropCaches(): void {
  for (const cache of registry()) cache.clear();
}

/** Size of every cache of this process, for the metrics (lib/observability/metrics.ts). */
export function cacheStats(): { name: string; bytes: number; maxBytes: number; entries: number }[] {
  return [...registry()].map((cache) => ({ name: cache.name, bytes: cache.byteSize, maxBytes: cache.maxByteSize, entries: cache.size }));
}

/**
 * One cache per process and name, whichever bundle asks first (see the registry above), so the
 * REST handlers, the MCP endpoint and the pages share their entries.
 */
export function sharedCache<V>(name: string, create: () => TtlCache<V>): TtlCache<V> {
  return processState(`cache:${name}`, create);
}
