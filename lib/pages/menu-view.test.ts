import { afterEach, describe, expect, it, vi } from "vitest";
import type { PublicRestaurant } from "../serializers";
import { buildMenuView, dietsOf, formatPrice, languageName, openingDays, tagLabel } from "./menu-view";
import { resetConfig } from "../config";

const base: PublicRestaurant = {
  slug: "z",
  name: "Z",
  description: null,
  url: "https://menus.example/z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  currency: "CHF",
  defaultLanguage: "de",
  languages: ["de", "en"],
  cuisine: null,
  contact: { phone: null, address: "Seestrasse 12", city: "Zürich", postalCode: "8002", country: "Switzerland", latitude: null, longitude: null },
  openingHours: null,
  images: { logo: null, banner: null },
  ratings: { search: null, travel: null },
  categories: [
    {
      name: "Vorspeisen",
      description: "Zum Teilen",
      translations: { en: { name: "Starters", description: "" } },
      items: [
        { name: "Suppe", description: "Heiss", translations: { en: { name: "Soup", description: "Hot" } }, price: 14.5, compareAtPrice: 16, currency: "CHF", imageUrl: null, isAvailable: true, badge: " ", tags: ["vegan", "spicy"], allergens: ["celery"], nutrition: null, variants: [{ name: "Klein", price: 9 }] },
        { name: "Tatar", description: null, translations: {}, price: 28, compareAtPrice: null, currency: "CHF", imageUrl: null, isAvailable: false, badge: "Neu", tags: [], allergens: ["eggs", "mustard"], nutrition: null, variants: null },
      ],
    },
  ],
};

