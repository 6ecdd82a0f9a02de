// Issue 15.2: the JSON-LD of every menu page states the API's own numbers — every price of every
// size variant — with schema.org types and properties only, addressCountry as an ISO code, no
// third-party rating republished as the restaurant's aggregateRating, allergens as a sentence of
// their own in the page's language; Open Graph has og:locale language_TERRITORY and an image.
import { describe, expect, it } from "vitest";
import { baseUrl, get } from "../support/http";

// The schema.org properties (https://schema.org/<Type>, including those inherited from Thing,
// Place, LocalBusiness, Organization, CreativeWork, Intangible, StructuredValue) this service uses.
const SCHEMA: Record<string, string[]> = {
  Restaurant: ["@context", "@type", "@id", "name", "description", "url", "servesCuisine", "currenciesAccepted", "telephone", "image", "logo", "address", "geo", "openingHoursSpecification", "hasMenu", "acceptsReservations", "priceRange", "aggregateRating"],
  PostalAddress: ["@type", "streetAddress", "postalCode", "addressLocality", "addressRegion", "addressCountry"],
  GeoCoordinates: ["@type", "latitude", "longitude"],
  OpeningHoursSpecification: ["@type", "dayOfWeek", "opens", "closes", "validFrom", "validThrough"],
  Menu: ["@type", "@id", "name", "description", "url", "inLanguage", "hasMenuSection", "hasMenuItem"],
  MenuSection: ["@type", "name", "description", "hasMenuItem", "hasMenuSection"],
  MenuItem: ["@type", "name", "description", "image", "offers", "suitableForDiet", "nutrition", "menuAddOn"],
  Offer: ["@type", "name", "price", "priceCurrency", "availability", "description"],
  NutritionInformation: ["@type", "calories", "fatContent", "proteinContent", "carbohydrateContent"],
};

/** Every node of a JSON-LD tree with an @type, checked against SCHEMA. */
function schemaProblems(node: unknown, path = "$"): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => schemaProblems(n, `${path}[${i}]`));
  if (!node || typeof node !== "object") return [];
  const o = node as Record<string, unknown>;
  const out: string[] = [];
  if (typeof o["@type"] === "string") {
    const allowed = SCHEMA[o["@type"]];
    if (!allowed) out.push(`${path}: unexpected type ${o["@type"]}`);
    else for (const key of Object.keys(o)) if (!allowed.includes(key)) out.push(`${path}: ${o["@type"]} has no property ${key}`);
  }
  for (const [key, value] of Object.entries(o)) out.push(...schemaProblems(value, `${path}.${key}`));
  return out;
}

function jsonLdOf(html: string): any {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no JSON-LD");
  return JSON.parse(m[1]);
}

const metaContent = (html: string, attr: "property" | "name", key: string) =>
  [...html.matchAll(new RegExp(`<meta ${attr}="${key.replace(/[:]/g, "\\:")}" content="([^"]*)"`, "g"))].map((m) => m[1]);

async function allPublishedSlugs(): Promise<string[]> {
  const { cities } = (await get("/api/public/locations")).json;
  const slugs = new Set<string>();
  for (const city of cities) for (const r of (await get(`/api/public/restaurants?city=${city.slug}&limit=50`)).json.results) slugs.add(r.slug);
  return [...slugs].sort();
}

