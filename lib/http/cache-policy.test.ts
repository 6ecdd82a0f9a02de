import { describe, expect, it } from "vitest";
import { CACHE_POLICIES } from "./cache-policy";

const sMaxAge = (policy: string) => Number(/s-maxage=(\d+)/.exec(policy)?.[1]);

describe("cache policies (contract section 8)", () => {
  it("caches directory and plan data for 24 hours at shared caches", () => {
    expect(sMaxAge(CACHE_POLICIES.directory)).toBe(24 * 60 * 60);
  });
  it("caches search for 60 seconds", () => {
    expect(sMaxAge(CACHE_POLICIES.search)).toBe(60);
  });
  it("caches one menu for 5 minutes", () => {
    expect(sMaxAge(CACHE_POLICIES.menu)).toBe(5 * 60);
  });
  it("never stores errors", () => {
    expect(CACHE_POLICIES.noStore).toBe("no-store");
  });
  it("keeps responses that echo a secret out of every cache", () => {
    expect(CACHE_POLICIES.secret).toContain("no-store");
    expect(CACHE_POLICIES.secret).toContain("private");
  });
  it("lets shared caches serve stale while revalidating, and never caches longer in browsers than at the CDN", () => {
    for (const [name, policy] of Object.entries(CACHE_POLICIES)) {
      if (name === "noStore" || name === "secret") continue;
      expect(policy).toMatch(/stale-while-revalidate=\d+/);
      expect(Number(/(?<!s-)max-age=(\d+)/.exec(policy)?.[1])).toBeLessThanOrEqual(sMaxAge(policy));
    }
  });
});
