// The route table of the public pages: one entry per page shape. Everything that has to know the
// set of pages is driven by it — path matching for the HTML and Markdown handlers, the internal
// render path of each page, /llms-index.md, /sitemap.xml and llms.txt (lib/pages/page-index.ts
// enumerates every instance of every route; a Record keyed by the route id makes a forgotten
// route a type error). Pure: no database access, no framework.
import { createHash } from "node:crypto";
import { databaseUrl } from "../db/database-url";
import { RESERVED_SLUGS } from "../import/import-schema";
import type { CachePolicy } from "../http/cache-policy";
import { DISH_SEARCH_PARAMS, RESTAURANT_SEARCH_PARAMS } from "../search/search-params";
import { publicBaseUrl } from "../site-urls";
import { INTERNAL_RENDER_PREFIX_ROOT } from "./internal-render";
import { MENU_FILTER_PARAMS, menuFilterQuery, parseMenuFilter } from "./menu-view-filter";

export const PAGE_ROUTE_IDS = [
  "home",
  "search",
  "dishes",
  "locations",
  "country",
  "city",
  "cuisines",
  "cuisine",
  "plans",
  "developers",
  "restaurant",
  "restaurantLanguage",
] as const;

export type PageRouteId = (typeof PAGE_ROUTE_IDS)[number];

export interface PageRoute {
  id: PageRouteId;
  /** public path pattern; ":name" is one path segment */
  pattern: string;
  /** for the index files */
  title: string;
  summary: string;
  /** Cache-Control policy of both representations */
  cache: CachePolicy;
  /** query parameters the page reads (only the search pages have any); others are ignored */
  query?: readonly string[];
  /**
   * Those of `query` a form sends once per ticked checkbox: their values are kept as one comma
   * list, the form the API takes, so the page and GET /api/public/… read the same query.
   */
  lists?: readonly string[];
}

export const PAGE_ROUTES: Record<PageRouteId, PageRoute> = {
  home: { id: "home", pattern: "/", title: "Home", summary: "Search, featured restaurants, countries and cuisines.", cache: "menu" },
  search: {
    id: "search",
    pattern: "/search",
    title: "Search",
    summary:
      "Published restaurants matching a name, city or cuisine (?q=, ?city=, ?cuisine=), near a point or open now (?near=, ?radiusKm=, ?openNow=), and the dishes the words find (a diet word and a city in q are read as filters: ?q=vegan+berlin).",
    cache: "search",
    query: RESTAURANT_SEARCH_PARAMS.filter((name) => name !== "limit"),
  },
  dishes: {
    id: "dishes",
    pattern: "/dishes",
    title: "Dish search",
    summary:
      "Dishes across every published menu by text, city, cuisine, diet, allergens to exclude, price, distance and opening time (the parameters of GET /api/public/dishes).",
    cache: "search",
    query: DISH_SEARCH_PARAMS.filter((name) => name !== "limit"),
    lists: ["diet", "excludeAllergens"],
  },
  locations: { id: "locations", pattern: "/locations", title: "Locations", summary: "Every country and city with published menus.", cache: "directory" },
  country: { id: "country", pattern: "/locations/:country", title: "Country", summary: "The cities of one country and their restaurants.", cache: "menu" },
  city: { id: "city", pattern: "/locations/:country/:city", title: "City", summary: "The restaurants of one city.", cache: "menu" },
  cuisines: { id: "cuisines", pattern: "/cuisines", title: "Cuisines", summary: "Every cuisine type.", cache: "directory" },
  cuisine: { id: "cuisine", pattern: "/cuisines/:cuisine", title: "Cuisine", summary: "The restaurants of one cuisine type.", cache: "menu" },
  plans: { id: "plans", pattern: "/plans", title: "Plans", summary: "Plans, prices and the limits the service enforces; how owners sign up.", cache: "directory" },
  developers: {
    id: "developers",
    pattern: "/developers",
    title: "API for developers",
    summary: "The JSON API, the Markdown twins, the MCP tool server, attribution and terms of use.",
    cache: "directory",
  },
  restaurant: {
    id: "restaurant",
    pattern: "/:slug",
    title: "Restaurant menu",
    summary: "One restaurant: profile, contact, opening hours, ratings and the complete menu in its default language (?excludeAllergens=, ?diet=, ?hideUnavailable=true filter it).",
    cache: "menu",
    query: MENU_FILTER_PARAMS,
    lists: ["excludeAllergens"],
  },
  restaurantLanguage: {
    id: "restaurantLanguage",
    pattern: "/:slug/:lang",
    title: "Restaurant menu in another language",
    summary: "The same menu in one of the restaurant's other languages.",
    cache: "menu",
    query: MENU_FILTER_PARAMS,
    lists: ["excludeAllergens"],
  },
};

export type RouteParams = Record<string, string>;

