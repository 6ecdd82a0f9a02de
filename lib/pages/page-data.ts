// The data of every public page, loaded through the same capabilities the JSON API uses
// (getRestaurantMenu, searchRestaurants, listLocations, listCuisineDirectory, serializePlans,
// apiIndex). The HTML page and its Markdown twin both render the object loaded here.
import { apiIndex } from "../api/api-index";
import { listCuisineDirectory } from "../directory/list-cuisine-directory";
import { listLocations } from "../directory/list-locations";
import { ApiError } from "../http/api-errors";
import { getRestaurantMenu, getRestaurantMenuWithPlace } from "../restaurants/get-restaurant-menu";
import { searchRestaurants } from "../restaurants/search-restaurants";
import { searchDishes } from "../dishes/search-dishes";
import {
  ALLERGEN_NOTICE,
  serializePlans,
  type PublicCity,
  type PublicCountry,
  type PublicCuisine,
  type PublicDishSearchResponse,
  type PublicLocations,
  type PublicPlans,
  type PublicSearchResponse,
  type PublicSearchResult,
} from "../serializers";
import { markdownUrlOf, pageUrlOf, siteUrls } from "../site-urls";
import { buildMenuView, DIETS, type MenuView } from "./menu-view";
import { parseSearchQuery } from "../search/parse-search-query";
import { spellingSuggestion } from "../search/search-vocabulary";
import { textKey } from "../menu/text-key";
import { describeDishSearch } from "./search-description";
import { LISTING_LANGUAGE, loadCardFacts, type CardFacts } from "./listing-facts";
import { cityName } from "../i18n/place-names";
import { parseMenuFilter } from "./menu-view-filter";
import { openGraphLocale } from "../seo/open-graph";
import { siteUpdatedAt } from "./site-queries";
import { plainText } from "../text/plain-text";
import { PAGE_ROUTES, pathOf, type PageRouteId, type RouteMatch, type RouteParams } from "./routes";

export const SITE_NAME = "Menu Service";
export const SITE_SUMMARY = "Restaurant menus with prices, allergens and dietary tags — for diners, developers and AI agents.";
export const ATTRIBUTION =
  "Data is for informational use with attribution to the service's website, subject to its terms of use.";

/** How many restaurants a listing page shows (the search API's maximum). */
export const LISTING_LIMIT = 50;

export interface ListingBlock {
  total: number;
  results: PublicSearchResult[];
  /** open now, price indication and photo of each listed restaurant, by slug */
  facts: Record<string, CardFacts>;
  /** the search page with the same filter, for "all N restaurants" when total > results */
  moreUrl: string;
}

/** A search page's query as the form shows it again: each kept parameter's text ("" when absent). */
export type PageQuery = Record<string, string>;

/** What both search pages carry beside their own response. */
interface SearchPageData {
  query: PageQuery;
  /** the capability's invalid_request message: the page shows it instead of results */
  error: string | null;
  /** this page with the response's nextCursor, null on the last page */
  nextUrl: string | null;
  /** this page's filters without a cursor: where a later page links back to the first */
  firstUrl: string;
  locations: PublicLocations;
  cuisines: PublicCuisine[];
  /** nothing matched q as typed: the results are those of q with a typo forgiven ("karage" → "karaage") */
  corrected: Corrected | null;
}

/** A query that found nothing as typed, and the spelling whose results the page shows instead. */
export interface Corrected {
  typed: string;
  /** the query with each misspelt word corrected (folded: "karaage") */
  shown: string;
  /** this page with the corrected query: the address of what is shown */
  url: string;
}

/** The dishes the one search box found beside the restaurants (/search), and where the full dish search is. */
export interface DishesBlock {
  /** the dish search in words: "Vegan dishes in Berlin" */
  heading: string;
  response: PublicDishSearchResponse;
  /** /dishes with the same query, for all of them and the dish filters */
  moreUrl: string;
}

/** How many dishes /search lists beside the restaurants (the rest are one link away, on /dishes). */
export const SEARCH_DISH_LIMIT = 6;

/** A city parameter (slug or name) in words: the directory's city in the listing's language, else as given. */
function cityNameOf(cities: PublicCity[], value: string | undefined): string | null {
  if (!value) return null;
  const city = cities.find((x) => x.slug === value || textKey(x.name) === textKey(value));
  return city ? cityName(city, LISTING_LANGUAGE).text : value;
}

