import { describe, expect, it } from "vitest";
import { hidesDish, menuFilterQuery, NO_FILTER, parseMenuFilter } from "./menu-view-filter";

describe("menu filter query", () => {
  it("reads comma lists and repeated checkboxes alike, in one order", () => {
    const a = parseMenuFilter(new URLSearchParams("excludeAllergens=milk,gluten&diet=vegan&hideUnavailable=true"));
    const b = parseMenuFilter(new URLSearchParams("excludeAllergens=gluten&excludeAllergens=milk&diet=vegan&hideUnavailable=true"));
    expect(a).toEqual({ hiddenAllergens: ["gluten", "milk"], diet: "vegan", hideUnavailable: true });
    expect(b).toEqual(a);
    expect(menuFilterQuery(a)).toBe("excludeAllergens=gluten,milk&diet=vegan&hideUnavailable=true");
  });

  it("drops what it does not know", () => {
    expect(parseMenuFilter(new URLSearchParams("excludeAllergens=plutonium,,nuts&diet=carnivore&hideUnavailable=1&utm_source=x"))).toEqual({
      hiddenAllergens: ["nuts"],
      diet: "",
      hideUnavailable: false,
    });
    expect(menuFilterQuery(NO_FILTER)).toBe("");
  });

  it("hides a dish that contains a left-out allergen, misses the diet, or is unavailable when asked", () => {
    const soup = { allergens: ["celery", "milk"], diets: ["vegetarian"], available: true };
    expect(hidesDish(soup, NO_FILTER)).toBe(false);
    expect(hidesDish(soup, { ...NO_FILTER, hiddenAllergens: ["milk"] })).toBe(true);
    expect(hidesDish(soup, { ...NO_FILTER, hiddenAllergens: ["nuts"] })).toBe(false);
    expect(hidesDish(soup, { ...NO_FILTER, diet: "vegan" })).toBe(true);
    expect(hidesDish(soup, { ...NO_FILTER, diet: "vegetarian" })).toBe(false);
    expect(hidesDish({ ...soup, available: false }, { ...NO_FILTER, hideUnavailable: true })).toBe(true);
  });
});
