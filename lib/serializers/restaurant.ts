// The allowlist for a restaurant: the Prisma `select` names every column that may leave the
// service, and the mapper builds the public shape from exactly those. A column added to the schema
// stays private until it is added here on purpose.
import type { Prisma } from "../db/generated/client";
import { sortAllergens, type Allergen } from "../menu/allergens";
import { DAY_KEYS } from "../search/opening-hours";
import { toMajor } from "../menu/money";
import { absoluteUrl, siteUrls } from "../site-urls";
import type { PublicCategory, PublicMenuItem, PublicRestaurant, PublicSearchResult } from "./public-schemas";

/** Visibility rule (contract section 3): active restaurant, published menu. */
export const publishedRestaurantWhere = { isActive: true, menuPublished: true } satisfies Prisma.RestaurantWhereInput;

export const menuItemSelect = {
  name: true,
  description: true,
  translations: true,
  priceMinor: true,
  compareAtMinor: true,
  imageUrl: true,
  isAvailable: true,
  badge: true,
  tags: true,
  allergens: true,
  nutrition: true,
  variants: true,
} satisfies Prisma.MenuItemSelect;

/**
 * The published "updatedAt": when a published field last changed (set by the importer, see
 * lib/import/published-content.ts), never the row's own @updatedAt, which counters and private
 * edits move. Rows imported before that column existed fall back to their creation.
 */
export const publishedDateSelect = { contentUpdatedAt: true, createdAt: true } satisfies Prisma.RestaurantSelect;

export function publishedDate(row: { contentUpdatedAt: Date | null; createdAt: Date }): string {
  return (row.contentUpdatedAt ?? row.createdAt).toISOString();
}

export const restaurantSelect = {
  slug: true,
  name: true,
  description: true,
  ...publishedDateSelect,
  currency: true,
  defaultLanguage: true,
  languages: true,
  cuisine: { select: { name: true } },
  city: { select: { name: true, country: { select: { name: true } } } },
  phone: true,
  address: true,
  postalCode: true,
  latitude: true,
  longitude: true,
  openingHours: true,
  logoUrl: true,
  bannerUrl: true,
  searchRating: true,
  searchReviewCount: true,
  travelRating: true,
  travelReviewCount: true,
  categories: {
    where: { isVisible: true },
    orderBy: { position: "asc" },
    select: {
      name: true,
      description: true,
      translations: true,
      items: { orderBy: { position: "asc" }, select: menuItemSelect },
    },
  },
} satisfies Prisma.RestaurantSelect;

export type RestaurantRow = Prisma.RestaurantGetPayload<{ select: typeof restaurantSelect }>;

/**
 * What a listing card shows beside a search result (pages only, never the API): the hours and the
 * city's time zone (open now), the city's slug and language (its name in the page's language), the
 * banner (the card's photo) and the published prices of the dishes on sale (the price indication).
 * All of it is published on the menu itself.
 */
export const listingFactsSelect = {
  slug: true,
  currency: true,
  openingHours: true,
  bannerUrl: true,
  city: { select: { timeZone: true, slug: true, name: true, country: { select: { language: true } } } },
  categories: { where: { isVisible: true }, select: { items: { where: { isAvailable: true }, select: { priceMinor: true } } } },
} satisfies Prisma.RestaurantSelect;

export type ListingFactsRow = Prisma.RestaurantGetPayload<{ select: typeof listingFactsSelect }>;

/** A listing card's facts as published data: hours by weekday, zone, banner URL, prices in major units. */
export function serializeListingFacts(row: ListingFactsRow) {
  return {
    slug: row.slug,
    currency: row.currency,
    openingHours: openingHours(row.openingHours),
    timeZone: row.city?.timeZone ?? null,
    city: row.city && { slug: row.city.slug, name: row.city.name, language: row.city.country.language },
    banner: row.bannerUrl === null ? null : absoluteUrl(row.bannerUrl),
    prices: row.categories.flatMap((c) => c.items.map((i) => toMajor(i.priceMinor, row.currency))),
  };
}
type MenuItemRow = Prisma.MenuItemGetPayload<{ select: typeof menuItemSelect }>;