/**
 * The one search box: its words read as filters where they name a diet or a city
 * (lib/search/parse-search-query.ts), then the restaurant search and, on the first page, the dish
 * search with the same place and time filters — the two capabilities the API serves, unchanged.
 */
async function searchEverything(
  input: Record<string, string | undefined>,
  directory: { locations: PublicLocations; cuisines: PublicCuisine[] },
): Promise<{ restaurants: PublicSearchResponse; dishes: DishesBlock | null }> {
  const parsed = input.q?.trim() ? parseSearchQuery(input.q, directory.locations.cities, Object.keys(DIETS), { findCity: !input.city }) : null;
  const city = input.city || parsed?.city || undefined;
  const restaurantsRun = searchRestaurants({ ...input, q: parsed ? parsed.restaurantText : input.q, city, limit: LISTING_LIMIT });
  const wantsDishes = parsed !== null && !input.cursor && (parsed.text !== "" || parsed.diet.length > 0);
  if (!wantsDishes) return { restaurants: await restaurantsRun, dishes: null };
  const dishQuery = new URLSearchParams();
  const add = (name: string, value: string | undefined) => value && dishQuery.set(name, value);
  add("q", parsed.text);
  add("city", city);
  add("cuisine", input.cuisine);
  add("diet", parsed.diet.join(","));
  for (const name of ["near", "radiusKm", "openNow", "openAt"]) add(name, input[name]);
  const [restaurants, response] = await Promise.all([
    restaurantsRun,
    // The restaurant search validated the shared parameters; anything the dish search still refuses leaves the dishes out.
    searchDishes({ ...Object.fromEntries(dishQuery), limit: SEARCH_DISH_LIMIT }).catch((e) => {
      if (e instanceof ApiError && e.code === "invalid_request") return null;
      throw e;
    }),
  ]);
  if (!response) return { restaurants, dishes: null };
  const nameOf = <T extends { slug: string; name: string }>(list: T[], value: string | undefined) =>
    value ? (list.find((x) => x.slug === value || textKey(x.name) === textKey(value))?.name ?? value) : null;
  const heading = describeDishSearch({
    q: parsed.text,
    diet: parsed.diet,
    cityName: cityNameOf(directory.locations.cities, city),
    cuisineName: nameOf(directory.cuisines, input.cuisine),
    near: input.near,
    radiusKm: input.radiusKm,
    openNow: input.openNow === "true",
    openAt: input.openAt,
  });
  return { restaurants, dishes: { heading, response, moreUrl: pageUrlOf(pathOf("dishes"), dishQuery) } };
}

export interface PageDataById {
  home: { featured: PublicSearchResult[]; facts: Record<string, CardFacts>; totalRestaurants: number; locations: PublicLocations; cuisines: PublicCuisine[] };
  search: SearchPageData & { response: PublicSearchResponse | null; dishes: DishesBlock | null; facts: Record<string, CardFacts> };
  dishes: SearchPageData & { response: PublicDishSearchResponse | null };
  locations: PublicLocations;
  country: { country: PublicCountry; cities: (PublicCity & { listing: ListingBlock })[] };
  city: { city: PublicCity; country: PublicCountry; listing: ListingBlock };
  cuisines: { cuisines: PublicCuisine[] };
  cuisine: { cuisine: PublicCuisine; listing: ListingBlock };
  plans: PublicPlans;
  developers: ReturnType<typeof apiIndex> & { exampleSlug: string | null };
  restaurant: MenuView;
  restaurantLanguage: MenuView;
}

export type PageData<K extends PageRouteId = PageRouteId> = { [P in K]: { id: P; data: PageDataById[P] } }[K];

export type PageLoadResult =
  | { kind: "ok"; page: PageData; /** newest menu update on the site: "updated" of pages without their own date */ siteUpdated: string }
  | { kind: "not_found" }
  | { kind: "redirect"; location: string };

async function listing(filter: { city?: string; cuisine?: string }): Promise<ListingBlock> {
  const response = await searchRestaurants({ ...filter, limit: LISTING_LIMIT });
  const facts = await loadCardFacts(response.results.map((r) => r.slug));
  return { total: response.total, results: response.results, facts, moreUrl: siteUrls.search(filter) };
}

