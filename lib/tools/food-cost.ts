// The food-cost calculator: the capability behind GET/POST /api/public/tools/food-cost and the MCP
// tool calculate_food_cost. Inputs are read as exact decimals (see rational.ts); every money figure
// is rounded to cents once, and the figures shown add up (lines → portion, parts → total).
import { z } from "zod";
import { ApiError } from "../http/api-errors";
import { parseInput } from "../validation";
import { Rational, roundPreservingSum, scaledToNumber } from "./rational";

export const FOOD_COST_LIMITS = {
  maxAmount: 1_000_000_000,
  maxQuantity: 1_000_000,
  maxIngredients: 100,
  maxWastePercentage: 100,
  maxLaborOverheadPercentage: 1000,
  defaultMargin: 70,
} as const;

const finite = { error: "must be a finite number" } as const;
const amount = z.number(finite).min(0, "must not be negative").max(FOOD_COST_LIMITS.maxAmount, `must be at most ${FOOD_COST_LIMITS.maxAmount}`);

const ingredientInput = z
  .strictObject({
    name: z.string().trim().max(200, "at most 200 characters").optional().describe("What the ingredient is, e.g. \"Gruyère\""),
    quantity: z
      .number(finite)
      .min(0, "must not be negative")
      .max(FOOD_COST_LIMITS.maxQuantity, `must be at most ${FOOD_COST_LIMITS.maxQuantity}`)
      .optional()
      .describe("Quantity used in one portion, in the unit unitCost is priced in (e.g. 0.15 for 150 g at a price per kg)"),
    unitCost: amount.optional().describe("Cost of one unit of the ingredient"),
    cost: amount.optional().describe("Cost of the ingredient in one portion; use instead of quantity and unitCost"),
  })
  .superRefine((item, ctx) => {
    const hasPair = item.quantity !== undefined && item.unitCost !== undefined;
    if (item.cost !== undefined && (item.quantity !== undefined || item.unitCost !== undefined)) {
      ctx.addIssue({ code: "custom", message: "give either cost, or quantity and unitCost, not both" });
    } else if (item.cost === undefined && !hasPair) {
      const missing = item.quantity === undefined && item.unitCost === undefined ? "cost, or quantity and unitCost" : item.quantity === undefined ? "quantity" : "unitCost";
      ctx.addIssue({ code: "custom", message: `needs ${missing}` });
    }
  });

/** One schema for both surfaces: the REST adapters decode query strings into these types first. */
export const foodCostInput = z
  .strictObject({
    cost: amount.optional().describe("Raw ingredient cost of one portion. Give this or ingredients."),
    ingredients: z
      .array(ingredientInput)
      .min(1, "must list at least one ingredient")
      .max(FOOD_COST_LIMITS.maxIngredients, `at most ${FOOD_COST_LIMITS.maxIngredients} ingredients`)
      .optional()
      .describe("The ingredients of one portion, each with cost, or quantity and unitCost. Give this or cost."),
    margin: z
      .number(finite)
      .min(0, "must be between 0 and 100 (0 included, 100 excluded)")
      .lt(100, "must be between 0 and 100 (0 included, 100 excluded)")
      .default(FOOD_COST_LIMITS.defaultMargin)
      .describe("Target gross margin in percent, 0 ≤ margin < 100; default 70"),
    price: z
      .number(finite)
      // The price is analysed in cents: the least price is the one that rounds to one cent.
      .min(0.005, "must be at least 0.005 (0.01 once rounded to cents)")
      .max(FOOD_COST_LIMITS.maxAmount, `must be at most ${FOOD_COST_LIMITS.maxAmount}`)
      .optional()
      .describe("Current selling price of the dish, to analyse its margin"),
    wastePercentage: z
      .number(finite)
      .min(0, "must not be negative")
      .max(FOOD_COST_LIMITS.maxWastePercentage, `must be at most ${FOOD_COST_LIMITS.maxWastePercentage}`)
      .default(0)
      .describe("Trim and spoilage buffer, in percent of the portion cost; default 0"),
    laborOverheadPercentage: z
      .number(finite)
      .min(0, "must not be negative")
      .max(FOOD_COST_LIMITS.maxLaborOverheadPercentage, `must be at most ${FOOD_COST_LIMITS.maxLaborOverheadPercentage}`)
      .default(0)
      .describe("Labour and overhead, in percent of the portion cost; default 0"),
  })
  .superRefine((input, ctx) => {
    if (input.cost === undefined && input.ingredients === undefined) {
      ctx.addIssue({ code: "custom", path: ["cost"], message: "is required (or give ingredients)" });
    } else if (input.cost !== undefined && input.ingredients !== undefined) {
      ctx.addIssue({ code: "custom", path: ["cost"], message: "give either cost or ingredients, not both" });
    }
  });

