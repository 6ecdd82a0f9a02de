import { describe, expect, it } from "vitest";
import { describeDishSearch } from "./search-description";

describe("describeDishSearch", () => {
  it("states the query in words", () => {
    expect(describeDishSearch({})).toBe("Dishes");
    expect(describeDishSearch({ diet: ["vegan"], cityName: "Berlin" })).toBe("Vegan dishes in Berlin");
    expect(describeDishSearch({ q: "tofu", diet: ["vegan", "gluten-free"], cuisineName: "Japanese", cityName: "Tokyo" })).toBe(
      "Vegan, gluten-free Japanese dishes matching “tofu” in Tokyo",
    );
    expect(describeDishSearch({ excludeAllergens: ["milk", "nuts"], maxPrice: "20", currency: "CHF", openNow: true })).toBe(
      "Dishes without milk (including lactose) and nuts, up to CHF\u00a020.00, open now",
    );
    expect(describeDishSearch({ near: "47.3769,8.5417" })).toBe("Dishes within 5 km of 47.3769,8.5417");
  });
});
