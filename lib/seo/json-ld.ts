// schema.org structured data for a menu page: Restaurant (address, geo, opening hours, cuisine,
// currency) with hasMenu → Menu → MenuSection → MenuItem (one Offer per price — every size
// variant has its own — suitableForDiet from the tags, allergens stated in words in the page's
// language). Built from the same MenuView as the page, so it states the API's own numbers.
//
// No aggregateRating: the ratings the service holds are a third-party provider's, and Google's
// review-snippet guidelines exclude ratings aggregated from other sites (and a business rating
// itself); they stay on the page and in the API, attributed to their provider.
import type { DayOfWeek, NutritionInformation, Offer, Restaurant, RestrictedDiet, WithContext } from "schema-dts";
import { DIETS, type ItemView, type MenuView } from "../pages/menu-view";

// Typed with schema-dts (Google's schema.org types): a property that does not exist on a type, or
// a value of the wrong type, does not compile.
const SCHEMA_DAY: Record<string, DayOfWeek> = {
  mon: "https://schema.org/Monday",
  tue: "https://schema.org/Tuesday",
  wed: "https://schema.org/Wednesday",
  thu: "https://schema.org/Thursday",
  fri: "https://schema.org/Friday",
  sat: "https://schema.org/Saturday",
  sun: "https://schema.org/Sunday",
};

/** A JSON number as schema.org prices want it: "14.50" for CHF, "800" for JPY. */
function priceString(value: number, currency: string): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return value.toFixed(digits);
}

export function restaurantJsonLd(view: MenuView): WithContext<Restaurant> {
  const r = view.restaurant;
  const c = r.contact;
  const images = [r.images.banner, r.images.logo].filter((u): u is string => u !== null);

  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    "@id": `${view.url}#restaurant`,
    name: view.name,
    description: view.description ?? undefined,
    url: view.url,
    servesCuisine: r.cuisine ?? undefined,
    currenciesAccepted: r.currency,
    telephone: c.phone ?? undefined,
    image: images.length ? images : undefined,
    logo: r.images.logo ?? undefined,
    address:
      c.address || c.city || c.postalCode || c.country
        ? {
            "@type": "PostalAddress",
            streetAddress: c.address ?? undefined,
            postalCode: c.postalCode ?? undefined,
            addressLocality: c.city ?? undefined,
            // ISO 3166-1 alpha-2, as schema.org and Google expect (the name is not a code).
            addressCountry: view.countryCode ?? undefined,
          }
        : undefined,
    geo: c.latitude !== null && c.longitude !== null ? { "@type": "GeoCoordinates", latitude: c.latitude, longitude: c.longitude } : undefined,
    openingHoursSpecification: view.openingHours
      ? view.openingHours
          .flatMap((d) =>
            d.opens && d.closes ? [{ "@type": "OpeningHoursSpecification" as const, dayOfWeek: SCHEMA_DAY[d.day], opens: d.opens, closes: d.closes }] : [],
          )
      : undefined,
    hasMenu: {
      "@type": "Menu",
      "@id": `${view.url}#menu`,
      name: `${view.name} menu`,
      inLanguage: view.lang,
      url: view.url,
      hasMenuSection: view.categories.map((category) => ({
        "@type": "MenuSection",
        name: category.name.text,
        description: category.description?.text,
        hasMenuItem: category.items.map((item) => ({
          "@type": "MenuItem",
          name: item.name.text,
          description: itemDescription(item, view),
          image: item.imageUrl ?? undefined,
          offers: offersOf(item),
          suitableForDiet: item.diets.length ? item.diets.map((d): RestrictedDiet => DIETS[d].schema) : undefined,
          nutrition: nutritionJsonLd(item.nutrition),
        })),
      })),
    },
  };
}

/**
 * The item's description, then its allergens as a sentence of their own, in the labels' language
 * ("… Allergene: Eier, Senf."). A description that does not end a sentence gets a full stop.
 */
function itemDescription(item: ItemView, view: MenuView): string {
  const t = view.labels;
  const allergens = item.allergens.length ? `${t.allergens}: ${item.allergens.map((a) => a.label).join(", ")}.` : `${t.noAllergens}.`;
  const text = item.description?.text.trim();
  if (!text) return allergens;
  return `${/[.!?。！？…:;»"”)]$/.test(text) ? text : `${text}.`} ${allergens}`;
}

/**
 * One Offer per price the page shows: every size variant with its name, and the item's own
 * price unless a variant already states it (a menu's "1 dl 8.00 · 5 dl 36.00" has price 8.00).
 */
function offersOf(item: ItemView): Offer | Offer[] {
  const availability = item.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const offer = (price: number, name?: string): Offer => ({
    "@type": "Offer",
    name,
    price: priceString(price, item.currency),
    priceCurrency: item.currency,
    availability,
  });
  if (item.variants.length === 0) return offer(item.priceValue);
  const variants = item.variants.map((v) => offer(v.priceValue, v.name));
  return item.variants.some((v) => v.priceValue === item.priceValue) ? variants : [offer(item.priceValue), ...variants];
}

function nutritionJsonLd(entries: { key: string; raw: string }[]): NutritionInformation | undefined {
  const kcal = entries.find((e) => e.key === "kcal" || e.key === "calories");
  if (!kcal) return undefined;
  return { "@type": "NutritionInformation", calories: `${kcal.raw} kcal` };
}

/**
 * JSON for an inline <script type="application/ld+json">. JSON.stringify alone is not enough:
 * "</script>" (or "<!--") inside a string would end or confuse the script element. Every "<",
 * ">" and "&" becomes a JSON \u escape — the same data for a JSON parser, inert for HTML —
 * as do U+2028/U+2029.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
