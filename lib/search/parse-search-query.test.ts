import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "./parse-search-query";

const CITIES = [
  { slug: "berlin", name: "Berlin" },
  { slug: "sao-paulo", name: "São Paulo" },
  { slug: "new-york", name: "New York" },
  { slug: "zurich", name: "Zürich" },
  { slug: "kyoto", name: "Kyoto" },
  { slug: "cologne", name: "Köln" },
  { slug: "tokyo", name: "Tokyo" },
];
const DIETS = ["vegan", "vegetarian", "gluten-free", "lactose-free", "halal"];

describe("parseSearchQuery", () => {
  it("lifts a diet word and a known city out of the text", () => {
    expect(parseSearchQuery("vegan berlin", CITIES, DIETS)).toEqual({ text: "", restaurantText: "vegan", diet: ["vegan"], city: "berlin" });
    expect(parseSearchQuery("Vegan in Berlin", CITIES, DIETS)).toEqual({ text: "", restaurantText: "vegan", diet: ["vegan"], city: "berlin" });
  });

  it("keeps dish words as text", () => {
    for (const q of ["karaage", "edamame", "tofu", "sushi"]) expect(parseSearchQuery(q, CITIES, DIETS)).toEqual({ text: q, restaurantText: q, diet: [], city: null });
    expect(parseSearchQuery("tofu zürich", CITIES, DIETS)).toEqual({ text: "tofu", restaurantText: "tofu", diet: [], city: "zurich" });
  });

  it("reads cities of several words, by name or slug, in any case", () => {
    expect(parseSearchQuery("feijoada SÃO PAULO", CITIES, DIETS).city).toBe("sao-paulo");
    expect(parseSearchQuery("pizza new york", CITIES, DIETS)).toMatchObject({ text: "pizza", city: "new-york" });
    expect(parseSearchQuery("sao-paulo", CITIES, DIETS).city).toBe("sao-paulo");
  });

  it("reads a city in any demo language or spelling: exonyms, the Japanese menus' names, no accents or umlauts", () => {
    expect(parseSearchQuery("京都", CITIES, DIETS)).toEqual({ text: "", restaurantText: "", diet: [], city: "kyoto" });
    expect(parseSearchQuery("ramen Tokio", CITIES, DIETS)).toMatchObject({ text: "ramen", city: "tokyo" });
    expect(parseSearchQuery("vegan in Koeln", CITIES, DIETS)).toEqual({ text: "", restaurantText: "vegan", diet: ["vegan"], city: "cologne" });
    expect(parseSearchQuery("fondue Zurich", CITIES, DIETS)).toMatchObject({ text: "fondue", city: "zurich" });
    expect(parseSearchQuery("feijoada em São-Paulo", CITIES, DIETS)).toMatchObject({ text: "feijoada", city: "sao-paulo" });
    expect(parseSearchQuery("pizza Nowy Jork", CITIES, DIETS)).toMatchObject({ text: "pizza", city: "new-york" });
  });

  it("reads diet spellings with or without the hyphen, once each", () => {
    expect(parseSearchQuery("gluten free pasta gluten-free", CITIES, DIETS)).toMatchObject({ text: "pasta", diet: ["gluten-free"] });
    expect(parseSearchQuery("glutenfree", CITIES, DIETS).diet).toEqual(["gluten-free"]);
  });

  it("leaves the city alone when the form named one", () => {
    expect(parseSearchQuery("vegan berlin", CITIES, DIETS, { findCity: false })).toEqual({ text: "berlin", restaurantText: "vegan berlin", diet: ["vegan"], city: null });
  });

  it("a word that only contains a city or diet is text", () => {
    expect(parseSearchQuery("berliner veganer", CITIES, DIETS)).toEqual({ text: "berliner veganer", restaurantText: "berliner veganer", diet: [], city: null });
  });
});
