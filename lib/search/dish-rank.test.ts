import { describe, expect, it } from "vitest";
import { dishRank, isDrinkSection, translatedNames } from "./dish-rank";

describe("dishRank", () => {
  const dish = (names: string[], sections = ["Mains"]) => ({ names, sections });

  it("puts q at a word start of a name first, then q inside a name, then q elsewhere, drinks last among those", () => {
    expect(dishRank(dish(["Tofu-Rührei"]), "tofu")).toBe(0);
    expect(dishRank(dish(["Agedashi tofu"]), "tofu")).toBe(0);
    expect(dishRank(dish(["湯豆腐", "Yudofu (simmered tofu)"]), "tofu")).toBe(0);
    expect(dishRank(dish(["Shoyuramen"]), "ramen")).toBe(1);
    expect(dishRank(dish(["Pad thai"]), "tofu")).toBe(2);
    expect(dishRank(dish(["Apfelschorle"], ["Getränke"]), "vegan")).toBe(3);
    // A drink whose own name has the word is what was asked for.
    expect(dishRank(dish(["Iced tea"], ["Drinks"]), "tea")).toBe(0);
  });

  it("matches the name as the search folds it (case, NFC)", () => {
    expect(dishRank(dish(["RÖSTI mit Ei"]), "rösti")).toBe(0);
    expect(dishRank(dish(["Ro\u0308sti"]), "rösti")).toBe(0);
  });

  it("without q (diet alone): dishes before drinks", () => {
    expect(dishRank(dish(["Ajoblanco"], ["Tapas"]), undefined)).toBe(0);
    expect(dishRank(dish(["Kompot domowy"], ["Napoje"]), undefined)).toBe(1);
  });
});

describe("isDrinkSection", () => {
  it.each(["Drinks", "Getränke", "Kaffee & Getränke", "Bier vom Fass", "Nealko a víno", "Napoje", "Kawa i herbata", "Bebidas", "Boissons", "Douceurs et boissons", "Dryck", "お飲み物", "珈琲・お茶", "ドリンク"])(
    "%s is a drinks section",
    (name) => expect(isDrinkSection([name])).toBe(true),
  );

  it.each(["Mains", "Italian classics", "From the grill", "Tapas", "Vorspeisen", "一品料理", "Pizza"])("%s is not", (name) => expect(isDrinkSection([name])).toBe(false));

  it("reads the translated names too", () => {
    expect(isDrinkSection(["お品書き", "Drinks"])).toBe(true);
  });
});

describe("translatedNames", () => {
  it("takes the name of each language, and nothing else", () => {
    expect(translatedNames({ en: { name: "Tofu scramble", description: "x" }, fr: { description: "y" }, de: null })).toEqual(["Tofu scramble"]);
    expect(translatedNames(null)).toEqual([]);
    expect(translatedNames("text")).toEqual([]);
  });
});
