// The in-process cache of the service: expiry, a size bound (entries and bytes, least recently
// used out first), concurrent loads of one key coalesced into one, and purging.
//
// It keeps settled values only, never the Promise of a load. A Promise created while Next.js
// handles a request carries that request's AsyncLocalStorage store (Node keeps it on the promise
// as its async resource), and with it the whole request: IncomingMessage, ServerResponse, Next's
// IncrementalCache, the response's Gzip stream. A heap snapshot after a flood of distinct search
// pages showed about 670 of 859 live ServerResponses held that way by cache entries (issue #11).
// The in-flight Promise lives in a separate map only until it settles.
//
// An entry can outlive its TTL as the last good copy (`staleMs`, stale-if-error): when reloading
// it fails on the service's side (the database is down, a query timed out, the work was shed) or
// takes longer than STALE_AFTER_MS, callers get the old value and the request is marked stale
// (lib/cache/freshness.ts), so its response says so in Cache-Status. A value built from stale
// copies (a page over a stale menu) is handed out but not kept as fresh. Stale entries count
// against the same entry and byte bounds as fresh ones.
//
// Weights count what an entry really holds: the caller's weigh() of the value plus the key and
// the bookkeeping of the entry itself (ENTRY_OVERHEAD_BYTES), so a cache of small values (a
// cached 404 is `null`) is bounded in bytes too, not only in entries. Expired entries are swept
// on insertion, so they do not wait for their key to be asked again: a walk over the entries starts
// at most once a second and examines SWEEP_BATCH entries per insertion, resuming where it stopped,
// so no insertion pays for a whole cache at once (issue #29: 5 000 cached 404s expiring together
// took 26 ms to remove in one go on a loaded machine).
//
// Every instance registers itself, so one call — purgeCaches(), made by the revalidation endpoint
// (app/api/internal/revalidate) — reaches all of them, whichever surface created them (REST, MCP,
// Markdown, pages). The registry lives on globalThis: Next.js may load a module once per route
// bundle, and a purge has to reach every copy.
//
// What the caches hold is short-lived on purpose (lib/cache/public-caches.ts: 30 s by default):
// an instance only purges its own process, so on a host with many instances the TTL is what
// bounds how long another instance can serve the old menu after an edit.

import { ApiError } from "../http/api-errors";
import { recordCacheLookup } from "../observability/metrics";
import { LogBudget } from "../observability/log-budget";
import { processLog } from "../observability/process-log.mjs";
import { countCacheLookup } from "../observability/request-context.mjs";
import { tracing, type SpanHandle } from "../observability/trace-hooks";
import { markStale, trackFreshness } from "./freshness";

export interface TtlCacheOptions<V> {
  /** for diagnostics and the memory budget (lib/cache/memory-budget.ts) */
  name?: string;
  /** bytes a value holds in memory (its strings and object graph); the entry's own cost is added */
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
  /** how long past its expiry an entry may still answer as the last good copy (default 0: never) */
  staleMs?: number;
  /** how long a reload may take before the last good copy answers (default STALE_AFTER_MS) */
  staleAfterMs?: number;
}

/** "stale copy served" lines a minute per cache, at most (the first after a full minute counts those left out). */
export const STALE_LINES_PER_MINUTE = 10;

/** A reload slower than this answers with the last good copy, when there is one. */
export const STALE_AFTER_MS = 2000;

/** What one entry costs beyond its value: the Map slot, the entry object, the key's header. */
export const ENTRY_OVERHEAD_BYTES = 160;

/** Bytes of a string in V8's heap, counted as two-byte (the worst case; Latin-1 strings take one). */
export const stringBytes = (s: string) => 16 + s.length * 2;

interface Entry<V> {
  expires: number;
  value: V;
  bytes: number;
}

const SWEEP_INTERVAL_MS = 1000;

/** Entries one insertion's sweep examines at most. */
export const SWEEP_BATCH = 256;

interface Loaded<V> {
  value: V;
  staleSince: number | null;
}

/** A failure that a last good copy may cover: anything but a client's error (not_found, invalid_request…). */
function isServiceFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

const REGISTRY_KEY = Symbol.for("menu-service.ttl-caches");
type RegistryHolder = { [REGISTRY_KEY]?: Set<TtlCache<unknown>> };

function registry(): Set<TtlCache<unknown>> {
  const holder = globalThis as RegistryHolder;
  return (holder[REGISTRY_KEY] ??= new Set());
}