type Translations = PublicMenuItem["translations"];

function translations(value: Prisma.JsonValue): Translations {
  const out: Translations = {};
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [lang, t] of Object.entries(value)) {
      if (t && typeof t === "object" && !Array.isArray(t)) {
        const { name, description } = t as { name?: unknown; description?: unknown };
        if (typeof name === "string") out[lang] = { name, description: typeof description === "string" ? description : "" };
      }
    }
  }
  return out;
}

function stringList(value: Prisma.JsonValue): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function rating(value: number | null, reviewCount: number | null) {
  return value === null ? null : { rating: value, reviewCount };
}

function openingHours(value: Prisma.JsonValue): Record<string, string> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const hours = value as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const day of DAY_KEYS) if (typeof hours[day] === "string") out[day] = hours[day] as string;
  return out;
}

export function serializeMenuItem(row: MenuItemRow, currency: string): PublicMenuItem {
  const variants = Array.isArray(row.variants)
    ? (row.variants as { name: string; priceMinor: number }[]).map((v) => ({ name: v.name, price: toMajor(v.priceMinor, currency) }))
    : null;
  return {
    name: row.name,
    description: row.description,
    translations: translations(row.translations),
    price: toMajor(row.priceMinor, currency),
    compareAtPrice: row.compareAtMinor === null ? null : toMajor(row.compareAtMinor, currency),
    currency,
    imageUrl: row.imageUrl === null ? null : absoluteUrl(row.imageUrl),
    isAvailable: row.isAvailable,
    badge: row.badge,
    tags: stringList(row.tags),
    allergens: sortAllergens(stringList(row.allergens) as Allergen[]),
    nutrition: row.nutrition && typeof row.nutrition === "object" && !Array.isArray(row.nutrition) ? (row.nutrition as Record<string, unknown>) : null,
    variants,
  };
}

export function serializeRestaurant(row: RestaurantRow): PublicRestaurant {
  const categories: PublicCategory[] = row.categories.map((c) => ({
    name: c.name,
    description: c.description,
    translations: translations(c.translations),
    items: c.items.map((item) => serializeMenuItem(item, row.currency)),
  }));
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    url: siteUrls.restaurant(row.slug),
    updatedAt: publishedDate(row),
    currency: row.currency,
    defaultLanguage: row.defaultLanguage,
    languages: stringList(row.languages),
    cuisine: row.cuisine?.name ?? null,
    contact: {
      phone: row.phone,
      address: row.address,
      city: row.city?.name ?? null,
      postalCode: row.postalCode,
      country: row.city?.country.name ?? null,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    openingHours: openingHours(row.openingHours),
    images: {
      logo: row.logoUrl === null ? null : absoluteUrl(row.logoUrl),
      banner: row.bannerUrl === null ? null : absoluteUrl(row.bannerUrl),
    },
    ratings: {
      search: rating(row.searchRating, row.searchReviewCount),
      travel: rating(row.travelRating, row.travelReviewCount),
    },
    categories,
  };
}

export const searchResultSelect = {
  slug: true,
  name: true,
  description: true,
  currency: true,
  ...publishedDateSelect,
  cuisine: { select: { name: true } },
  city: { select: { name: true, country: { select: { name: true } } } },
} satisfies Prisma.RestaurantSelect;

export type SearchResultRow = Prisma.RestaurantGetPayload<{ select: typeof searchResultSelect }>;

export function serializeSearchResult(row: SearchResultRow): PublicSearchResult {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    cuisine: row.cuisine?.name ?? null,
    city: row.city?.name ?? null,
    country: row.city?.country.name ?? null,
    currency: row.currency,
    updatedAt: publishedDate(row),
    url: siteUrls.restaurant(row.slug),
    markdownUrl: siteUrls.restaurantMarkdown(row.slug),
    apiUrl: siteUrls.restaurantApi(row.slug),
  };
}
