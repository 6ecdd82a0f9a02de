import { describe, expect, it } from "vitest";
import { ALLERGENS } from "../menu/allergens";
import { LABEL_LANGUAGES, menuLabels } from "./menu-labels";

describe("menuLabels", () => {
  it("has labels for every language the demo data uses", () => {
    for (const lang of ["en", "de", "fr", "it", "es", "pt", "pt-BR", "pl", "cs", "sv", "ja", "tr"]) {
      const t = menuLabels(lang);
      expect(t.lang, lang).toBe(lang);
      expect(t.fallback, lang).toBeNull();
    }
  });

  it("no language but English reuses an English label", () => {
    const en = menuLabels("en");
    for (const lang of LABEL_LANGUAGES.filter((l) => l !== "en")) {
      const t = menuLabels(lang);
      for (const key of ["openingHours", "closed", "allergens", "jumpToMenu", "noDishes"] as const) expect(t[key], `${lang}.${key}`).not.toBe(en[key]);
      expect(t.filter.title, lang).not.toBe(en.filter.title);
      const same = ALLERGENS.filter((a) => t.allergenNames[a] === en.allergenNames[a]);
      // Only names that are the same word in both ("Lupin" in French and Swedish).
      expect(same.length, `${lang}: ${same.join(", ")}`).toBeLessThanOrEqual(1);
    }
  });

  it("uses the EU regulation's wording (Annex II) where there is one", () => {
    expect(menuLabels("de").allergenNames).toMatchObject({ gluten: "Glutenhaltiges Getreide", nuts: "Schalenfrüchte", molluscs: "Weichtiere" });
    expect(menuLabels("fr").allergenNames).toMatchObject({ nuts: "Fruits à coque", sulphites: "Anhydride sulfureux et sulfites" });
    expect(menuLabels("en").allergenNames).toMatchObject({ gluten: "Cereals containing gluten", nuts: "Nuts", soy: "Soybeans" });
  });

  it("names the days in the language, Monday first", () => {
    expect(Object.values(menuLabels("de").days)).toEqual(["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]);
    expect(menuLabels("ja").days.mon).toBe("月曜日");
    expect(menuLabels("fr").days.sun).toBe("Dimanche");
  });

  it("has Brazilian Portuguese labels of its own, with Brazil's words and no note", () => {
    const brazil = menuLabels("pt-BR");
    expect(brazil).toMatchObject({ lang: "pt-BR", fallback: null, menu: "Cardápio", contact: "Contato", allergens: "Alergênicos" });
    expect(menuLabels("pt").menu).toBe("Ementa");
  });

  it("falls back to the base language silently, to English with a note", () => {
    const portugal = menuLabels("pt-PT");
    expect(portugal).toMatchObject({ lang: "pt", fallback: null, menu: "Ementa" });
    expect(menuLabels("de-AT")).toMatchObject({ lang: "de", fallback: null });
    const dutch = menuLabels("nl");
    expect(dutch.lang).toBe("en");
    expect(dutch.fallback).toBe("Labels in English: there is no translation into Dutch yet.");
  });
});
