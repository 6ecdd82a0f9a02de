import { AsyncLocalStorage } from "node:async_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../http/api-errors";
import { trackFreshness } from "./freshness";
import { deepFreeze, prepare } from "./prepared";
import { processLog, setProcessLog } from "../observability/process-log.mjs";
import { ENTRY_OVERHEAD_BYTES, purgeCaches, sharedCache, STALE_LINES_PER_MINUTE, stringBytes, TtlCache } from "./ttl-cache";

setFlagsFromString("--expose_gc");
const gc = runInNewContext("gc") as () => void;

const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));

describe("TtlCache", () => {
  it("keeps a value for its TTL and loads again after", async () => {
    const cache = new TtlCache<number>(10);
    const load = vi.fn(async () => 1);
    expect(await cache.get("k", 1000, load, 0)).toBe(1);
    expect(await cache.get("k", 1000, load, 999)).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get("k", 1000, load, 1000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("coalesces concurrent loads of one key", async () => {
    const cache = new TtlCache<string>(10);
    const load = vi.fn(() => later("v"));
    const all = await Promise.all([cache.get("k", 1000, load), cache.get("k", 1000, load), cache.get("k", 1000, load)]);
    expect(all).toEqual(["v", "v", "v"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failed load", async () => {
    const cache = new TtlCache<string>(10);
    await expect(cache.get("k", 1000, () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("k", 1000, async () => "ok")).toBe("ok");
  });

  it("answers every waiter with a value `keep` refuses, then loads again", async () => {
    const cache = new TtlCache<{ fresh: boolean }>(10, { keep: (v) => v.fresh });
    let fresh = false;
    const load = vi.fn(() => later({ fresh }));
    const waiting = await Promise.all([cache.get("k", 1000, load), cache.get("k", 1000, load)]);
    expect(waiting).toEqual([{ fresh: false }, { fresh: false }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(0);
    fresh = true;
    expect(await cache.get("k", 1000, load)).toEqual({ fresh: true });
    expect(await cache.get("k", 1000, load)).toEqual({ fresh: true });
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(1);
  });

  it("TTL 0 means no caching", async () => {
    const cache = new TtlCache<number>(10);
    const load = vi.fn(async () => 1);
    await cache.get("k", 0, load);
    await cache.get("k", 0, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it("evicts the least recently used beyond maxEntries", async () => {
    const cache = new TtlCache<string>(2);
    await cache.get("a", 1000, async () => "a");
    await cache.get("b", 1000, async () => "b");
    await cache.get("a", 1000, async () => "x"); // a is now the most recent
    await cache.get("c", 1000, async () => "c");
    expect(cache.size).toBe(2);
    expect(await cache.get("a", 1000, async () => "reloaded")).toBe("a");
    expect(await cache.get("b", 1000, async () => "reloaded")).toBe("reloaded");
  });

  it("bounds its bytes, counting each entry's key and bookkeeping besides the value", async () => {
    const entry = 4 + stringBytes("a") + ENTRY_OVERHEAD_BYTES;
    const cache = new TtlCache<string>(100, { weigh: (v) => v.length, maxBytes: 2 * entry });
    for (const key of ["a", "b", "c"]) await cache.get(key, 1000, async () => "xxxx");
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.size).toBe(2);
    expect(cache.byteSize).toBe(2 * entry);
  });

  it("bounds the bytes of values that weigh nothing (a cached 404), through their keys", async () => {
    const cache = new TtlCache<null>(1_000_000, { weigh: () => 0, maxBytes: 100_000 });
    for (let i = 0; i < 10_000; i++) await cache.get(`probe-${i}`, 60_000, async () => null);
    expect(cache.byteSize).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBeLessThan(1000);
  });

  it("never keeps a value larger than its whole budget", async () => {
    const cache = new TtlCache<string>(10, { weigh: (v) => v.length, maxBytes: 1000 });
    await cache.get("small", 1000, async () => "x");
    await cache.get("huge", 1000, async () => "x".repeat(5000));
    expect(cache.size).toBe(1);
    expect(await cache.get("small", 1000, async () => "reloaded")).toBe("x");
  });

  it("forgets an entry once its last good copy's window is over (lru-cache's own TTL)", async () => {
    const cache = new TtlCache<string>(10, { staleMs: 1000 });
    const down = () => Promise.reject(new Error("connect ECONNREFUSED"));
    await cache.get("a", 1000, async () => "good", 10_000);
    expect(await cache.get("a", 1000, down, 11_500)).toBe("good");
    await expect(cache.get("a", 1000, down, 12_001)).rejects.toThrow("ECONNREFUSED");
    expect(cache.size).toBe(0);
  });

  it("keeps the settled value, not the load's Promise and the async context it was made in", async () => {
    // A Promise made while a request is handled holds that request's AsyncLocalStorage store
    // (Next.js keeps the whole request there); a cache entry must not keep it alive.
    const als = new AsyncLocalStorage<{ request: unknown[] }>();
    const cache = new TtlCache<string>(10);
    let ref: WeakRef<object> | undefined;
    await (async () => {
      const store = { request: new Array(10_000).fill("request") };
      ref = new WeakRef(store);
      await als.run(store, () => cache.get("k", 60_000, async () => "value"));
    })();
    await new Promise((r) => setTimeout(r, 10));
    gc();
    expect(cache.size).toBe(1);
    expect(ref!.deref()).toBeUndefined();
    expect(await cache.get("k", 60_000, async () => "reloaded")).toBe("value");
  });

  it("purges one restaurant's entries, or all when it cannot tell", async () => {
    const menus = new TtlCache<string>(10, { affectedBy: (slug, key) => key === slug });
    const pages = new TtlCache<string>(10);
    await menus.get("a", 1000, async () => "A");
    await menus.get("b", 1000, async () => "B");
    await pages.get("/a", 1000, async () => "page");
    const report = purgeCaches("a");
    expect(report.entries).toBeGreaterThanOrEqual(2);
    expect(menus.size).toBe(1);
    expect(pages.size).toBe(0);
    expect(await menus.get("a", 1000, async () => "A2")).toBe("A2");
    purgeCaches();
    expect(menus.size).toBe(0);
  });

  it("does not keep a load that was in flight during a purge", async () => {
    const cache = new TtlCache<string>(10);
    const stale = cache.get("k", 1000, () => later("old"));
    purgeCaches("k");
    expect(await stale).toBe("old"); // its own callers get it …
    expect(await cache.get("k", 1000, async () => "new")).toBe("new"); // … nobody after the purge
    const inflight = cache.get("j", 1000, () => later("old"));
    cache.clear();
    await inflight;
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get("j", 1000, async () => "new")).toBe("new");
  });

  describe("stale-if-error: the last good copy", () => {
    const down = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));

    it("after a purge, loads first and answers with the purged copy only when that load fails (issue #49)", async () => {
      const cache = new TtlCache<string>(10, { staleMs: 60_000, affectedBy: (slug, key) => key === slug });
      await cache.get("a", 60_000, async () => "a1");
      await cache.get("b", 60_000, async () => "b1");
      const purgedAt = Date.now();
      expect(purgeCaches("a").entries).toBeGreaterThanOrEqual(1);
      expect(cache.size).toBe(2); // kept, as stale copies
      const served = await trackFreshness(() => cache.get("a", 60_000, down));
      expect(served.value).toBe("a1");
      expect(served.staleSince).toBeGreaterThanOrEqual(purgedAt);
      expect(await trackFreshness(() => cache.get("b", 60_000, down))).toEqual({ value: "b1", staleSince: null });
      const load = vi.fn(async () => "a2");
      expect(await cache.get("a", 60_000, load)).toBe("a2");
      expect(await cache.get("a", 60_000, load)).toBe("a2");
      expect(load).toHaveBeenCalledTimes(1);
      // A purge of everything marks every copy; a client's error is not covered by one.
      purgeCaches();
      expect((await trackFreshness(() => cache.get("b", 60_000, down))).staleSince).not.toBeNull();
      await expect(cache.get("a", 60_000, () => Promise.reject(new ApiError("not_found", "gone")))).rejects.toThrow("gone");
    });

    it("keeps a purged copy for staleMs from the purge at most", async () => {
      const cache = new TtlCache<string>(10, { staleMs: 30 });
      await cache.get("k", 60_000, async () => "old");
      purgeCaches();
      await new Promise((r) => setTimeout(r, 50));
      await expect(cache.get("k", 60_000, down)).rejects.toThrow("ECONNREFUSED");
    });

    it("a load in flight during a purge is handed out but not kept; the copy it would replace stays, stale", async () => {
      const cache = new TtlCache<string>(10, { staleMs: 60_000 });
      await cache.get("k", 1, async () => "v1");
      await new Promise((r) => setTimeout(r, 5));
      const inflight = cache.get("k", 60_000, () => later("v2"));
      purgeCaches();
      expect(await inflight).toBe("v2");
      expect(cache.size).toBe(1);
      expect(await cache.get("k", 60_000, down)).toBe("v1");
      expect(await cache.get("k", 60_000, async () => "v3")).toBe("v3");
    });

    it("answers when a reload fails on the service's side, and marks the response stale since the copy expired", async () => {
      const cache = new TtlCache<string>(10, { staleMs: 60_000 });
      await cache.get("menu", 1000, async () => "good", 0);
      const { value, staleSince } = await trackFreshness(() => cache.get("menu", 1000, down, 5000));
      expect(value).toBe("good");
      expect(staleSince).toBe(1000);
      // the copy stays for the next request; a fresh value replaces it when the database is back
      expect(await cache.get("menu", 1000, down, 6000)).toBe("good");
      expect(await cache.get("menu", 1000, async () => "new", 7000)).toBe("new");
      const fresh = await trackFreshness(() => cache.get("menu", 1000, down, 7500));
      expect(fresh).toEqual({ value: "new", staleSince: null });
    });

    it("says so in at most STALE_LINES_PER_MINUTE log lines a minute per cache, each with the failure", async () => {
      const lines: { fields: Record<string, unknown>; msg: string }[] = [];
      const previous = processLog();
      setProcessLog({ ...previous, warn: (fields: Record<string, unknown>, msg: string) => lines.push({ fields, msg }) });
      try {
        const cache = new TtlCache<string>(10, { name: "menus", staleMs: 60_000 });
        await cache.get("menu", 1000, async () => "good", 0);
        for (let i = 0; i < 3 * STALE_LINES_PER_MINUTE; i++) expect(await cache.get("menu", 1000, down, 5000 + i)).toBe("good");
        expect(lines).toHaveLength(STALE_LINES_PER_MINUTE);
        expect(lines[0]).toMatchObject({ msg: "stale copy served", fields: { cache: "menus", suppressed: 0 } });
        expect((lines[0].fields.err as Error).message).toContain("ECONNREFUSED");
        // another cache has a budget of its own
        const other = new TtlCache<string>(10, { name: "search", staleMs: 60_000 });
        await other.get("q", 1000, async () => "good", 0);
        await other.get("q", 1000, down, 5000);
        expect(lines.at(-1)).toMatchObject({ fields: { cache: "search" } });
      } finally {
        setProcessLog(previous);
      }
    });

    it("does not cover a client's error, nor a copy older than staleMs, nor a cache without staleMs", async () => {
      const cache = new TtlCache<string>(10, { staleMs: 10_000 });
      await cache.get("a", 1000, async () => "good", 0);
      const notFound = () => Promise.reject(new ApiError("not_found", "gone"));
      await expect(cache.get("a", 1000, notFound, 2000)).rejects.toThrow("gone");
      await cache.get("b", 1000, async () => "good", 0);
      await expect(cache.get("b", 1000, down, 11_001)).rejects.toThrow("ECONNREFUSED");
      const plain = new TtlCache<string>(10);
      await plain.get("c", 1000, async () => "good", 0);
      await expect(plain.get("c", 1000, down, 2000)).rejects.toThrow("ECONNREFUSED");
    });

    it("answers with the copy when the reload is slower than staleAfterMs, and keeps the late value", async () => {
      const cache = new TtlCache<string>(10, { staleMs: 60_000, staleAfterMs: 20 });
      await cache.get("k", 1000, async () => "old", 0);
      const slow = () => new Promise<string>((r) => setTimeout(() => r("new"), 100));
      // "old", not "new": it did not wait for the reload (which resolves "new" after 100 ms).
      const { value, staleSince } = await trackFreshness(() => cache.get("k", 1000, slow, 2000));
      expect(value).toBe("old");
      expect(staleSince).toBe(1000);
      await new Promise((r) => setTimeout(r, 150));
      expect(await cache.get("k", 1000, down, 2500)).toBe("new");
    });

    it("hands out a value built from stale copies without keeping it as fresh", async () => {
      const menus = new TtlCache<string>(10, { staleMs: 60_000 });
      const pages = new TtlCache<string>(10, { staleMs: 60_000 });
      await menus.get("m", 1000, async () => "menu v1", 0);
      const page = (now: number, menuLoad: () => Promise<string>) => pages.get("/m", 1000, async () => `<p>${await menus.get("m", 1000, menuLoad, now)}</p>`, now);
      const first = await trackFreshness(() => page(5000, down));
      expect(first).toEqual({ value: "<p>menu v1</p>", staleSince: 1000 });
      expect(pages.size).toBe(0);
      expect(await page(6000, async () => "menu v2")).toBe("<p>menu v2</p>");
      expect(pages.size).toBe(1);
    });
  });

  it("sharedCache returns one instance per name", () => {
    const a = sharedCache("test-shared", () => new TtlCache<number>(1));
    const b = sharedCache("test-shared", () => new TtlCache<number>(1));
    expect(a).toBe(b);
  });
});

describe("prepare", () => {
  it("serializes once, freezes the shared data and derives a strong ETag from the bytes", () => {
    const p = prepare({ a: [1, { b: 2 }] });
    expect(p.json).toBe('{"a":[1,{"b":2}]}');
    expect(p.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(p.etag).toBe(prepare({ a: [1, { b: 2 }] }).etag);
    expect(Object.isFrozen(p.data.a[1])).toBe(true);
    expect(() => {
      (p.data.a as unknown[]).push(3);
    }).toThrow(TypeError);
    expect(deepFreeze(null)).toBe(null);
  });
});