const isNotFound = (e: unknown) => e instanceof ApiError && e.code === "not_found";

/** A search's answer found nothing: no restaurant and, on /search, no dish. */
function nothingFound(response: { total: number; dishes?: DishesBlock | null }): boolean {
  return response.total === 0 && !response.dishes?.response.total;
}

/**
 * A search page: its kept query handed to the search capability as REST hands a query string
 * (same parameters, same validation), and an invalid_request shown on the page, not thrown.
 * When the words as typed find nothing, the results of the same words with a typo forgiven.
 */
async function searchPage<R extends { nextCursor: string | null; total: number; dishes?: DishesBlock | null }>(
  id: "search" | "dishes",
  query: URLSearchParams,
  run: (input: Record<string, string | undefined>, directory: { locations: PublicLocations; cuisines: PublicCuisine[] }) => Promise<R>,
): Promise<SearchPageData & { response: R | null }> {
  const names = PAGE_ROUTES[id].query ?? [];
  const shown: PageQuery = Object.fromEntries(names.map((name) => [name, query.get(name) ?? ""]));
  const path = pathOf(id);
  const first = new URLSearchParams(query);
  first.delete("cursor");
  const [locations, { cuisines }] = await Promise.all([listLocations(), listCuisineDirectory()]);
  const base = { query: shown, locations, cuisines, firstUrl: pageUrlOf(path, first) };
  try {
    const input = Object.fromEntries(names.map((name) => [name, query.get(name) ?? undefined]));
    let response = await run(input, { locations, cuisines });
    let corrected: Corrected | null = null;
    let pageQuery = query;
    // Nothing matched the words as typed: the results of the same words with a typo forgiven, if those find anything.
    const typed = input.q?.trim();
    if (typed && !input.cursor && nothingFound(response)) {
      const suggestion = await spellingSuggestion(typed, Object.keys(DIETS).flatMap((tag) => tag.split("-")));
      const again = suggestion ? await run({ ...input, q: suggestion }, { locations, cuisines }) : null;
      if (suggestion && again && !nothingFound(again)) {
        response = again;
        pageQuery = new URLSearchParams(query);
        pageQuery.set("q", suggestion);
        corrected = { typed, shown: suggestion, url: pageUrlOf(path, pageQuery) };
      }
    }
    let nextUrl: string | null = null;
    if (response.nextCursor) {
      const next = new URLSearchParams(pageQuery);
      next.set("cursor", response.nextCursor);
      nextUrl = pageUrlOf(path, next);
    }
    return { ...base, response, error: null, nextUrl, corrected };
  } catch (error) {
    if (error instanceof ApiError && error.code === "invalid_request") return { ...base, response: null, error: error.message, nextUrl: null, corrected: null };
    throw error;
  }
}

type Loader<K extends PageRouteId> = (params: RouteParams, query: URLSearchParams) => Promise<PageDataById[K] | null | { redirect: string }>;

