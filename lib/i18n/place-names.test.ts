import { describe, expect, it } from "vitest";
import { offerFor } from "../../app/_components/language-hint";
import { badgeName, countryName, cuisineName, menuInLanguage, TRANSLATED_CUISINES, TRANSLATED_LANGUAGES } from "./place-names";
import directory from "../../prisma/demo/directory.json";

describe("names the service writes, in the page's language", () => {
  it("every cuisine of the demo directory has a name in every language of the demo menus", () => {
    const names = (directory as { cuisines: { name: string }[] }).cuisines.map((c) => c.name);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      expect(TRANSLATED_CUISINES, name).toContain(name);
      for (const lang of TRANSLATED_LANGUAGES) expect(cuisineName(name, lang).lang, `${name} in ${lang}`).toBeNull();
    }
    expect(cuisineName("Japanese", "ja").text).toBe("日本料理");
    expect(cuisineName("Italian", "de").text).toBe("Italienisch");
    expect(cuisineName("Italian", "pt-BR").text).toBe("Italiana");
    // Not in the table: as written, marked English.
    expect(cuisineName("Klingon", "de")).toEqual({ text: "Klingon", lang: "en" });
  });

  it("badges of the format are translated; the owner's own stay theirs, marked with their language", () => {
    expect(badgeName("Chef's choice", "ja", "en")).toEqual({ text: "シェフのおすすめ", lang: null });
    expect(badgeName("New", "de", "de")).toEqual({ text: "Neu", lang: null });
    expect(badgeName("Bestseller", "en", "en")).toEqual({ text: "Bestseller", lang: null });
    expect(badgeName("Hausgemacht", "fr", "de")).toEqual({ text: "Hausgemacht", lang: "de" });
    expect(badgeName("Hausgemacht", "de", "de")).toEqual({ text: "Hausgemacht", lang: null });
  });

  it("countries through CLDR", () => {
    expect(countryName("us", "ja")).toBe("アメリカ合衆国");
    expect(countryName("DE", "de")).toBe("Deutschland");
    expect(countryName(null, "de")).toBeNull();
  });

  it("the language hint offers the visitor's first language the menu has, unless the page is in it", () => {
    const offers = ["ja", "es", "pt-BR"].map((code) => ({ code, url: `/x/${code}`, ...menuInLanguage(code)! }));
    expect(offerFor(["es-ES", "en"], "en", offers)?.code).toBe("es");
    expect(offerFor(["en-GB", "es"], "en", offers)).toBeNull();
    expect(offerFor(["fr", "ja-JP"], "en", offers)?.text).toBe("このメニューを日本語で");
    expect(offerFor(["pt-PT"], "en", offers)?.code).toBe("pt-BR");
    expect(offerFor(["fr"], "en", offers)).toBeNull();
  });
});
