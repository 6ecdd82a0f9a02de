import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { CACHE_SHARES, cacheBudget, cacheMemoryBytes, DEFAULT_CACHE_MEMORY_MB, NEXT_PATH_CACHE_MB } from "./memory-budget";

const MB = 1024 * 1024;

describe("memory budget", () => {
  it("splits the whole budget among the caches, nothing more", () => {
    const total = Object.values(CACHE_SHARES).reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 10);
    const sum = (Object.keys(CACHE_SHARES) as (keyof typeof CACHE_SHARES)[]).reduce((a, name) => a + cacheBudget(name, DEFAULT_CACHE_MEMORY_MB), 0);
    expect(sum).toBeLessThanOrEqual(DEFAULT_CACHE_MEMORY_MB * MB);
  });

  it("takes CACHE_MEMORY_MB from the configuration, whose default is this module's", () => {
    expect(parseConfig({}).CACHE_MEMORY_MB).toBe(DEFAULT_CACHE_MEMORY_MB);
    expect(cacheMemoryBytes(parseConfig({ CACHE_MEMORY_MB: "128" }).CACHE_MEMORY_MB)).toBe(128 * MB);
    expect(cacheBudget("page-html", 100)).toBe(Math.floor(100 * MB * CACHE_SHARES["page-html"]));
  });

  it("counts Next's per-path router cache at the bound the installed Next.js gives it", () => {
    // A Next.js upgrade that changes this bound changes the process's budget: revisit both.
    const source = readFileSync(createRequire(import.meta.url).resolve("next/dist/server/lib/router-utils/filesystem.js"), "utf8");
    const bound = /const FS_LRU_MAX_SIZE = (\d+) \* 1024 \* 1024;/.exec(source);
    expect(bound, "Next's router-utils/filesystem.js no longer declares FS_LRU_MAX_SIZE as it did").not.toBeNull();
    expect(Number(bound![1])).toBe(NEXT_PATH_CACHE_MB);
    expect(source).toMatch(/const FS_LRU_ENTRY_OVERHEAD = 128;/);
  });
});
