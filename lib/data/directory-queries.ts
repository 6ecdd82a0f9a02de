// Reads of the location and cuisine directory. Only places with at least one published
// restaurant are listed: a country, city or cuisine whose restaurants are all drafts or inactive
// (or that has none yet) stays private until its first menu is published.
import { db } from "../db/prisma";
import { citySelect, countrySelect, cuisineSelect } from "../serializers/directory";
import { publishedRestaurantWhere } from "../serializers/restaurant";

const withPublished = { restaurants: { some: publishedRestaurantWhere } };

export function listCountries() {
  return db().country.findMany({
    where: { cities: { some: withPublished } },
    select: { ...countrySelect, cities: { ...countrySelect.cities, where: withPublished } },
    orderBy: { name: "asc" },
  });
}

export function listCities() {
  return db().city.findMany({ where: withPublished, select: citySelect, orderBy: [{ country: { name: "asc" } }, { name: "asc" }] });
}

export function listCuisines() {
  return db().cuisine.findMany({ where: withPublished, select: cuisineSelect, orderBy: { name: "asc" } });
}

/** The country slug of each of these cities (page URLs of the change feed's city entries). */
export async function findCityCountries(citySlugs: string[]): Promise<Map<string, string>> {
  const rows = await db().city.findMany({ where: { slug: { in: citySlugs } }, select: { slug: true, country: { select: { slug: true } } } });
  return new Map(rows.map((r) => [r.slug, r.country.slug]));
}