export class TtlCache<V> {
  private entries = new Map<string, Entry<V>>();
  /** loads under way, by key: as many as requests in flight, dropped when they settle */
  private inflight = new Map<string, Promise<Loaded<V>>>();
  private bytes = 0;
  private generation = 0;
  private staleLog = new LogBudget(STALE_LINES_PER_MINUTE);
  private nextSweep = 0;
  /** where the sweep under way stopped; null between walks */
  private sweepCursor: Iterator<[string, Entry<V>]> | null = null;

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
    const hooks = tracing();
    if (!hooks) return this.lookup(key, ttlMs, load, now);
    return hooks.inSpan(`cache ${this.name}`, { "cache.name": this.name }, (span) => this.lookup(key, ttlMs, load, now, span));
  }

  private lookup(key: string, ttlMs: number, load: () => Promise<V>, now: number, span?: SpanHandle): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Refresh recency: Map iteration order is insertion order, so the oldest is first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.count("hit", span);
      return Promise.resolve(hit.value);
    }
    const stale = hit && hit.expires + (this.options.staleMs ?? 0) > now ? hit : undefined;
    if (hit && !stale) this.remove(key);
    this.count("miss", span);
    if (ttlMs <= 0) return load();
    const pending = this.inflight.get(key) ?? this.startLoad(key, ttlMs, load, now);
    const settle = (loaded: Loaded<V>) => {
      if (loaded.staleSince !== null) markStale(loaded.staleSince);
      return loaded.value;
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
        markStale(stale.expires);
        this.count("stale", span);
        // Which copy, how old, and what it stands in for: at most STALE_LINES_PER_MINUTE lines a
        // minute per cache (a database outage makes every request substitute); the access lines
        // and the metrics still count each.
        const suppressed = this.staleLog.take();
        if (suppressed !== undefined) processLog().warn({ cache: this.name, stale_for_s: Math.round((Date.now() - stale.expires) / 1000), err: cause, suppressed }, "stale copy served");
        return stale.value;
      };
      const staleAfterMs = this.options.staleAfterMs ?? STALE_AFTER_MS;
      const timer = setTimeout(() => finish(() => useStale(new Error(`the reload took longer than ${staleAfterMs} ms`))), staleAfterMs);
      pending.then(
        (loaded) => finish(() => settle(loaded)),
        (error) =>
          finish(() => {
            if (isServiceFailure(error)) return useStale(error);
            throw error;
          }),
      );
    });
  }

  /**
   * The value of `key` when `accept` takes it, without loading, and whether it has expired (an
   * expired one is there for staleMs): the synchronous read of the server guard's copies of whole
   * answers (lib/http/front-cache.mjs), which counts the hits it serves (countHit). A miss is not
   * counted, since the request goes on to the app, whose own lookups count it.
   */
  peek(key: string, accept: (value: V) => boolean = () => true, now = Date.now()): { value: V; expired: boolean } | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expires + (this.options.staleMs ?? 0) <= now || !accept(hit.value)) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return { value: hit.value, expired: hit.expires <= now };
  }

  /** Counts a hit that peek found and its caller served. */
  countHit(): void {
    this.count("hit", undefined);
  }

  /** How many purges this cache has had: read before an answer is built, handed to put. */
  get purges(): number {
    return this.generation;
  }

  /** Keeps `value` for `ttlMs`, unless the cache was purged after `purges` was read (the value may predate that change). */
  put(key: string, value: V, ttlMs: number, purges: number, now = Date.now()): void {
    if (purges !== this.generation || ttlMs <= 0) return;
    this.set(key, value, now + ttlMs, now);
  }

  private count(outcome: "hit" | "miss" | "stale", span: SpanHandle | undefined) {
    if (outcome !== "stale") countCacheLookup(outcome === "hit");
    recordCacheLookup(this.name, outcome);
    span?.setAttributes({ "cache.outcome": outcome });
  }

  private startLoad(key: string, ttlMs: number, load: () => Promise<V>, now: number): Promise<Loaded<V>> {
    const generation = this.generation;
    const loading = trackFreshness(load);
    this.inflight.set(key, loading);
    loading.then(
      (loaded) => {
        if (this.inflight.get(key) === loading) this.inflight.delete(key);
        if (generation !== this.generation || loaded.staleSince !== null) return;
        if (this.options.keep && !this.options.keep(loaded.value)) return;
        this.set(key, loaded.value, now + ttlMs, now);
      },
      () => {
        if (this.inflight.get(key) === loading) this.inflight.delete(key);
      },
    );
    return loading;
  }

  /** Drops the entries a change to restaurant `slug` may have made stale; returns how many. */
  purgeRestaurant(slug: string): number {
    const affected = this.options.affectedBy;
    if (!affected) return this.clear();
    this.generation++;
    this.inflight.clear();
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
    this.inflight.clear();
    this.sweepCursor = null;
    this.bytes = 0;
    return dropped;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes of the kept entries: their values as weighed plus each entry's own cost. */
  get byteSize(): number {
    return this.bytes;
  }

  get maxByteSize(): number {
    return this.options.maxBytes ?? Number.POSITIVE_INFINITY;
  }

  private set(key: string, value: V, expires: number, now: number) {
    this.remove(key);
    const bytes = (this.options.weigh?.(value) ?? 0) + stringBytes(key) + ENTRY_OVERHEAD_BYTES;
    // A value larger than the whole budget would only push everything else out.
    if (bytes > this.maxByteSize) return;
    this.entries.set(key, { expires, value, bytes });
    this.bytes += bytes;
    if (this.sweepCursor || now >= this.nextSweep) this.sweep(now);
    this.evict();
  }

  private sweep(now: number) {
    // A Map iterator stays valid while entries are removed and added (it skips the removed ones).
    const cursor = this.sweepCursor ?? this.entries.entries();
    const staleMs = this.options.staleMs ?? 0;
    for (let examined = 0; examined < SWEEP_BATCH; examined++) {
      const next = cursor.next();
      if (next.done) {
        this.sweepCursor = null;
        this.nextSweep = now + SWEEP_INTERVAL_MS;
        return;
      }
      const [key, entry] = next.value;
      if (entry.expires + staleMs <= now) this.remove(key);
    }
    this.sweepCursor = cursor;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  private evict() {
    const maxBytes = this.maxByteSize;
    while (this.entries.size > this.maxEntries || this.bytes > maxBytes) {
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

/** Size of every cache of this process, for the metrics (lib/observability/metrics.ts). */
export function cacheStats(): { name: string; bytes: number; maxBytes: number; entries: number }[] {
  return [...registry()].map((cache) => ({ name: cache.name, bytes: cache.byteSize, maxBytes: cache.maxByteSize, entries: cache.size }));
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
