// What of an imported restaurant the public can see, as one hash: the importer moves the public
// updatedAt (Restaurant.contentUpdatedAt) only when this hash changes. A re-import that changes
// only private fields (stats, internal notes, item costs, hidden categories) leaves the date, and
// with it every ETag and sitemap lastmod, where it was: nothing about views, scans or private
// edits can be read from it.
//
// The fields mirror the allowlist in lib/serializers/restaurant.ts (restaurantSelect); the unit
// test next to this file checks both directions (every published field moves the hash, no private
// field does).
import { createHash } from "node:crypto";
import type { ImportRestaurant } from "./import-schema";

export function publishedContent(r: ImportRestaurant) {
  return {
    visible: r.active && r.published,
    slug: r.slug,
    name: r.name,
    description: r.description,
    currency: r.currency,
    defaultLanguage: r.defaultLanguage,
    languages: r.languages,
    cuisine: r.cuisine,
    city: r.city,
    contact: r.contact,
    openingHours: r.openingHours,
    images: r.images,
    ratings: r.ratings,
    categories: r.categories
      .filter((c) => c.visible)
      .map((c) => ({
        name: c.name,
        description: c.description,
        translations: c.translations,
        items: c.items.map((i) => ({
          name: i.name,
          description: i.description,
          translations: i.translations,
          price: i.price,
          compareAtPrice: i.compareAtPrice,
          imageUrl: i.imageUrl,
          available: i.available,
          badge: i.badge,
          tags: [...new Set(i.tags)],
          allergens: i.allergens,
          nutrition: i.nutrition,
          variants: i.variants,
        })),
      })),
  };
}

/** Canonical JSON (object keys sorted) of the published fields, hashed. */
export function publishedContentHash(r: ImportRestaurant): string {
  return createHash("sha256").update(canonicalJson(publishedContent(r))).digest("base64url");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
