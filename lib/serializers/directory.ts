// The allowlist for the directory (countries, cities, cuisines) and the plans.
import type { Prisma } from "../db/generated/client";
import { PLAN_CURRENCY, PLAN_TRIAL, PLANS } from "../plans";
import { siteUrls } from "../site-urls";
import type { PublicCity, PublicCountry, PublicCuisine, PublicPlans } from "./public-schemas";

export const countrySelect = {
  slug: true,
  name: true,
  language: true,
  cities: { select: { slug: true }, orderBy: { name: "asc" } },
} satisfies Prisma.CountrySelect;

export const citySelect = {
  slug: true,
  name: true,
  diningScene: true,
  country: { select: { slug: true, name: true, language: true } },
} satisfies Prisma.CitySelect;

export const cuisineSelect = { slug: true, name: true, namePlural: true, tagline: true } satisfies Prisma.CuisineSelect;

export function serializeCountry(row: Prisma.CountryGetPayload<{ select: typeof countrySelect }>): PublicCountry {
  return { slug: row.slug, name: row.name, language: row.language, cities: row.cities.map((c) => c.slug), url: siteUrls.country(row.slug) };
}

export function serializeCity(row: Prisma.CityGetPayload<{ select: typeof citySelect }>): PublicCity {
  return {
    slug: row.slug,
    name: row.name,
    country: row.country.slug,
    countryName: row.country.name,
    language: row.country.language,
    diningScene: row.diningScene,
    url: siteUrls.city(row.country.slug, row.slug),
  };
}

export function serializeCuisine(row: Prisma.CuisineGetPayload<{ select: typeof cuisineSelect }>): PublicCuisine {
  return { slug: row.slug, name: row.name, namePlural: row.namePlural, tagline: row.tagline, url: siteUrls.cuisine(row.slug) };
}

/** Plans come from lib/plans, the constants the application enforces: no database involved. */
export function serializePlans(): PublicPlans {
  return {
    pricingUrl: siteUrls.pricing(),
    signUpUrl: siteUrls.signUp(),
    trial: PLAN_TRIAL,
    note: `Prices are in ${PLAN_CURRENCY}, in major units, VAT excluded. A limit of null means unlimited. These are the limits the service enforces.`,
    plans: PLANS.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      priceCurrency: PLAN_CURRENCY,
      pricing: { ...p.pricing },
      limits: { ...p.limits },
      features: [...p.features],
      proOnlyFeatures: [...p.proOnlyFeatures],
      showsServiceBranding: p.showsServiceBranding,
    })),
  };
}
