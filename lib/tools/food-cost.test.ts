import { describe, expect, it } from "vitest";
import { ApiError } from "../http/api-errors";
import { calculateFoodCost, FoodCostResultSchema, type FoodCostInput } from "./food-cost";

function failure(input: unknown): { code: string; message: string } {
  try {
    calculateFoodCost(input as FoodCostInput);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).code, message: (error as ApiError).message };
  }
  throw new Error("expected a failure");
}

describe("calculateFoodCost: the arithmetic", () => {
  it.each([
    // cost, margin → total, suggested price (rounded up to the cent), food cost % at that price
    { input: { cost: 4.5 }, totalCost: 4.5, suggestedPrice: 15, foodCost: 30 },
    { input: { cost: 3, margin: 70 }, totalCost: 3, suggestedPrice: 10, foodCost: 30 },
    { input: { cost: 2, margin: 70 }, totalCost: 2, suggestedPrice: 6.67, foodCost: 29.99 },
    { input: { cost: 10, margin: 0 }, totalCost: 10, suggestedPrice: 10, foodCost: 100 },
    { input: { cost: 1, margin: 99.99 }, totalCost: 1, suggestedPrice: 10000, foodCost: 0.01 },
    { input: { cost: 0 }, totalCost: 0, suggestedPrice: 0, foodCost: 0 },
    { input: { cost: 0.1, margin: 66.5 }, totalCost: 0.1, suggestedPrice: 0.3, foodCost: 33.33 },
    { input: { cost: 1234567.891 }, totalCost: 1234567.89, suggestedPrice: 4115226.3, foodCost: 30 },
  ])("$input → total $totalCost, price $suggestedPrice", ({ input, totalCost, suggestedPrice, foodCost }) => {
    const result = calculateFoodCost(input);
    expect(result.totalCost).toBe(totalCost);
    expect(result.suggestedPrice).toBe(suggestedPrice);
    expect(result.suggestedPriceFoodCostPercentage).toBe(foodCost);
    expect(result.grossProfitAtSuggestedPrice).toBe(Math.round((suggestedPrice - totalCost) * 100) / 100);
    expect(() => FoodCostResultSchema.parse(result)).not.toThrow();
  });

  it("the suggested price always meets the target margin", () => {
    for (const cost of [0.01, 0.07, 1.13, 2.99, 7.77, 13.37, 99.99]) {
      for (const margin of [10, 33.3, 65, 70, 72.5, 85]) {
        const { suggestedPrice, totalCost } = calculateFoodCost({ cost, margin });
        expect((suggestedPrice - totalCost) / suggestedPrice).toBeGreaterThanOrEqual(margin / 100 - 1e-12);
        // and one cent less would not
        const lower = suggestedPrice - 0.01;
        if (lower > 0) expect((lower - totalCost) / lower).toBeLessThan(margin / 100);
      }
    }
  });

  it("adds waste and labour as percentages of the portion cost", () => {
    const result = calculateFoodCost({ cost: 10, wastePercentage: 5, laborOverheadPercentage: 12.5 });
    expect(result).toMatchObject({ portionCost: 10, wasteCost: 0.5, laborCost: 1.25, totalCost: 11.75, wastePercentage: 5, laborOverheadPercentage: 12.5 });
    expect(result.suggestedPrice).toBe(39.17);
  });

  it("sums ingredient lines exactly before rounding once", () => {
    // three lines of 0.333 are 0.999 → 1.00; rounding each line first would give 0.99
    const result = calculateFoodCost({ ingredients: [{ cost: 0.333 }, { cost: 0.333 }, { quantity: 0.111, unitCost: 3 }] });
    expect(result.portionCost).toBe(1);
    expect(result.ingredients.map((l) => l.cost)).toEqual([0.34, 0.33, 0.33]);
  });

  it("ingredient lines always add up to the portion cost", () => {
    const ingredients = [
      { name: "Gruyère", quantity: 0.085, unitCost: 24.9 },
      { name: "Vacherin", quantity: 0.085, unitCost: 31.5 },
      { name: "Wine", quantity: 0.05, unitCost: 12.95 },
      { name: "Bread", cost: 0.4 },
      { name: "Kirsch", quantity: 0.01, unitCost: 39 },
    ];
    const result = calculateFoodCost({ ingredients });
    const sum = result.ingredients.reduce((a, l) => a + Math.round(l.cost * 100), 0);
    expect(sum).toBe(Math.round(result.portionCost * 100));
    expect(result.portionCost).toBe(6.23); // 2.1165 + 2.6775 + 0.6475 + 0.4 + 0.39 = 6.2315
  });

  it("parts always add up to the total", () => {
    for (const [cost, w, l] of [
      [3.33, 3.3, 7.7],
      [0.05, 50, 50],
      [12.345, 12.5, 17.25],
      [1, 33.333, 33.333],
    ]) {
      const r = calculateFoodCost({ cost, wastePercentage: w, laborOverheadPercentage: l });
      expect(Math.round(r.portionCost * 100) + Math.round(r.wasteCost * 100) + Math.round(r.laborCost * 100)).toBe(Math.round(r.totalCost * 100));
    }
  });
});

