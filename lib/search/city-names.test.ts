import { describe, expect, it } from "vitest";
import { cityAliases, cityKey, citySlugOf } from "./city-names";
import directory from "../../prisma/demo/directory.json";

const CITIES = (directory as { cities: { slug: string; name: string }[] }).cities;

describe("city names in every demo language and spelling", () => {
  it("reads exonyms, the Japanese menus' names and spellings without accents or umlauts", () => {
    const cases: [string, string][] = [
      ["京都", "kyoto"],
      ["東京", "tokyo"],
      ["Tokio", "tokyo"],
      ["Tóquio", "tokyo"],
      ["Koeln", "cologne"],
      ["Köln", "cologne"],
      ["KOLN", "cologne"],
      ["Colónia", "cologne"],
      ["Colônia", "cologne"],
      ["Kolonia", "cologne"],
      ["Zurich", "zurich"],
      ["Zuerich", "zurich"],
      ["Zürich", "zurich"],
      ["チューリッヒ", "zurich"],
      ["Muenchen", "munich"],
      ["Monachium", "munich"],
      ["Wiedeń", "vienna"],
      ["Krakow", "krakow"],
      ["Nowy Jork", "new-york"],
      ["Nova York", "new-york"],
      ["NYC", "new-york"],
      ["sao paulo", "sao-paulo"],
      ["Goeteborg", "gothenburg"],
      ["Lissabon", "lisbon"],
    ];
    for (const [typed, slug] of cases) expect(citySlugOf(typed, CITIES), typed).toBe(slug);
  });

  it("names nothing for a word that is no city, or a city the directory does not have", () => {
    expect(citySlugOf("karaage", CITIES)).toBeNull();
    expect(citySlugOf("Berliner", CITIES)).toBeNull();
    expect(citySlugOf("Tokio", [{ slug: "berlin", name: "Berlin" }])).toBeNull();
  });

  it("a directory city keeps its own name: another city's exonym never takes it over", () => {
    // Colonia is Cologne in Spanish and Italian, and a town in Uruguay.
    const cities = [
      { slug: "cologne", name: "Köln" },
      { slug: "colonia-del-sacramento", name: "Colonia" },
    ];
    expect(citySlugOf("Colonia", cities)).toBe("colonia-del-sacramento");
    expect(citySlugOf("Kolonia", cities)).toBe("cologne");
  });

  it("folds case, accents and hyphens alike on both sides", () => {
    expect(cityKey("São-Paulo")).toBe("sao paulo");
    expect(cityKey("  ZÜRICH ")).toBe("zurich");
    expect(cityKey("Łódź")).toBe("lodz");
    expect(cityKey("京都")).toBe("京都");
    // Built once per directory list.
    expect(cityAliases(CITIES)).toBe(cityAliases(CITIES));
  });
});
