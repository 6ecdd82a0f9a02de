// Every absolute URL the service publishes is built here, from one configured public base URL
// (PUBLIC_BASE_URL; default http://localhost:PORT), so a change of domain is one setting.
import { config } from "./config";

// Whether a value can be the base is decided with the rest of the configuration (lib/config-schema.mjs).
export { publicBaseUrlProblem } from "./config-schema.mjs";

/** PUBLIC_BASE_URL without a trailing slash, or http://localhost:PORT. */
export function publicBaseUrl(): string {
  return config().PUBLIC_BASE_URL;
}

const seg = encodeURIComponent;

/** An absolute URL for a site path ("/demo/x.svg") or an already absolute URL (returned as-is). */
export function absoluteUrl(pathOrUrl: string): string {
  return pathOrUrl.startsWith("/") ? publicBaseUrl() + pathOrUrl : pathOrUrl;
}

/** The public URL of a page path and its query string. */
export function pageUrlOf(pagePath: string, query: URLSearchParams = new URLSearchParams()): string {
  const qs = query.toString();
  return `${publicBaseUrl()}${pagePath}${qs ? `?${qs}` : ""}`;
}

/**
 * How an HTML page refers to a file or page of this site: a URL on PUBLIC_BASE_URL becomes its
 * root-relative path, so the browser fetches it from whatever host it opened the page at
 * (127.0.0.1, a LAN address, a proxy's name) instead of a host the page's CSP does not allow or
 * the client cannot reach.
 * Other URLs are returned as they are. Published data (API, JSON-LD, Markdown, Open Graph,
 * sitemaps) keeps the absolute form: it is read away from the page.
 */
export function sameSitePath(url: string): string {
  const base = publicBaseUrl();
  if (url === base) return "/";
  if (!url.startsWith(`${base}/`)) return url;
  return url.slice(base.length);
}

/** Site-relative path of an absolute service URL, so links work under any host the page is served at. */
export function rel(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search + u.hash;
  } catch {
    return url;
  }
}

/** The anchor of a dish on its menu page (app/_components/menu-page.tsx): visible section, then dish. */
export function dishAnchor(section: number, dish: number): string {
  return `dish-${section}-${dish}`;
}

export const siteUrls = {
  home: () => `${publicBaseUrl()}/`,
  restaurant: (slug: string) => `${publicBaseUrl()}/${seg(slug)}`,
  restaurantMarkdown: (slug: string) => `${publicBaseUrl()}/${seg(slug)}.md`,
  /** the menu's link-preview image, drawn by app/og/[file]/route.tsx */
  restaurantPreviewImage: (slug: string) => `${publicBaseUrl()}/og/${seg(slug)}.png`,
  /** The menu in one of its languages; the default language lives at the bare /{slug}. */
  restaurantInLanguage: (slug: string, lang: string, defaultLanguage: string) =>
    lang === defaultLanguage ? `${publicBaseUrl()}/${seg(slug)}` : `${publicBaseUrl()}/${seg(slug)}/${seg(lang)}`,
  restaurantApi: (slug: string) => `${publicBaseUrl()}/api/public/restaurants/${seg(slug)}`,
  locations: () => `${publicBaseUrl()}/locations`,
  cuisines: () => `${publicBaseUrl()}/cuisines`,
  search: (query: { q?: string; city?: string; cuisine?: string } = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
    const qs = params.toString();
    return `${publicBaseUrl()}/search${qs ? `?${qs}` : ""}`;
  },
  /** The dish search page; `query` as the page keeps it (lib/pages/routes.ts keptQuery). */
  dishes: (query: URLSearchParams = new URLSearchParams()) => pageUrlOf("/dishes", query),
  country: (country: string) => `${publicBaseUrl()}/locations/${seg(country)}`,
  city: (country: string, city: string) => `${publicBaseUrl()}/locations/${seg(country)}/${seg(city)}`,
  cuisine: (slug: string) => `${publicBaseUrl()}/cuisines/${seg(slug)}`,
  pricing: () => `${publicBaseUrl()}/plans`,
  signUp: () => config().SIGNUP_URL ?? `${publicBaseUrl()}/plans#sign-up`,
  apiIndex: () => `${publicBaseUrl()}/api/public`,
  apiDocs: () => `${publicBaseUrl()}/developers`,
  openApi: () => `${publicBaseUrl()}/openapi.json`,
  /** The interactive API reference for people, rendered from /openapi.json. */
  apiReference: () => `${publicBaseUrl()}/docs/api`,
  aiPlugin: () => `${publicBaseUrl()}/.well-known/ai-plugin.json`,
  agentCard: () => `${publicBaseUrl()}/.well-known/agent-card.json`,
  agentCardLegacy: () => `${publicBaseUrl()}/.well-known/agent.json`,
  securityTxt: () => `${publicBaseUrl()}/.well-known/security.txt`,
  terms: () => `${publicBaseUrl()}/developers#terms`,
  llmsTxt: () => `${publicBaseUrl()}/llms.txt`,
  llmsFull: () => `${publicBaseUrl()}/llms-full.txt`,
  llmsIndex: () => `${publicBaseUrl()}/llms-index.md`,
  sitemap: () => `${publicBaseUrl()}/sitemap.xml`,
  sitemapPart: (n: number) => `${publicBaseUrl()}/sitemaps/${n}.xml`,
  mcp: () => `${publicBaseUrl()}/api/mcp`,
  mcpManifest: () => `${publicBaseUrl()}/.well-known/mcp.json`,
};

/**
 * The Markdown twin of a page URL (rule 2: append ".md"; the home page's twin is /index.md).
 * The query string, if any, stays after the suffix: /search.md?q=fondue.
 */
export function markdownUrlOf(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.hash = "";
  url.pathname = url.pathname === "/" ? "/index.md" : `${url.pathname.replace(/\/+$/, "")}.md`;
  return url.toString();
}