const LOADERS: { [K in PageRouteId]: Loader<K> } = {
  async home() {
    const [all, locations, { cuisines }] = await Promise.all([searchRestaurants({ limit: LISTING_LIMIT }), listLocations(), listCuisineDirectory()]);
    // "Featured": the most recently updated menus.
    const featured = [...all.results].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name)).slice(0, 6);
    const facts = await loadCardFacts(featured.map((r) => r.slug));
    return { featured, facts, totalRestaurants: all.total, locations, cuisines };
  },

  async search(_params, query) {
    const page = await searchPage("search", query, async (input, directory) => {
      const { restaurants, dishes } = await searchEverything(input, directory);
      return { ...restaurants, dishes };
    });
    const { dishes = null, ...response } = page.response ?? {};
    const facts = page.response ? await loadCardFacts(page.response.results.map((r) => r.slug)) : {};
    return { ...page, response: page.response ? (response as PublicSearchResponse) : null, dishes, facts };
  },

  // The API's default page size, so the page lists what GET /api/public/dishes lists for its query.
  dishes: (_params, query) => searchPage("dishes", query, (input) => searchDishes(input)),

  locations: () => listLocations(),

  async country(params) {
    const locations = await listLocations();
    const country = locations.countries.find((c) => c.slug === params.country);
    if (!country) return null;
    const cities = locations.cities.filter((c) => c.country === country.slug);
    const listings = await Promise.all(cities.map((c) => listing({ city: c.slug })));
    return { country, cities: cities.map((c, i) => ({ ...c, listing: listings[i] })) };
  },

  async city(params) {
    const locations = await listLocations();
    const city = locations.cities.find((c) => c.country === params.country && c.slug === params.city);
    const country = locations.countries.find((c) => c.slug === params.country);
    if (!city || !country) return null;
    return { city, country, listing: await listing({ city: city.slug }) };
  },

  cuisines: () => listCuisineDirectory(),

  async cuisine(params) {
    const { cuisines } = await listCuisineDirectory();
    const cuisine = cuisines.find((c) => c.slug === params.cuisine);
    if (!cuisine) return null;
    return { cuisine, listing: await listing({ cuisine: cuisine.slug }) };
  },

  plans: async () => serializePlans(),

  async developers() {
    const sample = await searchRestaurants({ limit: 1 });
    const exampleSlug = sample.results[0]?.slug ?? null;
    return { ...apiIndex(exampleSlug ?? undefined), exampleSlug };
  },

  async restaurant(params, query) {
    try {
      const { menu: restaurant, place } = await getRestaurantMenuWithPlace({ slug: params.slug });
      return withFilter(buildMenuView(restaurant, restaurant.defaultLanguage, place), query);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  },

  async restaurantLanguage(params, query) {
    let found;
    try {
      found = await getRestaurantMenuWithPlace({ slug: params.slug });
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
    const restaurant = found.menu;
    // The default language has one URL: the bare /{slug}.
    if (params.lang === restaurant.defaultLanguage) return { redirect: siteUrls.restaurant(restaurant.slug) };
    return withFilter(buildMenuView(restaurant, params.lang, found.place), query);
  },
};

/** A menu view with the allergen and diet filter its query names (the page renders it applied). */
function withFilter(view: MenuView | null, query: URLSearchParams): MenuView | null {
  return view && { ...view, filter: parseMenuFilter(query) };
}

/**
 * Whether a parameterised page exists, answered from the cached capabilities before the App
 * Router is asked to render it: the render cache (ISR) then only ever holds real pages, however
 * many made-up slugs crawlers try. Static pages always exist.
 */
export async function pageExists(match: RouteMatch): Promise<boolean> {
  const { id } = match.route;
  const p = match.params;
  if (id === "restaurant" || id === "restaurantLanguage") {
    try {
      const restaurant = await getRestaurantMenu({ slug: p.slug });
      return id === "restaurant" || restaurant.languages.includes(p.lang) || restaurant.defaultLanguage === p.lang;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }
  if (id === "country" || id === "city") {
    const locations = await listLocations();
    return id === "country"
      ? locations.countries.some((c) => c.slug === p.country)
      : locations.cities.some((c) => c.country === p.country && c.slug === p.city);
  }
  if (id === "cuisine") return (await listCuisineDirectory()).cuisines.some((c) => c.slug === p.cuisine);
  return true;
}

export async function loadPage(match: RouteMatch, query: URLSearchParams = new URLSearchParams()): Promise<PageLoadResult> {
  const loader = LOADERS[match.route.id] as Loader<PageRouteId>;
  const [data, siteUpdated] = await Promise.all([loader(match.params, query), siteUpdatedAt()]);
  if (data === null) return { kind: "not_found" };
  if (typeof data === "object" && "redirect" in data) return { kind: "redirect", location: data.redirect };
  return { kind: "ok", page: { id: match.route.id, data } as PageData, siteUpdated };
}

// ————— the head of every page: title, description, canonical, language, updated —————

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  markdownUrl: string;
  /** BCP 47 code of the page's content */
  language: string;
  /** ISO 8601; the newest content date the page shows */
  updated: string;
  /** hreflang → URL (menu pages) */
  alternates?: Record<string, string>;
  /** og:locale and og:locale:alternate (menu pages; others are en_US) */
  ogLocale?: string;
  ogLocaleAlternates?: string[];
  /** og:image / twitter:image: the restaurant's banner when it is a raster image, else the menu's drawn preview (PNG) */
  image?: { url: string; alt: string };
}

const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** A dish search page's query in words ("Vegan dishes in Berlin"), with the names of its city and cuisine. */
export function dishSearchWords(data: PageDataById["dishes"]): string {
  const q = data.query;
  const nameOf = <T extends { slug: string; name: string }>(list: T[], value: string) =>
    value ? (list.find((x) => x.slug === value || textKey(x.name) === textKey(value))?.name ?? value) : null;
  return describeDishSearch({
    q: q.q,
    diet: [...new Set(listOf(q.diet))],
    excludeAllergens: [...new Set(listOf(q.excludeAllergens))],
    maxPrice: q.maxPrice,
    currency: q.currency?.toUpperCase(),
    cityName: cityNameOf(data.locations.cities, q.city),
    cuisineName: nameOf(data.cuisines, q.cuisine),
    near: q.near,
    radiusKm: q.radiusKm,
    openNow: q.openNow === "true",
    openAt: q.openAt,
  });
}

/** A JPEG, PNG, WebP or GIF by its path's extension (an SVG is not shown by link previews). */
export function isRasterImage(url: string): boolean {
  try {
    return /\.(jpe?g|png|webp|gif)$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The URL of a search page with the query it shows (its parameters in route-table order). */
function searchCanonical(id: "search" | "dishes", shown: PageQuery): string {
  const query = new URLSearchParams();
  for (const name of PAGE_ROUTES[id].query ?? []) if (shown[name]) query.set(name, shown[name]);
  return pageUrlOf(pathOf(id), query);
}

const newest = (dates: string[], fallback: string) => dates.reduce((a, b) => (b > a ? b : a), fallback);

function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function truncate(s: string, max = 300): string {
  const line = oneLine(s);
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The head of a page. Its texts are shown where no markup can isolate an owner's text (the tab's
 * title, link previews, the share sheet): controls and bidi overrides are stripped from them.
 */
export function pageMeta(page: PageData, siteUpdated: string): PageMeta {
  const meta = headOf(page, siteUpdated);
  return {
    ...meta,
    title: plainText(meta.title),
    description: plainText(meta.description),
    ...(meta.image ? { image: { ...meta.image, alt: plainText(meta.image.alt) } } : {}),
  };
}

function headOf(page: PageData, siteUpdated: string): PageMeta {
  const base = (canonical: string, rest: Omit<PageMeta, "canonical" | "markdownUrl" | "language"> & { language?: string }): PageMeta => ({
    canonical,
    markdownUrl: markdownUrlOf(canonical),
    language: "en",
    ...rest,
    description: truncate(rest.description),
  });
  const siteDate = siteUpdated;
  switch (page.id) {
    case "home":
      return base(siteUrls.home(), {
        title: `${SITE_NAME}: restaurant menus with prices and allergens`,
        description: `${SITE_SUMMARY} ${page.data.totalRestaurants} published menus.`,
        updated: newest(page.data.featured.map((r) => r.updatedAt), siteDate),
      });
    case "search": {
      const { q, city, cuisine } = page.data.query;
      const filters = [q && `“${q}”`, city && `in ${city}`, cuisine && `cuisine ${cuisine}`].filter(Boolean).join(" ");
      const shownFilters = page.data.corrected ? filters.replace(`“${q}”`, `“${page.data.corrected.shown}”`) : filters;
      const total = page.data.response?.total ?? 0;
      const dishes = page.data.dishes?.response;
      const dishCount = dishes ? `, ${dishes.total}${dishes.totalCapped ? "+" : ""} dish${dishes.total === 1 && !dishes.totalCapped ? "" : "es"}` : "";
      return base(searchCanonical("search", page.data.query), {
        title: filters ? `${q ? "Restaurants and dishes" : "Restaurants"} matching ${filters}` : "All restaurants",
        description: page.data.error ?? `${total} published restaurant${total === 1 ? "" : "s"}${dishCount}${filters ? ` matching ${shownFilters}` : ""}.`,
        updated: newest(page.data.response?.results.map((r) => r.updatedAt) ?? [], siteDate),
      });
    }
    case "dishes": {
      const { q, city, cuisine } = page.data.query;
      const filters = [q && `“${q}”`, city && `in ${city}`, cuisine && `cuisine ${cuisine}`].filter(Boolean).join(" ");
      const r = page.data.response;
      const total = r ? `${r.total}${r.totalCapped ? "+" : ""}` : "0";
      const words = dishSearchWords(page.data);
      return base(searchCanonical("dishes", page.data.query), {
        title: words === "Dishes" ? "Dish search" : words,
        description:
          page.data.error ??
          `${total} dish${total === "1" ? "" : "es"} on published menus${filters ? ` matching ${filters}` : ""}, with prices, allergens and dietary tags. ${ALLERGEN_NOTICE}`,
        updated: siteDate,
      });
    }
    case "locations":
      return base(siteUrls.locations(), {
        title: "Restaurants by country and city",
        description: `${page.data.countries.length} countries and ${page.data.cities.length} cities with published menus.`,
        updated: siteDate,
      });
    case "country":
      return base(page.data.country.url, {
        title: `Restaurants in ${page.data.country.name}`,
        description: `Menus with prices and allergens in ${page.data.cities.map((c) => cityName(c, LISTING_LANGUAGE).text).join(", ") || page.data.country.name}.`,
        updated: newest(page.data.cities.flatMap((c) => c.listing.results.map((r) => r.updatedAt)), siteDate),
      });
    case "city": {
      const city = cityName(page.data.city, LISTING_LANGUAGE).text;
      return base(page.data.city.url, {
        title: `Restaurants in ${city}, ${page.data.country.name}`,
        description: page.data.city.diningScene ?? `${page.data.listing.total} restaurants in ${city} with menus, prices and allergens.`,
        updated: newest(page.data.listing.results.map((r) => r.updatedAt), siteDate),
      });
    }
    case "cuisines":
      return base(siteUrls.cuisines(), {
        title: "Restaurants by cuisine",
        description: page.data.cuisines.map((c) => c.name).join(", ") || "Cuisine types.",
        updated: siteDate,
      });
    case "cuisine":
      return base(page.data.cuisine.url, {
        title: page.data.cuisine.namePlural,
        description: page.data.cuisine.tagline,
        updated: newest(page.data.listing.results.map((r) => r.updatedAt), siteDate),
      });
    case "plans":
      return base(siteUrls.pricing(), {
        title: "Plans and pricing",
        description: `${page.data.plans.map((p) => p.name).join(" and ")} plans, prices in ${page.data.plans[0]?.priceCurrency ?? "EUR"} and the limits the service enforces. ${page.data.trial}.`,
        updated: siteDate,
      });
    case "developers":
      return base(siteUrls.apiDocs(), {
        title: "API for developers",
        description: "A public, read-only JSON API of restaurant menus, Markdown versions of every page and an MCP tool server. No API key.",
        updated: siteDate,
      });
    case "restaurant":
    case "restaurantLanguage": {
      const view = page.data;
      const cuisine = view.restaurant.cuisine;
      // An English sentence: the city's English name ("Italian restaurant in Munich").
      const city = view.restaurant.contact.city ? cityName(view.restaurant.contact.city, LISTING_LANGUAGE).text : null;
      const where = [cuisine, city].filter(Boolean).join(" restaurant in ");
      const alternates: Record<string, string> = Object.fromEntries(view.languages.map((l) => [l.code, l.url]));
      alternates["x-default"] = siteUrls.restaurant(view.slug);
      return {
        title: `${view.name} – menu`,
        description: truncate(view.description ?? `${where || "Restaurant"}: menu with prices, allergens and dietary tags.`),
        canonical: view.url,
        markdownUrl: view.markdownUrl,
        language: view.lang,
        updated: view.updatedAt,
        alternates,
        // The restaurant's own language is written for its country (de_CH); others by CLDR.
        ogLocale: openGraphLocale(view.lang, view.lang === view.defaultLanguage ? view.countryCode : null),
        ogLocaleAlternates: view.languages
          .filter((l) => !l.current)
          .map((l) => openGraphLocale(l.code, l.code === view.defaultLanguage ? view.countryCode : null)),
        // Link previews need a raster image: the banner when it is one, else a PNG drawn from the menu.
        image:
          view.restaurant.images.banner && isRasterImage(view.restaurant.images.banner)
            ? { url: view.restaurant.images.banner, alt: view.name }
            : { url: siteUrls.restaurantPreviewImage(view.slug), alt: `${view.name}: menu` },
      };
    }
  }
}
