import { describe, expect, it } from "vitest";
import { NO_FILTER } from "./menu-view-filter";
import { forgetFilter, readSavedFilter, SAVED_FILTER_KEY, saveFilter, savedFilterText } from "./saved-menu-filter";

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("the remembered menu filter", () => {
  it("keeps allergens and diet in the address's spelling, not 'hide unavailable'", () => {
    const store = memoryStore();
    saveFilter(store, { hiddenAllergens: ["milk", "gluten"], diet: "vegan", hideUnavailable: true });
    expect(store.map.get(SAVED_FILTER_KEY)).toBe("excludeAllergens=gluten,milk&diet=vegan");
    expect(readSavedFilter(store)).toEqual({ hiddenAllergens: ["gluten", "milk"], diet: "vegan", hideUnavailable: false });
  });

  it("forgets when the choice is nothing, or when asked", () => {
    const store = memoryStore();
    saveFilter(store, { ...NO_FILTER, hiddenAllergens: ["fish"] });
    saveFilter(store, { ...NO_FILTER, hideUnavailable: true });
    expect(store.map.has(SAVED_FILTER_KEY)).toBe(false);
    saveFilter(store, { ...NO_FILTER, diet: "vegetarian" });
    forgetFilter(store);
    expect(readSavedFilter(store)).toBeNull();
  });

  it("reads back only what an address may say, and survives blocked storage", () => {
    const store = memoryStore();
    store.map.set(SAVED_FILTER_KEY, "excludeAllergens=plutonium&diet=carnivore");
    expect(readSavedFilter(store)).toBeNull();
    store.map.set(SAVED_FILTER_KEY, `excludeAllergens=${"x".repeat(2000)},nuts`);
    expect(readSavedFilter(store)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(readSavedFilter(blocked)).toBeNull();
    expect(() => saveFilter(blocked, { ...NO_FILTER, diet: "vegan" })).not.toThrow();
  });

  it("says what it hides in the menu's language", () => {
    const words = {
      hiding: "Hiding dishes with {allergens}",
      onlyDiet: "Only: {diet}",
      allergenNames: { gluten: "Cereals containing gluten", milk: "Milk (including lactose)" },
      dietNames: { vegan: "Vegan" },
    };
    expect(savedFilterText({ hiddenAllergens: ["gluten", "milk"], diet: "vegan", hideUnavailable: false }, words, "en")).toBe(
      "Hiding dishes with cereals containing gluten and milk (including lactose) · Only: Vegan",
    );
    const de = { ...words, hiding: "Ausgeblendete Allergene: {allergens}", allergenNames: { gluten: "Glutenhaltiges Getreide", milk: "Milch" } };
    expect(savedFilterText({ ...NO_FILTER, hiddenAllergens: ["gluten", "milk"] }, de, "de")).toBe("Ausgeblendete Allergene: Glutenhaltiges Getreide und Milch");
  });
});
