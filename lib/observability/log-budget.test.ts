import { describe, expect, it } from "vitest";
import { LogBudget } from "./log-budget";

describe("LogBudget", () => {
  it("lets a few lines a minute through and counts the ones it left out", () => {
    const budget = new LogBudget(2);
    const t = 1_000_000;
    expect(budget.take(t)).toBe(0);
    expect(budget.take(t + 1)).toBe(0);
    expect(budget.take(t + 2)).toBeUndefined();
    expect(budget.take(t + 3)).toBeUndefined();
    expect(budget.take(t + 60_000)).toBe(2);
    expect(budget.take(t + 60_001)).toBe(0);
  });
});
