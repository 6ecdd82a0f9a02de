// The Atom feeds of newly published restaurants: the capability behind /feeds/restaurants.atom
// (the whole service) and /feeds/cities/{city}.atom (one city of the public directory). An entry
// per restaurant, newest publication first (Restaurant.publishedAt, set by the importer when a
// restaurant becomes public); its updated date is the restaurant's public updatedAt.
import { findPublicCity, readNewlyPublished } from "../data/public-changes";
import { ApiError } from "../http/api-errors";
import { publishedDate } from "../serializers/restaurant";
import { SERVICE_NAME } from "../service-info";
import { SLUG_PATTERN } from "../import/import-schema";
import { publicBaseUrl, siteUrls } from "../site-urls";
import { siteUpdatedAt } from "../pages/site-queries";
import { atomDocument, type AtomEntry } from "../seo/atom";

/** Entries per feed: the newest publications; older ones are in the export and the change feed. */
export const ATOM_ENTRIES = 50;

export const feedUrls = {
  all: () => `${publicBaseUrl()}/feeds/restaurants.atom`,
  city: (slug: string) => `${publicBaseUrl()}/feeds/cities/${encodeURIComponent(slug)}.atom`,
};

export async function newlyPublishedAtom(citySlug?: string): Promise<string> {
  const city = citySlug === undefined ? undefined : SLUG_PATTERN.test(citySlug) ? await findPublicCity(citySlug) : null;
  if (city === null) {
    throw new ApiError("not_found", `There is no public city "${citySlug}" with a feed.`, { hint: "GET /api/public/locations lists the cities; each has /feeds/cities/{slug}.atom." });
  }
  const rows = await readNewlyPublished(ATOM_ENTRIES, city?.slug);
  const entries: AtomEntry[] = rows.map((r) => {
    const where = r.city ? `${r.city.name}, ${r.city.country.name}` : null;
    const facts = [r.cuisine?.name, where].filter(Boolean).join(" · ");
    return {
      id: siteUrls.restaurant(r.slug),
      title: r.name,
      updated: publishedDate(r),
      published: r.publishedAt!.toISOString(),
      url: siteUrls.restaurant(r.slug),
      links: [
        { rel: "alternate", type: "application/json", href: siteUrls.restaurantApi(r.slug) },
        { rel: "alternate", type: "text/markdown", href: siteUrls.restaurantMarkdown(r.slug) },
      ],
      summary: [facts, r.description].filter(Boolean).join(". ") || r.name,
      categories: [r.cuisine?.name, r.city?.name].filter((c): c is string => Boolean(c)),
    };
  });
  const dates = entries.flatMap((e) => [e.updated, e.published!]);
  const updated = dates.length ? dates.reduce((a, b) => (b > a ? b : a)) : await siteUpdatedAt();
  return atomDocument({
    id: city ? feedUrls.city(city.slug) : feedUrls.all(),
    title: city ? `New restaurants in ${city.name}, ${city.country.name} — ${SERVICE_NAME}` : `New restaurants — ${SERVICE_NAME}`,
    subtitle: `The ${ATOM_ENTRIES} restaurants published most recently${city ? ` in ${city.name}` : ""}, newest first.`,
    updated,
    selfUrl: city ? feedUrls.city(city.slug) : feedUrls.all(),
    alternateUrl: city ? siteUrls.city(city.country.slug, city.slug) : siteUrls.home(),
    author: { name: SERVICE_NAME, uri: siteUrls.home() },
    entries,
  });
}
