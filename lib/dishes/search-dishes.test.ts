import { describe, expect, it } from "vitest";
import { MAX_PRICE_MINOR, maxMinor } from "./search-dishes";

describe("maxMinor", () => {
  it("admits whole minor units at or under the bound", () => {
    expect(maxMinor(12.99, "CHF")).toBe(1299);
    expect(maxMinor(12.999, "CHF")).toBe(1299);
    expect(maxMinor(13, "CHF")).toBe(1300);
    expect(maxMinor(1500, "JPY")).toBe(1500);
  });

  it("caps a bound above every price the column holds at the largest one (PostgreSQL refused larger as an integer)", () => {
    expect(maxMinor(1e12, "NPR")).toBe(MAX_PRICE_MINOR);
    expect(maxMinor(1e300, "CHF")).toBe(MAX_PRICE_MINOR);
    expect(maxMinor(21_474_836.47, "CHF")).toBe(MAX_PRICE_MINOR);
    expect(maxMinor(21_474_836.46, "CHF")).toBe(MAX_PRICE_MINOR - 1);
  });
});
