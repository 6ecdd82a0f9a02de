import { describe, expect, it, vi } from "vitest";
import { deepFreeze, prepare } from "./prepared";
import { purgeCaches, sharedCache, TtlCache } from "./ttl-cache";

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

  it("bounds its approximate bytes", async () => {
    const cache = new TtlCache<string>(100, { weigh: (v) => v.length, maxBytes: 10 });
    for (const key of ["a", "b", "c"]) await cache.get(key, 1000, async () => "xxxx");
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.size).toBe(2);
    expect(cache.byteSize).toBe(8);
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