export type FoodCostInput = z.input<typeof foodCostInput>;

const money = z.number().describe("Money, rounded to cents");
const percentage = z.number().describe("Percent, rounded to two decimals");

export const FoodCostResultSchema = z.strictObject({
  portionCost: money.describe("Ingredient cost of one portion"),
  wasteCost: money.describe("Waste buffer: wastePercentage of the portion cost"),
  laborCost: money.describe("Labour and overhead: laborOverheadPercentage of the portion cost"),
  totalCost: money.describe("portionCost + wasteCost + laborCost"),
  wastePercentage: percentage,
  laborOverheadPercentage: percentage,
  ingredients: z
    .array(z.strictObject({ name: z.string().nullable(), quantity: z.number().nullable(), unitCost: z.number().nullable(), cost: money }))
    .describe("The ingredient lines with their cost; they add up to portionCost. Empty when cost was given."),
  targetMargin: percentage.describe("The target gross margin used"),
  suggestedPrice: money.describe("totalCost / (1 − targetMargin/100), rounded up to the cent so the target is met"),
  suggestedPriceFoodCostPercentage: percentage.describe("totalCost as a percentage of suggestedPrice"),
  grossProfitAtSuggestedPrice: money,
  currentPrice: z
    .strictObject({
      price: money,
      foodCostPercentage: percentage.describe("totalCost as a percentage of the price"),
      grossMargin: percentage.describe("(price − totalCost) / price, in percent; negative when the price is below cost"),
      grossProfit: money.describe("price − totalCost; negative when the price is below cost"),
      meetsTarget: z.boolean(),
      priceChangeToTarget: money.describe("suggestedPrice − price: positive means raise the price by this much"),
    })
    .nullable()
    .describe("Analysis of the price given; null when no price was given"),
  recommendation: z.string().describe("The result in plain language"),
});

export type FoodCostResult = z.infer<typeof FoodCostResultSchema>;

const CENTS = 2;
const money2 = (cents: bigint) => scaledToNumber(cents, CENTS);
const pct2 = (r: Rational) => r.toRoundedNumber(2);
const fmt = (cents: bigint) => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};
const fmtPct = (r: Rational) => {
  const n = pct2(r);
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, "");
};

/** The largest ingredient cost per portion whose total cost still leaves `margin` at `price`. */
function maxPortionCents(price: Rational, margin: Rational, waste: Rational, labor: Rational): bigint {
  const maxTotal = price.mul(Rational.HUNDRED.sub(margin)).div(Rational.HUNDRED);
  return maxTotal.mul(Rational.HUNDRED).div(Rational.HUNDRED.add(waste).add(labor)).floorScaled(CENTS);
}