describe("calculateFoodCost: analysing a price", () => {
  it.each([
    { price: 20, meetsTarget: true, grossMargin: 77.5, foodCost: 22.5, change: -5, says: /meets the target of 70 %.*5\.00 of headroom/ },
    { price: 15, meetsTarget: true, grossMargin: 70, foodCost: 30, change: 0, says: /meets the target of 70 %; it is the lowest price/ },
    { price: 12, meetsTarget: false, grossMargin: 62.5, foodCost: 37.5, change: 3, says: /below the target of 70 %\. Raise the price by 3\.00 to 15\.00.*3\.60 or less/ },
    { price: 3, meetsTarget: false, grossMargin: -50, foodCost: 150, change: 12, says: /below the total cost 4\.50: every portion loses 1\.50/ },
  ])("cost 4.50 at price $price", ({ price, meetsTarget, grossMargin, foodCost, change, says }) => {
    const result = calculateFoodCost({ cost: 4.5, price });
    expect(result.currentPrice).toEqual({
      price,
      foodCostPercentage: foodCost,
      grossMargin,
      grossProfit: Math.round((price - 4.5) * 100) / 100,
      meetsTarget,
      priceChangeToTarget: change,
    });
    expect(result.recommendation).toMatch(says);
  });

  it("takes the least price that rounds to a cent, 0.005, as 0.01 (the published minimum)", () => {
    expect(calculateFoodCost({ cost: 1, price: 0.005 }).currentPrice?.price).toBe(0.01);
  });

  it("without a price it says what to charge", () => {
    const result = calculateFoodCost({ cost: 4.5 });
    expect(result.currentPrice).toBeNull();
    expect(result.recommendation).toBe("Charge at least 15.00 for a gross margin of 70 %: the total cost per portion is 4.50 (food cost 30 % of that price).");
  });
});

describe("calculateFoodCost: validation names the parameter", () => {
  it.each([
    [{}, /"cost": is required \(or give ingredients\)/],
    [{ cost: "abc" }, /"cost": must be a finite number/],
    [{ cost: Infinity }, /"cost": must be a finite number/],
    [{ cost: Number.NaN }, /"cost": must be a finite number/],
    [{ cost: -1 }, /"cost": must not be negative/],
    [{ cost: 2e9 }, /"cost": must be at most 1000000000/],
    [{ cost: 1, margin: 100 }, /"margin": must be between 0 and 100/],
    [{ cost: 1, margin: -0.1 }, /"margin": must be between 0 and 100/],
    [{ cost: 1, margin: "70" }, /"margin": must be a finite number/],
    [{ cost: 1, price: 0 }, /"price": must be at least 0.005/],
    [{ cost: 1, price: 0.0049 }, /"price": must be at least 0.005/],
    [{ cost: 1, price: 0.001 }, /"price": must be at least 0.005/],
    [{ cost: 1, wastePercentage: 101 }, /"wastePercentage": must be at most 100/],
    [{ cost: 1, laborOverheadPercentage: -5 }, /"laborOverheadPercentage": must not be negative/],
    [{ cost: 1, ingredients: [{ cost: 1 }] }, /"cost": give either cost or ingredients, not both/],
    [{ ingredients: [] }, /"ingredients": must list at least one ingredient/],
    [{ ingredients: Array.from({ length: 101 }, () => ({ cost: 1 })) }, /"ingredients": at most 100 ingredients/],
    [{ ingredients: [{ name: "salt" }] }, /"ingredients\.0": needs cost, or quantity and unitCost/],
    [{ ingredients: [{ cost: 1 }, { quantity: 2 }] }, /"ingredients\.1": needs unitCost/],
    [{ ingredients: [{ unitCost: 2 }] }, /"ingredients\.0": needs quantity/],
    [{ ingredients: [{ cost: 1, quantity: 1, unitCost: 1 }] }, /"ingredients\.0": give either cost, or quantity and unitCost, not both/],
    [{ ingredients: [{ quantity: -1, unitCost: 1 }] }, /"ingredients\.0\.quantity": must not be negative/],
    [{ ingredients: [{ quantity: 1e6, unitCost: 1e9 }] }, /"ingredients": the portion cost must be at most 1000000000/],
    [{ ingredients: [{ cost: 1, colour: "red" }] }, /"ingredients\.0": Unrecognized key: "colour"/],
    [{ cost: 1, wastePercent: 5 }, /"\(input\)": Unrecognized key: "wastePercent"/],
    [[1, 2], /"\(input\)"/],
    [null, /"\(input\)"/],
  ])("%j → invalid_request %s", (input, message) => {
    const { code, message: actual } = failure(input);
    expect(code).toBe("invalid_request");
    expect(actual).toMatch(message);
  });
});