export interface RouteMatch {
  route: PageRoute;
  params: RouteParams;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

/** What a parameter may look like; anything else is no match (→ 404) without a database query. */
const PARAM_RULES: Record<string, (value: string) => boolean> = {
  slug: (v) => SLUG.test(v) && v.length <= 80 && !RESERVED_SLUGS.has(v),
  lang: (v) => LANGUAGE.test(v),
  country: (v) => SLUG.test(v) && v.length <= 80,
  city: (v) => SLUG.test(v) && v.length <= 80,
  cuisine: (v) => SLUG.test(v) && v.length <= 80,
};

function splitPath(pathname: string): string[] | null {
  const segments = pathname.split("/").filter((s) => s !== "");
  try {
    return segments.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

// Static patterns first, so /plans is the plans page and never a restaurant slug.
const MATCH_ORDER: PageRoute[] = Object.values(PAGE_ROUTES).sort((a, b) => paramCount(a) - paramCount(b));

function paramCount(route: PageRoute): number {
  return route.pattern.split("/").filter((s) => s.startsWith(":")).length;
}

/** The page a public path (without ".md") shows, or null when no page has that path. */
export function matchPageRoute(pathname: string): RouteMatch | null {
  const segments = splitPath(pathname);
  if (!segments) return null;
  for (const route of MATCH_ORDER) {
    const parts = route.pattern.split("/").filter((s) => s !== "");
    if (parts.length !== segments.length) continue;
    const params: RouteParams = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i];
      if (part.startsWith(":")) {
        const name = part.slice(1);
        ok = (PARAM_RULES[name] ?? (() => false))(segments[i]);
        params[name] = segments[i];
      } else {
        ok = part === segments[i];
      }
    }
    if (ok) return { route, params };
  }
  return null;
}

/** The public path of a route instance. */
export function pathOf(id: PageRouteId, params: RouteParams = {}): string {
  const path = PAGE_ROUTES[id].pattern.replace(/:([a-z]+)/gi, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathOf(${id}): missing parameter ${name}`);
    return encodeURIComponent(value);
  });
  return path;
}

/**
 * Where the App Router renders a page's HTML. The public URLs are served by the catch-all route
 * handler (app/[[...path]]), which fetches the page from here. The [v] segment is the render key:
 *  - being a dynamic segment, nothing is prerendered at build time (pages render on first
 *    request, then ISR keeps them), so no build bakes in a database or a base URL;
 *  - it is derived from the public base URL and the database, so renders cached on disk by a
 *    server with another configuration (another port, another database) are never served.
 */
export function renderKey(): string {
  const input = `${publicBaseUrl()}\n${databaseUrl()}`;
  // Every HTML request asks; a hash per request was ~3 % of a cached page's CPU.
  if (lastRenderKey?.input !== input) lastRenderKey = { input, key: createHash("sha256").update(input).digest("base64url").slice(0, 12).replace(/[-_]/g, "x") };
  return lastRenderKey.key;
}

let lastRenderKey: { input: string; key: string } | undefined;

export function internalRenderPrefix(): string {
  return `${INTERNAL_RENDER_PREFIX_ROOT}/${renderKey()}`;
}

export function internalRenderPath(match: RouteMatch | null): string {
  const prefix = internalRenderPrefix();
  // No page: the 404 page, a page of its own (app/render/[v]/(site)/missing).
  if (!match) return `${prefix}/missing`;
  const { route, params } = match;
  switch (route.id) {
    case "home":
      return prefix;
    // A filtered menu (resolvePage marks it) renders per request under /rf: the unfiltered page
    // stays an ISR page, and no filter a client makes up writes a file.
    case "restaurant":
      return `${prefix}/${params[FILTERED] ? "rf" : "r"}/${encodeURIComponent(params.slug)}`;
    case "restaurantLanguage":
      return `${prefix}/${params[FILTERED] ? "rf" : "r"}/${encodeURIComponent(params.slug)}/${encodeURIComponent(params.lang)}`;
    default:
      return prefix + pathOf(route.id, params);
  }
}

/** The match parameter that marks a menu page shown with a filter (see internalRenderPath). */
const FILTERED = "filtered";

/**
 * Whether the page's render is kept by ISR (app/render/**: `revalidate`), so a copy of it may be
 * on disk: every page but the search pages and filtered menus, which render per request.
 */
export function keptByIsr(match: RouteMatch): boolean {
  if (match.route.id === "restaurant" || match.route.id === "restaurantLanguage") return !match.params[FILTERED];
  return !match.route.query;
}

/** The query string a route keeps (the search pages their filters, menus theirs; every other page none). */
export function keptQuery(route: PageRoute, search: URLSearchParams): URLSearchParams {
  // A menu's filter in its one spelling, unknown codes dropped: one cache entry per real filter.
  if (route.id === "restaurant" || route.id === "restaurantLanguage") return new URLSearchParams(menuFilterQuery(parseMenuFilter(search)));
  const kept = new URLSearchParams();
  for (const name of route.query ?? []) {
    const value = route.lists?.includes(name)
      ? search
          .getAll(name)
          .filter((v) => v !== "")
          .join(",")
      : search.get(name);
    if (value !== null && value !== "") kept.set(name, value);
  }
  return kept;
}

/** A page path and its query as a page: the route it matches (null: none) and the query it keeps. */
export function resolvePage(pagePath: string, search: URLSearchParams): { match: RouteMatch | null; query: URLSearchParams } {
  const match = matchPageRoute(pagePath);
  const query = match ? keptQuery(match.route, search) : new URLSearchParams();
  if (match && query.size > 0 && (match.route.id === "restaurant" || match.route.id === "restaurantLanguage")) {
    return { match: { ...match, params: { ...match.params, [FILTERED]: "1" } }, query };
  }
  return { match, query };
}
