// Every instance of every public page, enumerated from the route table. /llms-index.md,
// /sitemap.xml, /llms.txt and /llms-full.txt are all built from this list; ENUMERATORS is keyed
// by route id, so adding a route to lib/pages/routes.ts without saying how to list its pages
// does not compile.
import { listCuisineDirectory } from "../directory/list-cuisine-directory";
import { listLocations } from "../directory/list-locations";
import type { PublicCuisine, PublicLocations } from "../serializers";
import { markdownUrlOf, siteUrls } from "../site-urls";
import { languageName } from "./menu-view";
import { PAGE_ROUTE_IDS, type PageRouteId } from "./routes";
import { directoryUpdatedAt, listPublishedRestaurantsForIndex, siteUpdatedAt, type IndexedRestaurant } from "./site-queries";
import { cityName } from "../i18n/place-names";
import { LISTING_LANGUAGE } from "./listing-facts";

export interface PageEntry {
  routeId: PageRouteId;
  path: string;
  url: string;
  markdownUrl: string;
  title: string;
  /** one line for index files */
  note: string | null;
  lastmod: string;
  /** hreflang → URL, for pages with language versions */
  alternates?: Record<string, string>;
}

export interface SiteSnapshot {
  locations: PublicLocations;
  cuisines: PublicCuisine[];
  restaurants: IndexedRestaurant[];
  siteUpdated: string;
  /** "city:zurich" → when the entry itself last changed (its name, dining scene, …) */
  directoryUpdated: Record<string, string>;
}

export async function loadSiteSnapshot(): Promise<SiteSnapshot> {
  const [locations, { cuisines }, restaurants, siteUpdated, directoryUpdated] = await Promise.all([
    listLocations(),
    listCuisineDirectory(),
    listPublishedRestaurantsForIndex(),
    siteUpdatedAt(),
    directoryUpdatedAt(),
  ]);
  return { locations, cuisines, restaurants, siteUpdated, directoryUpdated };
}

/**
 * A directory page's date: the newest of its restaurants' public dates and the entry's own (the
 * fallback only when there is neither), not the whole site's newest date.
 */
export const newest = (dates: (string | undefined)[], fallback: string) => {
  const known = dates.filter((d): d is string => typeof d === "string");
  return known.length ? known.reduce((a, b) => (b > a ? b : a)) : fallback;
};

function entry(routeId: PageRouteId, url: string, title: string, note: string | null, lastmod: string, alternates?: Record<string, string>): PageEntry {
  const u = new URL(url);
  return { routeId, path: u.pathname + u.search, url, markdownUrl: markdownUrlOf(url), title, note, lastmod, alternates };
}

function restaurantNote(r: IndexedRestaurant): string | null {
  const where = r.city ? `${cityName(r.city, LISTING_LANGUAGE).text}, ${r.city.country.name}` : null;
  const facts = [r.cuisine?.name, where].filter(Boolean).join(" · ");
  return [facts, r.description].filter(Boolean).join(". ") || null;
}

function languageAlternates(r: IndexedRestaurant): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of r.languages) out[lang] = siteUrls.restaurantInLanguage(r.slug, lang, r.defaultLanguage);
  out["x-default"] = siteUrls.restaurant(r.slug);
  return out;
}

/** The dish search an index shows as its example: vegan, without nuts, at most 20 CHF, in Zürich. */
export const DISHES_EXAMPLE = "/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&maxPrice=20&currency=CHF";

const ENUMERATORS: { [K in PageRouteId]: (s: SiteSnapshot) => PageEntry[] } = {
  home: (s) => [entry("home", siteUrls.home(), "Home", "Search, featured restaurants, countries and cuisines.", s.siteUpdated)],
  search: (s) => [entry("search", siteUrls.search(), "All restaurants", "Search by name, city or cuisine with ?q=, ?city=, ?cuisine=.", s.siteUpdated)],
  dishes: (s) => [
    entry(
      "dishes",
      siteUrls.dishes(),
      "Dish search",
      `Dishes across every menu by text, city, cuisine, diet, allergens to leave out, price, distance and opening time, e.g. ${DISHES_EXAMPLE}. Allergen filtering relies on what restaurants declared: no safety guarantee.`,
      s.siteUpdated,
    ),
  ],
  locations: (s) => [entry("locations", siteUrls.locations(), "Locations", `${s.locations.countries.length} countries, ${s.locations.cities.length} cities.`, s.siteUpdated)],
  country: (s) =>
    s.locations.countries.map((c) =>
      entry(
        "country",
        c.url,
        `Restaurants in ${c.name}`,
        null,
        newest([...s.restaurants.filter((r) => r.city?.country.slug === c.slug).map((r) => r.updatedAt), s.directoryUpdated[`country:${c.slug}`]], s.siteUpdated),
      ),
    ),
  city: (s) =>
    s.locations.cities.map((c) =>
      entry(
        "city",
        c.url,
        `Restaurants in ${cityName(c, LISTING_LANGUAGE).text}, ${c.countryName}`,
        c.diningScene,
        newest([...s.restaurants.filter((r) => r.city?.slug === c.slug && r.city.country.slug === c.country).map((r) => r.updatedAt), s.directoryUpdated[`city:${c.slug}`]], s.siteUpdated),
      ),
    ),
  cuisines: (s) => [entry("cuisines", siteUrls.cuisines(), "Cuisines", s.cuisines.map((c) => c.name).join(", ") || null, s.siteUpdated)],
  cuisine: (s) =>
    s.cuisines.map((c) =>
      entry("cuisine", c.url, c.namePlural, c.tagline, newest([...s.restaurants.filter((r) => r.cuisine?.slug === c.slug).map((r) => r.updatedAt), s.directoryUpdated[`cuisine:${c.slug}`]], s.siteUpdated)),
    ),
  plans: (s) => [entry("plans", siteUrls.pricing(), "Plans and pricing", "Plans, prices and enforced limits; how owners sign up.", s.siteUpdated)],
  developers: (s) => [entry("developers", siteUrls.apiDocs(), "API for developers", "JSON API, Markdown twins, MCP tool server, attribution and terms.", s.siteUpdated)],
  restaurant: (s) => s.restaurants.map((r) => entry("restaurant", siteUrls.restaurant(r.slug), r.name, restaurantNote(r), r.updatedAt, languageAlternates(r))),
  restaurantLanguage: (s) =>
    s.restaurants.flatMap((r) =>
      r.languages
        .filter((l) => l !== r.defaultLanguage)
        .map((l) =>
          entry(
            "restaurantLanguage",
            siteUrls.restaurantInLanguage(r.slug, l, r.defaultLanguage),
            `${r.name} (${languageName(l)})`,
            `The menu of ${r.name} in ${languageName(l)}.`,
            r.updatedAt,
            languageAlternates(r),
          ),
        ),
    ),
};

/** Every public page, grouped in route-table order. */
export function enumeratePages(snapshot: SiteSnapshot): PageEntry[] {
  return PAGE_ROUTE_IDS.flatMap((id) => ENUMERATORS[id](snapshot));
}

