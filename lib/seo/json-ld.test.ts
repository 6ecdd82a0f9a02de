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
  const view = buildMenuView(restaurant, "en", "JP")!;
  const ld = restaurantJsonLd(view) as any;

  it("is a schema.org Restaurant with address, geo, hours, cuisine and currency", () => {
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Restaurant");
    expect(ld.address).toMatchObject({ "@type": "PostalAddress", streetAddress: "1-2-3 Ginza", addressLocality: "Tokyo", postalCode: "104", addressCountry: "JP" });
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: 35.67, longitude: 139.77 });
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Monday", opens: "17:00", closes: "23:00" },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "18:00", closes: "01:00" },
    ]);
    // Issue 15.2: a third-party provider's rating is no review snippet of this site.
    expect(ld.aggregateRating).toBeUndefined();
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
    expect(tuna.description).toBe("Allergens: Fish, Soybeans.");
    expect(tofu.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(tofu.suitableForDiet).toEqual(["https://schema.org/VeganDiet", "https://schema.org/VegetarianDiet", "https://schema.org/LowLactoseDiet"]);
    // A sentence break between the owner's text and the allergens (issue 15.2).
    expect(tofu.description).toBe("Silken. No allergens declared.");
    expect(tofu.nutrition).toEqual({ "@type": "NutritionInformation", calories: "90 kcal" });
  });
});

describe("restaurantJsonLd in the page's language, with every price", () => {
  const withVariants: PublicRestaurant = {
    ...restaurant,
    defaultLanguage: "de",
    languages: ["de", "ja"],
    categories: [
      {
        name: "Weine",
        description: null,
        translations: {},
        items: [
          { ...restaurant.categories[0].items[0], name: "Chasselas, Lavaux", description: "Frisch und mineralisch", translations: {}, price: 8, currency: "CHF", allergens: ["sulphites"], tags: [], variants: [{ name: "1 dl", price: 8 }, { name: "5 dl", price: 36 }] },
          { ...restaurant.categories[0].items[0], name: "Rösti", description: "Knusprig!", translations: {}, price: 14.5, currency: "CHF", allergens: [], tags: [], variants: [{ name: "Klein", price: 9 }] },
        ],
      },
    ],
  };

  it("gives every size variant its own Offer, and the item's price when no variant states it", () => {
    const ld = restaurantJsonLd(buildMenuView(withVariants, "de", "CH")!) as any;
    const [wine, roesti] = ld.hasMenu.hasMenuSection[0].hasMenuItem;
    expect(wine.offers.map((o: any) => [o.name, o.price, o.priceCurrency])).toEqual([["1 dl", "8.00", "CHF"], ["5 dl", "36.00", "CHF"]]);
    expect(roesti.offers.map((o: any) => [o.name, o.price])).toEqual([[undefined, "14.50"], ["Klein", "9.00"]]);
  });

  it("states allergens in the page's language, as a sentence of their own", () => {
    const de = restaurantJsonLd(buildMenuView(withVariants, "de", "CH")!) as any;
    const [wine, roesti] = de.hasMenu.hasMenuSection[0].hasMenuItem;
    expect(wine.description).toBe("Frisch und mineralisch. Allergene: Schwefeldioxid und Sulfite.");
    expect(roesti.description).toBe("Knusprig! Keine Allergene angegeben.");
    const ja = restaurantJsonLd(buildMenuView(withVariants, "ja", "CH")!) as any;
    expect(ja.hasMenu.hasMenuSection[0].hasMenuItem[0].description).toBe("Frisch und mineralisch. アレルゲン: 二酸化硫黄及び亜硫酸塩.");
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
