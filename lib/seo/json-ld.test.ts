import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { buildMenuView } from "../pages/menu-view";
import { inlineContent } from "../pages/security-headers";
import type { PublicRestaurant } from "../serializers";
import { restaurantJsonLd, serializeJsonLd } from "./json-ld";

const restaurant: PublicRestaurant = {
  slug: "kaze",
  name: "Kaze </script><script>alert(1)</script>",
  description: "<!-- x --> & \u2028 line",
  url: "https://menus.example/kaze",
  updatedAt: "2026-01-01T00:00:00.000Z",
  currency: "JPY",
  defaultLanguage: "ja",
  languages: ["ja", "en"],
  cuisine: "Japanese",
  contact: { phone: "+81 3", address: "1-2-3 Ginza", city: "Tokyo", postalCode: "104", country: "Japan", latitude: 35.67, longitude: 139.77 },
  openingHours: { mon: "17:00-23:00", fri: "18:00-01:00" },
  images: { logo: "https://menus.example/logo.svg", banner: null },
  ratings: { search: { rating: 4.7, reviewCount: 120 }, travel: { rating: 4.2, reviewCount: null } },
  categories: [
    {
      name: "握り",
      description: null,
      translations: { en: { name: "Nigiri", description: "" } },
      items: [
        { name: "マグロ", description: null, translations: { en: { name: "Tuna", description: "" } }, price: 800, compareAtPrice: null, currency: "JPY", imageUrl: null, isAvailable: true, badge: null, tags: ["gluten-free"], allergens: ["fish", "soy"], nutrition: null, variants: null },
        { name: "Tofu </script>", description: "Silken", translations: {}, price: 500, compareAtPrice: null, currency: "JPY", imageUrl: null, isAvailable: false, badge: null, tags: ["vegan"], allergens: [], nutrition: { kcal: 90 }, variants: null },
      ],
    },
  ],
};

describe("restaurantJsonLd", () => {
  const view = buildMenuView(restaurant, "en")!;
  const ld = restaurantJsonLd(view) as any;

  it("is a schema.org Restaurant with address, geo, hours, rating, cuisine and currency", () => {
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Restaurant");
    expect(ld.address).toMatchObject({ "@type": "PostalAddress", streetAddress: "1-2-3 Ginza", addressLocality: "Tokyo", postalCode: "104", addressCountry: "Japan" });
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: 35.67, longitude: 139.77 });
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "17:00", closes: "23:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "18:00", closes: "01:00" },
    ]);
    expect(ld.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4.7, reviewCount: 120, bestRating: 5 });
    expect(ld.servesCuisine).toBe("Japanese");
    expect(ld.currenciesAccepted).toBe("JPY");
  });

  it("has Menu → MenuSection → MenuItem with offers, diets and allergens in words, in the page language", () => {
    expect(ld.hasMenu["@type"]).toBe("Menu");
    expect(ld.hasMenu.inLanguage).toBe("en");
    const section = ld.hasMenu.hasMenuSection[0];
    expect(section).toMatchObject({ "@type": "MenuSection", name: "Nigiri" });
    const [tuna, tofu] = section.hasMenuItem;
    expect(tuna).toMatchObject({
      "@type": "MenuItem",
      name: "Tuna",
      offers: { "@type": "Offer", price: "800", priceCurrency: "JPY", availability: "https://schema.org/InStock" },
      suitableForDiet: ["https://schema.org/GlutenFreeDiet"],
    });
    expect(tuna.description).toBe("Contains allergens: Fish, Soybeans.");
    expect(tofu.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(tofu.suitableForDiet).toEqual(["https://schema.org/VeganDiet", "https://schema.org/VegetarianDiet", "https://schema.org/LowLactoseDiet"]);
    expect(tofu.description).toBe("Silken No allergens declared.");
    expect(tofu.nutrition).toEqual({ "@type": "NutritionInformation", calories: "90 kcal" });
  });
});

describe("serializeJsonLd", () => {
  const data = { name: "</script><script>alert(1)</script>", other: "<!-- -->", amp: "a & b", ls: "x\u2028y\u2029z" };
  const json = serializeJsonLd(data);

  it("round-trips as JSON", () => {
    expect(JSON.parse(json)).toEqual(data);
  });

  it("contains no character that means anything to the HTML parser", () => {
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it("cannot break out of its script element", () => {
    const html = `<!doctype html><html><head></head><body><script type="application/ld+json">${json}</script><p>after</p></body></html>`;
    const inline = inlineContent(html);
    expect(inline.scripts).toEqual([json]);
    const doc = parse(html);
    const body = (doc.childNodes[1] as any).childNodes[1];
    expect(body.childNodes.map((n: any) => n.nodeName)).toEqual(["script", "p"]);
  });

  it("serializes a whole restaurant safely", () => {
    const out = serializeJsonLd(restaurantJsonLd(buildMenuView(restaurant)!));
    expect(out).not.toContain("</script");
    expect(JSON.parse(out).name).toBe(restaurant.name);
  });
});
