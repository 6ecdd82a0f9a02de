import { describe, expect, it } from "vitest";
import { BoundedMemoryLimiter, rateLimitFields } from "./rate-limit";

describe("RateLimit fields (draft-ietf-httpapi-ratelimit-headers)", () => {
  it("state the policy and what is left, rounding the reset up to whole seconds", () => {
    expect(rateLimitFields("search", 600, 598, 41_200, false)).toEqual({
      "RateLimit-Policy": '"search";q=600;w=60',
      RateLimit: '"search";r=598;t=42',
    });
  });
  it("add Retry-After to a refusal, never less than one second", () => {
    expect(rateLimitFields("search", 5, 0, 10, true)).toEqual({
      "RateLimit-Policy": '"search";q=5;w=60',
      RateLimit: '"search";r=0;t=1',
      "Retry-After": "1",
    });
  });
});

describe("BoundedMemoryLimiter", () => {
  it("refuses a key past its budget and counts keys apart", async () => {
    const limiter = new BoundedMemoryLimiter(2);
    await limiter.consume("a");
    const second = await limiter.consume("a");
    expect(second.remainingPoints).toBe(0);
    await expect(limiter.consume("a")).rejects.toMatchObject({ remainingPoints: 0 });
    await expect(limiter.consume("b")).resolves.toMatchObject({ remainingPoints: 1 });
  });

  it("keeps at most maxKeys clients, dropping the oldest window", async () => {
    const limiter = new BoundedMemoryLimiter(1, 100);
    for (let i = 0; i < 1000; i++) await limiter.consume(`client-${i}`);
    expect(limiter.size).toBe(100);
    // The newest clients are still counted; the oldest start afresh.
    await expect(limiter.consume("client-999")).rejects.toMatchObject({ remainingPoints: 0 });
    await expect(limiter.consume("client-0")).resolves.toMatchObject({ remainingPoints: 0 });
  });
});
