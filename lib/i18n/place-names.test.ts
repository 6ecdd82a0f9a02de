import { describe, expect, it } from "vitest";
import { offerFor } from "../../app/_components/language-hint";
import { badgeName, cityName, countryName, cuisineName, menuInLanguage, TRANSLATED_CITIES, TRANSLATED_CUISINES, TRANSLATED_LANGUAGES } from "./place-names";
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

  it("every city of the demo directory has its name in every language of the demo menus", () => {
    const cities = (directory as { cities: { slug: string; name: string; country: string }[] }).cities;
    const countries = (directory as { countries: { slug: string; language: string }[] }).countries;
    expect(cities.length).toBeGreaterThan(30);
    for (const city of cities) {
      expect(TRANSLATED_CITIES, city.slug).toContain(city.slug);
      const language = countries.find((c) => c.slug === city.country)!.language;
      for (const lang of [...TRANSLATED_LANGUAGES, "pt-BR"]) {
        const named = cityName({ slug: city.slug, name: city.name, language }, lang);
        expect(named.lang, `${city.slug} in ${lang}`).toBeNull();
        expect(named.text.trim(), `${city.slug} in ${lang}`).not.toBe("");
      }
      // Found by its stored name alone too (listings carry the name, not the slug).
      expect(cityName(city.name, "en")).toEqual(cityName({ slug: city.slug, name: city.name }, "en"));
    }
    expect(cityName({ slug: "munich", name: "München" }, "en").text).toBe("Munich");
    expect(cityName("Köln", "en").text).toBe("Cologne");
    expect(cityName("Kyoto", "ja").text).toBe("京都");
    expect(cityName("New York", "ja").text).toBe("ニューヨーク");
    expect(cityName("München", "de").text).toBe("München");
    expect(cityName("Köln", "pt").text).toBe("Colónia");
    expect(cityName("Köln", "pt-BR").text).toBe("Colônia");
  });

  it("a city the table does not have keeps its own name, marked with its language unless it is the page's", () => {
    expect(cityName({ slug: "graz", name: "Graz", language: "de" }, "fr")).toEqual({ text: "Graz", lang: "de" });
    // A slug the table lacks is another city, whatever its name: Colonia in Uruguay is not Cologne.
    expect(cityName({ slug: "colonia-del-sacramento", name: "Colonia", language: "es" }, "de")).toEqual({ text: "Colonia", lang: "es" });
    expect(cityName({ slug: "graz", name: "Graz", language: "de" }, "de-AT")).toEqual({ text: "Graz", lang: null });
    // A name alone, language unknown: as written, nothing to mark it with.
    expect(cityName("Graz", "fr")).toEqual({ text: "Graz", lang: null });
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
