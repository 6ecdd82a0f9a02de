import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { CACHE_SHARES, cacheBudget, cacheMemoryBytes, DEFAULT_CACHE_MEMORY_MB } from "./memory-budget";

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

  it("counts Next's per-path router cache as measured under the Next.js release installed", () => {
    // The 8 MB bound was read off and measured with Next.js 16.4 (the flood stage checks the RSS it
    // leads to); an upgrade past that release must revisit NEXT_PATH_CACHE_MB and the flood figures.
    const { version } = createRequire(import.meta.url)("next/package.json") as { version: string };
    expect(version.split(".").slice(0, 2).join("."), "Next.js was upgraded: re-measure its router cache (lib/cache/memory-budget.ts)").toBe("16.4");
  });
});
