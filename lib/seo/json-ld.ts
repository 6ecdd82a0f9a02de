// schema.org structured data for a menu page: Restaurant (address, geo, opening hours, ratings,
// cuisine, currency) with hasMenu → Menu → MenuSection → MenuItem (offers with price and
// currency, suitableForDiet from the tags, allergens stated in words). Built from the same
// MenuView as the page, in the page's language.
import { DIETS, type MenuView } from "../pages/menu-view";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

const SCHEMA_DAY: Record<string, string> = {
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

export function restaurantJsonLd(view: MenuView): { [key: string]: Json | undefined } {
  const r = view.restaurant;
  const c = r.contact;
  const best = [...view.ratings].sort((a, b) => (b.reviewCount ?? 0) - (a.reviewCount ?? 0))[0];
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
            addressCountry: c.country ?? undefined,
          }
        : undefined,
    geo: c.latitude !== null && c.longitude !== null ? { "@type": "GeoCoordinates", latitude: c.latitude, longitude: c.longitude } : undefined,
    openingHoursSpecification: view.openingHours
      ? view.openingHours
          .filter((d) => d.opens && d.closes)
          .map((d) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: SCHEMA_DAY[d.day], opens: d.opens, closes: d.closes }))
      : undefined,
    aggregateRating: best
      ? {
          "@type": "AggregateRating",
          ratingValue: best.rating,
          bestRating: 5,
          worstRating: 0,
          reviewCount: best.reviewCount ?? undefined,
        }
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
        hasMenuItem: category.items.map((item) => {
          const allergenWords = item.allergens.length ? `Contains allergens: ${item.allergens.map((a) => a.label).join(", ")}.` : "No allergens declared.";
          return {
            "@type": "MenuItem",
            name: item.name.text,
            description: [item.description?.text, allergenWords].filter(Boolean).join(" "),
            image: item.imageUrl ?? undefined,
            offers: {
              "@type": "Offer",
              price: priceString(item.priceValue, item.currency),
              priceCurrency: item.currency,
              availability: item.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            },
            suitableForDiet: item.diets.length ? item.diets.map((d) => DIETS[d].schema) : undefined,
            nutrition: nutritionJsonLd(item.nutrition),
          };
        }),
      })),
    },
  };
}

function nutritionJsonLd(entries: { name: string; value: string }[]): Json | undefined {
  const kcal = entries.find((e) => e.name === "kcal" || e.name === "calories");
  if (!kcal) return undefined;
  return { "@type": "NutritionInformation", calories: `${kcal.value} kcal` };
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