export function calculateFoodCost(raw: FoodCostInput): FoodCostResult {
  const input = parseInput(foodCostInput, raw);
  const margin = Rational.from(input.margin);
  const waste = Rational.from(input.wastePercentage);
  const labor = Rational.from(input.laborOverheadPercentage);

  const lines = (input.ingredients ?? []).map((item) => ({
    item,
    exact: item.cost !== undefined ? Rational.from(item.cost) : Rational.from(item.quantity!).mul(Rational.from(item.unitCost!)),
  }));
  const portionExact = input.cost !== undefined ? Rational.from(input.cost) : lines.reduce((sum, l) => sum.add(l.exact), Rational.ZERO);
  if (portionExact.compare(Rational.from(FOOD_COST_LIMITS.maxAmount)) > 0) {
    throw new ApiError("invalid_request", `Invalid parameter "ingredients": the portion cost must be at most ${FOOD_COST_LIMITS.maxAmount}`);
  }

  const portionCents = portionExact.roundScaled(CENTS);
  const wasteCents = portionExact.percent(waste).roundScaled(CENTS);
  const laborCents = portionExact.percent(labor).roundScaled(CENTS);
  const totalCents = portionCents + wasteCents + laborCents;
  const total = Rational.of(totalCents, 100n);

  // with ingredients, portionCents is the rounded sum of the lines, so the lines shown add up to it
  const lineCents = roundPreservingSum(
    lines.map((l) => l.exact),
    CENTS,
  );

  // price = cost / (1 − m), rounded up so the margin at the printed price is never below target
  const suggestedCents = total.mul(Rational.HUNDRED).div(Rational.HUNDRED.sub(margin)).ceilScaled(CENTS);
  const suggested = Rational.of(suggestedCents, 100n);
  const suggestedFoodCost = suggested.isZero() ? Rational.ZERO : total.div(suggested).mul(Rational.HUNDRED);

  let currentPrice: FoodCostResult["currentPrice"] = null;
  let recommendation: string;
  const targetText = `${fmtPct(margin)} %`;
  if (input.price !== undefined) {
    const priceCents = Rational.from(input.price).roundScaled(CENTS);
    const price = Rational.of(priceCents, 100n);
    const profitCents = priceCents - totalCents;
    const grossMargin = Rational.of(profitCents, 1n).div(Rational.of(priceCents, 1n)).mul(Rational.HUNDRED);
    const foodCost = total.div(price).mul(Rational.HUNDRED);
    const meetsTarget = grossMargin.compare(margin) >= 0;
    const change = suggestedCents - priceCents;
    currentPrice = {
      price: money2(priceCents),
      foodCostPercentage: pct2(foodCost),
      grossMargin: pct2(grossMargin),
      grossProfit: money2(profitCents),
      meetsTarget,
      priceChangeToTarget: money2(change),
    };
    if (profitCents < 0n) {
      recommendation = `The price ${fmt(priceCents)} is below the total cost ${fmt(totalCents)}: every portion loses ${fmt(-profitCents)}. Raise the price by ${fmt(change)} to ${fmt(suggestedCents)} to reach the target margin of ${targetText}, or cut the portion cost.`;
    } else if (!meetsTarget) {
      recommendation = `At ${fmt(priceCents)} the gross margin is ${fmtPct(grossMargin)} % (food cost ${fmtPct(foodCost)} %), below the target of ${targetText}. Raise the price by ${fmt(change)} to ${fmt(suggestedCents)}, or bring the ingredient cost of a portion down to ${fmt(maxPortionCents(price, margin, waste, labor))} or less.`;
    } else if (change < 0n) {
      recommendation = `At ${fmt(priceCents)} the gross margin is ${fmtPct(grossMargin)} % (food cost ${fmtPct(foodCost)} %), which meets the target of ${targetText}; the price has ${fmt(-change)} of headroom above the ${fmt(suggestedCents)} the target needs.`;
    } else {
      recommendation = `At ${fmt(priceCents)} the gross margin is ${fmtPct(grossMargin)} % (food cost ${fmtPct(foodCost)} %), which meets the target of ${targetText}; it is the lowest price that does.`;
    }
  } else {
    recommendation = `Charge at least ${fmt(suggestedCents)} for a gross margin of ${targetText}: the total cost per portion is ${fmt(totalCents)} (food cost ${fmtPct(suggestedFoodCost)} % of that price).`;
  }

  return {
    portionCost: money2(portionCents),
    wasteCost: money2(wasteCents),
    laborCost: money2(laborCents),
    totalCost: money2(totalCents),
    wastePercentage: pct2(waste),
    laborOverheadPercentage: pct2(labor),
    ingredients: lines.map((l, i) => ({
      name: l.item.name || null,
      quantity: l.item.quantity ?? null,
      unitCost: l.item.unitCost ?? null,
      cost: money2(lineCents[i]),
    })),
    targetMargin: pct2(margin),
    suggestedPrice: money2(suggestedCents),
    suggestedPriceFoodCostPercentage: pct2(suggestedFoodCost),
    grossProfitAtSuggestedPrice: money2(suggestedCents - totalCents),
    currentPrice,
    recommendation,
  };
}