describe("buildMenuView", () => {
  it("names nutrition facts in the page's language with their units (issue 25.6); unknown keys stay the owner's", () => {
    const withNutrition: PublicRestaurant = {
      ...base,
      categories: [{ ...base.categories[0], items: [{ ...base.categories[0].items[0], nutrition: { kcal: 640, protein_g: 12.5, fibre: "3 g" } }] }],
    };
    const de = buildMenuView(withNutrition, "de")!.categories[0].items[0].nutrition;
    expect(de.map((n) => [n.name, n.value])).toEqual([
      ["Brennwert", "640\u00a0kcal"],
      ["Eiweiß", "12,5\u00a0g"],
      ["fibre", "3 g"],
    ]);
    expect(buildMenuView(withNutrition, "en")!.categories[0].items[0].nutrition[1]).toEqual({ key: "protein_g", name: "Protein", value: "12.5\u00a0g", raw: "12.5" });
  });

  it("the open/closed line and today in the restaurant's zone, the directions link and the EU note", () => {
    const hours = { ...base, openingHours: { tue: "11:30-14:00" }, contact: { ...base.contact, latitude: 47.36, longitude: 8.54 } };
    // Monday 2026-11-30 12:00 in Zürich (11:00Z).
    const v = buildMenuView(hours, "de", { countryCode: "CH", timeZone: "Europe/Zurich" }, new Date("2026-11-30T11:00:00Z"))!;
    // The line holds from Monday's local midnight to Tuesday's, when it becomes "öffnet heute".
    expect(v.openStatus).toEqual({
      open: false,
      text: "Geschlossen · öffnet morgen 11:30",
      asOf: "12:00",
      today: "mon",
      from: Date.parse("2026-11-29T23:00:00Z"),
      until: Date.parse("2026-11-30T23:00:00Z"),
    });
    // The name and the address as the restaurant writes it (German, Swiss order), not the coordinates.
    expect(v.directions?.google).toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent("Z, Seestrasse 12, 8002 Zürich, Schweiz")}`);
    expect(v.directions?.apple).toContain("&sll=47.36,8.54");
    expect(v.euAllergenRules).toBe(false);
    expect(buildMenuView(hours, "de", { countryCode: "DE", timeZone: null })!.euAllergenRules).toBe(true);
    expect(buildMenuView(hours, "de", { countryCode: "DE", timeZone: null })!.openStatus).toBeNull();
  });

  it("uses translations and marks what fell back to the default language", () => {
    const v = buildMenuView(base, "en")!;
    const cat = v.categories[0];
    expect(cat.name).toEqual({ text: "Starters", lang: "en" });
    expect(cat.description).toEqual({ text: "Zum Teilen", lang: "de" });
    expect(cat.items[0].name).toEqual({ text: "Soup", lang: "en" });
    expect(cat.items[0].description).toEqual({ text: "Hot", lang: "en" });
    expect(cat.items[1].name).toEqual({ text: "Tatar", lang: "de" });
    expect(v.url).toBe(`${process.env.PUBLIC_BASE_URL?.replace(/\/+$/, "") || `http://localhost:${process.env.PORT || 3000}`}/z/en`);
    expect(v.languages.map((l) => [l.code, l.current])).toEqual([["de", false], ["en", true]]);
  });

  describe("image sources of the page", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      resetConfig();
    });

    it("are root-relative for files on PUBLIC_BASE_URL, as published elsewhere, and external URLs stay as they are", () => {
      vi.stubEnv("PUBLIC_BASE_URL", "https://menus.example.org/");
      resetConfig();
      const withImages: PublicRestaurant = {
        ...base,
        images: { logo: "https://menus.example.org/demo/logos/z.svg", banner: "https://cdn.example.net/banner.jpg" },
        categories: [{ ...base.categories[0], items: [{ ...base.categories[0].items[0], imageUrl: "https://menus.example.org/demo/dishes/soup.svg?v=2" }] }],
      };
      const v = buildMenuView(withImages)!;
      expect(v.imageSrc).toEqual({ logo: "/demo/logos/z.svg", banner: "https://cdn.example.net/banner.jpg" });
      expect(v.categories[0].items[0].imageSrc).toBe("/demo/dishes/soup.svg?v=2");
      // The absolute URL stays for what is read away from the page (JSON-LD).
      expect(v.categories[0].items[0].imageUrl).toBe("https://menus.example.org/demo/dishes/soup.svg?v=2");
    });

    it("leave a look-alike host alone", () => {
      vi.stubEnv("PUBLIC_BASE_URL", "https://example.org");
      resetConfig();
      const v = buildMenuView({ ...base, images: { logo: "https://example.org/demo/l.svg", banner: "https://example.org.evil.test/b.svg" } })!;
      expect(v.imageSrc).toEqual({ logo: "/demo/l.svg", banner: "https://example.org.evil.test/b.svg" });
    });
  });

  it("is null for a language the restaurant does not offer", () => {
    expect(buildMenuView(base, "fr")).toBeNull();
  });

  it("formats prices, keeps availability, badges, diets and allergens", () => {
    const v = buildMenuView(base)!;
    const [soup, tatar] = v.categories[0].items;
    expect(soup.price).toBe(formatPrice(14.5, "CHF", "de"));
    expect(soup.compareAtPrice).toBe(formatPrice(16, "CHF", "de"));
    expect(soup.badge).toBeNull();
    expect(soup.diets).toEqual(["vegan", "vegetarian", "lactose-free"]);
    expect(soup.variants).toEqual([{ name: "Klein", price: formatPrice(9, "CHF", "de"), priceValue: 9, lang: null }]);
    expect(tatar.badge).toEqual({ text: "Neu", lang: null });
    // On the English page the owner's German words stay German, and say so (issue 25.6).
    const en = buildMenuView(base, "en")!;
    expect(en.categories[0].items[0].variants[0]).toMatchObject({ name: "Klein", lang: "de" });
    expect(en.categories[0].items[1].badge).toEqual({ text: "Neu", lang: "de" });
    expect(tatar.available).toBe(false);
    // The default language is German: Annex II's German wording (issue 15.3).
    expect(tatar.allergens.map((a) => a.label)).toEqual(["Eier", "Senf"]);
    expect(v.labels.lang).toBe("de");
    expect(v.allergensPresent.map((a) => a.code)).toEqual(["eggs", "celery", "mustard"]);
    expect(v.dietsPresent.map((d) => d.code)).toEqual(["vegan", "vegetarian", "lactose-free"]);
    expect(v.address).toBe("Seestrasse 12, 8002 Zürich, Switzerland");
    expect(v.itemCount).toBe(2);
  });
});

describe("helpers", () => {
  it("lists all seven days, closed ones and overnight ranges", () => {
    const days = openingDays({ mon: "10:00-01:00", wed: "11:30-14:00" })!;
    expect(days.map((d) => d.day)).toEqual(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);
    expect(days[0]).toMatchObject({ hours: "10:00–01:00", overnight: true });
    expect(days[1]).toMatchObject({ hours: null });
    expect(days[2]).toMatchObject({ hours: "11:30–14:00", overnight: false, opens: "11:30", closes: "14:00" });
    expect(openingDays(null)).toBeNull();
  });

  it("names languages in themselves and labels tags", () => {
    expect(languageName("de")).toBe("Deutsch");
    expect(languageName("fr")).toBe("Français");
    expect(languageName("zz-ZZ")).toBe("zz-ZZ");
    expect(tagLabel("chef-s-choice")).toEqual({ label: "Chef's choice", lang: "en" });
    expect(tagLabel("house-special")).toEqual({ label: "House special", lang: null });
    expect(dietsOf(["vegetarian"])).toEqual(["vegetarian"]);
  });

  it("formats JPY without decimals", () => {
    expect(formatPrice(800, "JPY", "en")).toBe("¥800");
    // The restaurant's country is the region of the format (issue 25.7: Swiss prices read "CHF 14.50").
    expect(formatPrice(14.5, "CHF", "de", "CH")).toBe("CHF\u00a014.50");
    expect(formatPrice(14.5, "CHF", "it", "CH")).toBe("CHF\u00a014.50");
    expect(formatPrice(14.5, "EUR", "de", "DE")).toBe("14,50\u00a0€");
    expect(formatPrice(14.5, "BRL", "pt-BR", "PT")).toBe(formatPrice(14.5, "BRL", "pt-BR"));
  });

  it("writes the address in the order of the restaurant's country: a US city before its ZIP code", () => {
    const us = { ...base, contact: { ...base.contact, address: "214 East 6th Street", city: "New York", postalCode: "10003", country: "US" } };
    expect(buildMenuView(us, "en", { countryCode: "US", timeZone: null })!.address).toBe("214 East 6th Street, New York 10003, United States");
    expect(buildMenuView(base, "de", { countryCode: "CH", timeZone: null })!.address).toBe("Seestrasse 12, 8002 Zürich, Schweiz");
  });

  it("reads clocks as the restaurant's country does: 12 hours and midnight in the US, 24 in Japan", () => {
    const late = { ...base, openingHours: { mon: "17:30-24:00", tue: "11:30-23:30" } };
    // Monday 2026-11-30 20:00 in New York (Tuesday 01:00Z).
    const now = new Date("2026-12-01T01:00:00Z");
    const us = buildMenuView(late, "en", { countryCode: "US", timeZone: "America/New_York" }, now)!;
    expect(us.locale).toBe("en-US");
    expect(us.openStatus?.text).toBe("Open until midnight");
    expect(us.openStatus?.asOf).toBe("8\u00a0PM");
    expect(us.openingHours?.slice(0, 2).map((d) => d.hours)).toEqual(["5:30\u00a0PM–midnight", "11:30\u00a0AM–11:30\u00a0PM"]);
    const gb = buildMenuView(late, "en", { countryCode: "GB", timeZone: "America/New_York" }, now)!;
    expect(gb.openStatus?.text).toBe("Open until 24:00");
    expect(gb.openingHours?.[0].hours).toBe("17:30–24:00");
  });
});
