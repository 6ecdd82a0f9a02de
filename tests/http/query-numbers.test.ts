// Issue 28.7: one number grammar for every query parameter (lib/decimal-number.ts). The spellings
// food-cost always took (cost=1e1, price=.5) are numbers in search too: maxPrice=1e2, radiusKm=.5,
// limit=1e1. Non-numbers stay invalid_request everywhere, naming the parameter.
import { describe, expect, it } from "vitest";
import { get } from "../support/http";

const SPELLINGS: Array<[string, number]> = [
  ["1e1", 10],
  ["1E1", 10],
  ["10.", 10],
  ["+10", 10],
  ["1.0e+1", 10],
  ["100e-1", 10],
  [" 10 ", 10],
];

describe("the same numbers in every query parameter", () => {
  it.each(SPELLINGS)("%j is %d for maxPrice, radiusKm, limit and food-cost's cost", async (spelling, value) => {
    const n = encodeURIComponent(spelling);
    const dishes = await get(`/api/public/dishes?maxPrice=${n}&currency=CHF&limit=${n}`);
    expect(dishes.status, dishes.text).toBe(200);
    expect(dishes.json.query.maxPrice).toBe(value);
    expect(dishes.json.query.limit).toBe(value);
    const near = await get(`/api/public/restaurants?near=47.3769,8.5417&radiusKm=${n}&limit=${n}`);
    expect(near.status, near.text).toBe(200);
    expect(near.json.query.radiusKm).toBe(value);
    expect(near.json.query.limit).toBe(value);
    const cost = await get(`/api/public/tools/food-cost?cost=${n}&margin=${n}&price=50`);
    expect(cost.status, cost.text).toBe(200);
    expect(cost.json.portionCost).toBe(value);
    expect(cost.json.targetMargin).toBe(value);
  });

  it("maxPrice=1e2 and radiusKm=.5 (the issue's examples) answer as 100 and 0.5", async () => {
    const dishes = await get("/api/public/dishes?maxPrice=1e2&currency=CHF");
    expect(dishes.status).toBe(200);
    expect(dishes.json.query.maxPrice).toBe(100);
    const restaurants = await get("/api/public/restaurants?near=47.3769,8.5417&radiusKm=.5");
    expect(restaurants.status).toBe(200);
    expect(restaurants.json.query.radiusKm).toBe(0.5);
    for (const r of restaurants.json.results) expect(r.distanceKm).toBeLessThanOrEqual(0.5);
    const food = await get("/api/public/tools/food-cost?cost=1e1&price=.5");
    expect(food.status).toBe(200);
  });

  it.each([
    ["/api/public/dishes?currency=CHF&maxPrice=", "0x10", "maxPrice"],
    ["/api/public/dishes?currency=CHF&maxPrice=", "1,5", "maxPrice"],
    ["/api/public/dishes?currency=CHF&maxPrice=", "Infinity", "maxPrice"],
    ["/api/public/dishes?currency=CHF&maxPrice=", "1e400", "maxPrice"],
    ["/api/public/dishes?currency=CHF&maxPrice=", "-1e1", "maxPrice"],
    ["/api/public/restaurants?near=47.3769,8.5417&radiusKm=", "e1", "radiusKm"],
    ["/api/public/restaurants?near=47.3769,8.5417&radiusKm=", "1e2", "radiusKm"],
    ["/api/public/restaurants?near=47.3769,8.5417&radiusKm=", "NaN", "radiusKm"],
    ["/api/public/restaurants?limit=", "1.5e0", "limit"],
    ["/api/public/tools/food-cost?cost=", "1_000", "cost"],
  ])("%s%s is invalid_request naming %s", async (prefix, value, parameter) => {
    const { status, json } = await get(prefix + encodeURIComponent(value));
    expect(status).toBe(400);
    expect(json.error).toBe("invalid_request");
    expect(json.message).toContain(`"${parameter}"`);
  });
});
