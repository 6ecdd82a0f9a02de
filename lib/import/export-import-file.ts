// The way back out (issue 46): named restaurants as an import file (README "Loading menus"), with
// everything they use (their owners, countries, cities and cuisines) and a `scope` naming them, so
// an operator can edit a restaurant and import it again. Everything the import took in comes back
// out, private fields too (owner, costs, internal notes, stats): this is an operator's command
// (`npm run export`), never served. Importing the file unchanged changes nothing public (its
// published fields hash the same: lib/import/published-content.ts).
import { primaryDb } from "../db/prisma";
import { toMajor } from "../menu/money";

type Json = Record<string, unknown>;

/** The object without its null fields: the import format reads a missing optional field as null. */
function withoutNulls<T extends Json>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as Partial<T>;
}

/**
 * Translations in the order of the restaurant's languages: PostgreSQL's jsonb keeps object keys in
 * an order of its own, and the order of the translations is the order of a dish's search text.
 */
function inLanguageOrder(translations: unknown, languages: string[]): unknown {
  if (!translations || typeof translations !== "object") return translations;
  const rank = (lang: string) => (languages.includes(lang) ? languages.indexOf(lang) : languages.length);
  return Object.fromEntries(Object.entries(translations).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
}

/** Thrown when a slug names no restaurant. */
export class UnknownRestaurantsError extends Error {
  constructor(readonly slugs: string[]) {
    super(`no restaurant with the slug${slugs.length > 1 ? "s" : ""} ${slugs.join(", ")}`);
    this.name = "UnknownRestaurantsError";
  }
}

/** The restaurants of `slugs`, in that order, as one import file (a plain object, ready for JSON.stringify). */
export async function exportImportFile(slugs: string[]): Promise<Json> {
  const wanted = [...new Set(slugs)];
  const rows = await primaryDb().restaurant.findMany({
    where: { slug: { in: wanted } },
    include: {
      owner: true,
      city: { include: { country: true } },
      cuisine: true,
      categories: { orderBy: { position: "asc" }, include: { items: { orderBy: { position: "asc" } } } },
    },
  });
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const missing = wanted.filter((s) => !bySlug.has(s));
  if (missing.length) throw new UnknownRestaurantsError(missing);
  const restaurants = wanted.map((s) => bySlug.get(s)!);

  const unique = <T, K>(list: T[], key: (t: T) => K) => [...new Map(list.map((t) => [key(t), t])).values()];
  const cities = unique(restaurants.flatMap((r) => (r.city ? [r.city] : [])), (c) => c.slug);
  return {
    scope: { restaurants: wanted, owners: [] },
    countries: unique(cities.map((c) => c.country), (c) => c.slug).map((c) => ({ slug: c.slug, code: c.code, name: c.name, language: c.language })),
    cities: cities.map((c) => withoutNulls({ slug: c.slug, name: c.name, country: c.country.slug, diningScene: c.diningScene, timeZone: c.timeZone })),
    cuisines: unique(restaurants.flatMap((r) => (r.cuisine ? [r.cuisine] : [])), (c) => c.slug).map((c) => ({
      slug: c.slug,
      name: c.name,
      namePlural: c.namePlural,
      tagline: c.tagline,
    })),
    owners: unique(restaurants.map((r) => r.owner), (o) => o.email).map((o) => withoutNulls({ email: o.email, name: o.name, plan: o.plan, billingCustomerId: o.billingCustomerId })),
    restaurants: restaurants.map((r) => {
      const money = (minor: number | null) => (minor === null ? null : toMajor(minor, r.currency));
      const languages = r.languages as string[];
      const rating = (value: number | null, reviewCount: number | null) => (value === null ? null : { rating: value, reviewCount });
      return withoutNulls({
        slug: r.slug,
        name: r.name,
        description: r.description,
        owner: r.owner.email,
        active: r.isActive,
        published: r.menuPublished,
        currency: r.currency,
        defaultLanguage: r.defaultLanguage,
        languages: r.languages,
        cuisine: r.cuisine?.slug ?? null,
        city: r.city?.slug ?? null,
        contact: withoutNulls({ phone: r.phone, address: r.address, postalCode: r.postalCode, latitude: r.latitude, longitude: r.longitude }),
        openingHours: r.openingHours,
        images: withoutNulls({ logo: r.logoUrl, banner: r.bannerUrl }),
        ratings: withoutNulls({ search: rating(r.searchRating, r.searchReviewCount), travel: rating(r.travelRating, r.travelReviewCount) }),
        internalNotes: r.internalNotes,
        stats: { views: r.viewCount, qrScans: r.qrScanCount },
        categories: r.categories.map((c) =>
          withoutNulls({
            name: c.name,
            description: c.description,
            translations: inLanguageOrder(c.translations, languages),
            visible: c.isVisible,
            internalNotes: c.internalNotes,
            items: c.items.map((i) =>
              withoutNulls({
                name: i.name,
                description: i.description,
                translations: inLanguageOrder(i.translations, languages),
                price: money(i.priceMinor),
                compareAtPrice: money(i.compareAtMinor),
                imageUrl: i.imageUrl,
                available: i.isAvailable,
                badge: i.badge,
                tags: i.tags,
                allergens: i.allergens,
                nutrition: i.nutrition,
                variants: (i.variants as { name: string; priceMinor: number }[] | null)?.map((v) => ({ name: v.name, price: money(v.priceMinor) })) ?? null,
                cost: money(i.costMinor),
                internalNotes: i.internalNotes,
              }),
            ),
          }),
        ),
      });
    }),
  };
}