describe("structured data of the menu pages", () => {
  it("every menu: schema.org types only, the API's prices and currency, ISO country, no aggregateRating", async () => {
    const slugs = await allPublishedSlugs();
    expect(slugs.length).toBeGreaterThan(40);
    let multiPriceItems = 0;
    let multiOfferItems = 0;
    for (const slug of slugs) {
      const api = (await get(`/api/public/restaurants/${slug}`)).json;
      const ld = jsonLdOf((await get(`/${slug}`)).text);
      expect(schemaProblems(ld), slug).toEqual([]);
      expect(ld.aggregateRating, slug).toBeUndefined();
      if (ld.address?.addressCountry !== undefined) expect(ld.address.addressCountry, slug).toMatch(/^[A-Z]{2}$/);
      if (api.contact.country) expect(ld.address?.addressCountry, slug).toBeDefined();
      expect(ld.hasMenu.hasMenuSection.length, slug).toBe(api.categories.length);
      api.categories.forEach((category: any, c: number) => {
        category.items.forEach((item: any, i: number) => {
          const node = ld.hasMenu.hasMenuSection[c].hasMenuItem[i];
          const offers = [node.offers].flat();
          const expected = new Set<number>([item.price, ...(item.variants ?? []).map((v: any) => v.price)]);
          if (expected.size > 1) multiPriceItems++;
          if (offers.length > 1) multiOfferItems++;
          expect(new Set(offers.map((o: any) => Number(o.price))), `${slug} ${item.name}`).toEqual(expected);
          for (const o of offers) expect(o.priceCurrency, `${slug} ${item.name}`).toBe(api.currency);
          for (const v of item.variants ?? []) expect(offers.some((o: any) => o.name === v.name && Number(o.price) === v.price), `${slug} ${item.name} ${v.name}`).toBe(true);
          // The owner's text, then the allergens as a sentence of their own.
          if (item.description) expect(node.description, `${slug} ${item.name}`).toMatch(/[.!?。！？…:;»"”)] \S/);
        });
      });
    }
    // The demo data has size variants (wines by the decilitre, …): each is an offer of its own.
    expect(multiPriceItems).toBeGreaterThanOrEqual(40);
    expect(multiOfferItems).toBe(multiPriceItems);
  }, 120_000); // every published menu, each page a first (uncached) render: more than the default 30 s on a busy machine

  it("Chasselas, Lavaux: both sizes with their prices, allergens in German", async () => {
    const api = (await get("/api/public/restaurants/alpenstuebli-naegeli")).json;
    const wine = api.categories.flatMap((c: any) => c.items).find((i: any) => i.name === "Chasselas, Lavaux");
    expect(wine.variants).toEqual([{ name: "1 dl", price: 8 }, { name: "5 dl", price: 36 }]);
    const ld = jsonLdOf((await get("/alpenstuebli-naegeli")).text);
    const node = ld.hasMenu.hasMenuSection.flatMap((s: any) => s.hasMenuItem).find((i: any) => i.name === "Chasselas, Lavaux");
    expect(node.offers).toEqual([
      { "@type": "Offer", name: "1 dl", price: "8.00", priceCurrency: "CHF", availability: "https://schema.org/InStock" },
      { "@type": "Offer", name: "5 dl", price: "36.00", priceCurrency: "CHF", availability: "https://schema.org/InStock" },
    ]);
    expect(node.description).toBe("Weißwein vom Genfersee. Allergene: Schwefeldioxid und Sulfite.");
    const fr = jsonLdOf((await get("/alpenstuebli-naegeli/fr")).text);
    const frNode = fr.hasMenu.hasMenuSection.flatMap((s: any) => s.hasMenuItem).find((i: any) => i.name === "Chasselas, Lavaux");
    expect(frNode.description).toBe("Vin blanc du Léman. Allergènes: Anhydride sulfureux et sulfites.");
  });

  it("Open Graph and Twitter: og:locale language_TERRITORY, the restaurant's image", async () => {
    const { text } = await get("/zunfthaus-am-see");
    expect(metaContent(text, "property", "og:locale")).toEqual(["de_CH"]);
    expect(metaContent(text, "property", "og:locale:alternate")).toEqual(expect.arrayContaining(["en_US", "fr_FR"]));
    expect(metaContent(text, "property", "og:image")).toEqual(["https://images.example.org/banner.jpg"]);
    expect(metaContent(text, "name", "twitter:image")).toEqual(["https://images.example.org/banner.jpg"]);
    expect(metaContent(text, "name", "twitter:card")).toEqual(["summary_large_image"]);
    const sushi = (await get("/sushi-kaze")).text;
    expect(metaContent(sushi, "property", "og:locale")).toEqual(["ja_JP"]);
    expect(metaContent((await get("/locations")).text, "property", "og:locale")).toEqual(["en_US"]);
    expect(baseUrl()).toBeTruthy();
  });
});
