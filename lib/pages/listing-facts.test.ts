import { describe, expect, it } from "vitest";
import { cardPlace, middleHalf, priceIndication } from "./listing-facts";

describe("the listing cards' price indication", () => {
  it("is the middle half of the prices, so one outlier does not stretch it", () => {
    expect(middleHalf([4, 8, 9, 10, 12, 14, 16, 95])).toEqual({ low: 9, high: 14 });
    expect(middleHalf([])).toBeNull();
    expect(middleHalf([0])).toBeNull();
  });

  it("reads in whole units of the restaurant's currency", () => {
    expect(priceIndication([4.5, 8.9, 9.5, 10, 12, 14.2, 16, 95], "EUR")).toBe("Most dishes €9–€15");
    expect(priceIndication([1200, 1400, 1800], "JPY")).toBe("Most dishes ¥1,400–¥1,800");
    expect(priceIndication([12, 12, 12], "CHF")).toBe("Most dishes about CHF\u00a012");
    expect(priceIndication([], "CHF")).toBeNull();
  });
});

describe("a card's place", () => {
  const result = { cuisine: "Italian", city: "München", country: "Germany" };
  it("names the city in the listing's language, from the facts' lookup by slug when they loaded", () => {
    const facts = { status: null, prices: null, photo: null, city: { text: "Munich", lang: null } };
    expect(cardPlace(result, facts)).toEqual({ cuisine: "Italian", city: { text: "Munich", lang: null }, country: "Germany" });
  });

  it("by the result's name when the facts did not load; an unknown city as written", () => {
    expect(cardPlace(result).city).toEqual({ text: "Munich", lang: null });
    expect(cardPlace({ ...result, city: "Graz" }).city).toEqual({ text: "Graz", lang: null });
    expect(cardPlace({ ...result, city: null }).city).toBeNull();
  });
});
