// The two representations of a public page as HTTP responses. middleware.ts decides which one a
// request gets (lib/negotiation): it answers a Markdown twin itself with serveMarkdown, and passes
// an HTML decision in a request header to the catch-all route handler (app/[[...path]]/route.ts),
// whose servePage serves it (and makes the whole decision itself should middleware not have run).
import { ApiError, INTERNAL_ERROR_RETRY_AFTER_S } from "../http/api-errors";
import { cachedResponse, errorResponse, etagOf } from "../http/api-route";
import { CACHE_POLICIES, type CachePolicy } from "../http/cache-policy";
import { estimateTokens } from "../markdown/render";
import { notFoundMarkdown, pageMarkdown } from "../markdown/pages";
import { decideRepresentation, REPRESENTATIONS, type Representation } from "../negotiation/negotiate";
import { isNeverAPage } from "../negotiation/page-paths";
import { notAcceptableResponse, REPRESENTATION_HEADER } from "./serve-headers";
import { markdownUrlOf, publicBaseUrl } from "../site-urls";
import { fetchInternalPage, isInternalRenderRequest, type RenderedPage } from "./internal-render";
import { loadPage, pageExists, pageMeta } from "./page-data";
import { internalRenderPath, keptQuery, matchPageRoute, type RouteMatch } from "./routes";
import { htmlSecurityHeaders, TEXT_SECURITY_HEADERS } from "./security-headers";
import { cacheBudget } from "../cache/memory-budget";
import { respondWithFreshness } from "../cache/freshness";
import { cacheTtlMs, STALE_IF_ERROR_MS } from "../cache/public-caches";
import { sharedCache, stringBytes, TtlCache } from "../cache/ttl-cache";
import { renderLimiter } from "../http/work-limiter";

/** The public URL of a path + query, on the configured public base URL. */
export function publicUrlOf(pagePath: string, query: URLSearchParams = new URLSearchParams()): string {
  const qs = query.toString();
  return `${publicBaseUrl()}${pagePath === "/" ? "/" : pagePath}${qs ? `?${qs}` : ""}`;
}

/**
 * How long this process keeps a built Markdown twin: the service's in-process cache lifetime
 * (lib/cache/public-caches.ts), never longer than the route's shared-cache lifetime. The
 * revalidation endpoint purges these entries with every other cache.
 */
function ttlMs(policy: CachePolicy): number {
  return Math.min(cacheTtlMs(), policy === "search" ? 60_000 : 300_000);
}

function resolve(pagePath: string, search: URLSearchParams): { match: RouteMatch | null; query: URLSearchParams } {
  const match = matchPageRoute(pagePath);
  return { match, query: match ? keptQuery(match.route, search) : new URLSearchParams() };
}

/**
 * A page request: the representation middleware chose (or, should it not have run, the same
 * decision made here), then the page in that representation.
 */
export async function servePage(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // A loopback render that matched no internal page would otherwise fetch itself again; a
  // missing static file (an extension other than .md) is no page to render.
  if (isInternalRenderRequest(request.headers) || isNeverAPage(url.pathname)) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_POLICIES.noStore, ...TEXT_SECURITY_HEADERS },
    });
  }
  const accept = request.headers.get("accept");
  const decided = decideRepresentation(url.pathname, accept);
  const fromMiddleware = request.headers.get(REPRESENTATION_HEADER);
  const representation: Representation | null = fromMiddleware === "html" || fromMiddleware === "markdown" ? fromMiddleware : decided.representation;
  if (!representation) return notAcceptableResponse(decided.pagePath, url.search, accept);
  return representation === "markdown"
    ? serveMarkdown(request, decided.pagePath, url.searchParams)
    : serveHtml(request, decided.pagePath, url.searchParams);
}

// ————— Markdown —————

interface MarkdownResult {
  status: 200 | 404 | 308;
  body: string;
  canonical: string;
  language: string;
  location?: string;
  policy: CachePolicy;
}

export type MarkdownTwin = MarkdownResult & { etag: string; tokens: string };

// Any page may show any restaurant (listings, home): a purge of one restaurant drops them all.
const markdownCache = sharedCache(
  "page-markdown",
  () =>
    new TtlCache<MarkdownTwin>(2000, {
      name: "page-markdown",
      weigh: (m) => stringBytes(m.body) + stringBytes(m.canonical) + 200,
      maxBytes: cacheBudget("page-markdown"),
      staleMs: STALE_IF_ERROR_MS,
    }),
);

async function buildMarkdown(match: RouteMatch | null, pagePath: string, query: URLSearchParams): Promise<MarkdownResult> {
  const canonical = publicUrlOf(pagePath, query);
  if (!match) return { status: 404, body: notFoundMarkdown(canonical), canonical, language: "en", policy: "noStore" };
  const result = await loadPage(match, query);
  if (result.kind === "not_found") return { status: 404, body: notFoundMarkdown(canonical), canonical, language: "en", policy: "noStore" };
  if (result.kind === "redirect") {
    return { status: 308, body: "", canonical: result.location, language: "en", location: markdownUrlOf(result.location), policy: match.route.cache };
  }
  const meta = pageMeta(result.page, result.siteUpdated);
  return { status: 200, body: pageMarkdown(result.page, meta), canonical: meta.canonical, language: meta.language, policy: match.route.cache };
}

/**
 * The Markdown twin of a page path, from the in-process cache: what GET {pagePath}.md serves, and
 * what the MCP resource menu://restaurants/{slug}/menu.md returns.
 */
export async function markdownTwin(pagePath: string, search: URLSearchParams = new URLSearchParams()): Promise<MarkdownTwin> {
  const { match, query } = resolve(pagePath, search);
  const key = `${pagePath}?${query.toString()}`;
  return markdownCache.get(key, ttlMs(match?.route.cache ?? "menu"), async () => {
    const built = await buildMarkdown(match, pagePath, query);
    return { ...built, etag: etagOf(built.body), tokens: String(estimateTokens(built.body)) };
  });
}

/** The Markdown twin as a response; Cache-Status says when it was built from a last good copy. */
export function serveMarkdown(request: Request, pagePath: string, search: URLSearchParams): Promise<Response> {
  return respondWithFreshness(() => markdownResponse(request, pagePath, search));
}

async function markdownResponse(request: Request, pagePath: string, search: URLSearchParams): Promise<Response> {
  try {
    const md = await markdownTwin(pagePath, search);
    const headers: Record<string, string> = {
      ...TEXT_SECURITY_HEADERS,
      Vary: "Accept",
      Link: `<${md.canonical}>; rel="canonical"`,
    };
    if (md.status === 308 && md.location) {
      return new Response(null, { status: 308, headers: { ...headers, Location: md.location, "Cache-Control": CACHE_POLICIES[md.policy] } });
    }
    if (md.status === 404) {
      return new Response(md.body, {
        status: 404,
        headers: { ...headers, "Content-Type": REPRESENTATIONS.markdown.contentType, "Cache-Control": CACHE_POLICIES.noStore, "Access-Control-Allow-Origin": "*" },
      });
    }
    return cachedResponse(request, { body: md.body, etag: md.etag, contentType: REPRESENTATIONS.markdown.contentType }, md.policy, {
      ...headers,
      "Content-Language": md.language,
      "X-Markdown-Tokens": md.tokens,
    });
  } catch (error) {
    console.error("[pages] Markdown rendering failed:", error);
    return errorResponse(error instanceof ApiError ? error : new Error("markdown"));
  }
}

// ————— HTML —————

// Keyed by the hash of the HTML itself, so never stale: no purge needs to touch it.
const cspCache = sharedCache(
  "page-csp",
  () => new TtlCache<Record<string, string>>(2000, { name: "page-csp", weigh: weighHeaders, maxBytes: cacheBudget("page-csp"), affectedBy: () => false }),
);

function weighHeaders(headers: Record<string, string>): number {
  return Object.entries(headers).reduce((sum, [name, value]) => sum + stringBytes(name) + stringBytes(value) + 32, 64);
}

interface HtmlRender {
  rendered: RenderedPage;
  security: Record<string, string>;
  etag: string;
}

// The finished renders with their CSP and ETag, so a page request is a lookup, not a loopback
// request through the whole router (measured in bench/results.md). Purged with the other caches
// by the revalidation endpoint. A render the ISR cache answered STALE is passed on but never
// kept: ISR is regenerating it, and the next request should get the new page, not this one for
// the in-process lifetime. Errors are not kept either.
const htmlCache = sharedCache(
  "page-html",
  () =>
    new TtlCache<HtmlRender>(2000, {
      name: "page-html",
      weigh: (e) => stringBytes(e.rendered.html) + weighHeaders(e.security) + 200,
      maxBytes: cacheBudget("page-html"),
      staleMs: STALE_IF_ERROR_MS,
      keep: (e) => e.rendered.cache !== "STALE" && e.rendered.status < 500,
    }),
);

/** The HTML page as a response; Cache-Status says when it was built from a last good copy. */
export async function serveHtml(request: Request, pagePath: string, search: URLSearchParams): Promise<Response> {
  try {
    return await respondWithFreshness(() => renderHtml(request, pagePath, search));
  } catch (error) {
    if (error instanceof ApiError && error.code === "service_unavailable") {
      return new Response("<!doctype html><title>Busy</title><p>Too many pages are being prepared right now. Please retry in a few seconds.</p>", {
        status: 503,
        headers: { "Content-Type": REPRESENTATIONS.html.contentType, "Cache-Control": CACHE_POLICIES.noStore, Vary: "Accept", ...error.options.headers, ...TEXT_SECURITY_HEADERS },
      });
    }
    console.error("[pages] HTML rendering failed:", error);
    return new Response("<!doctype html><title>Error</title><p>The page could not be shown because of an internal error. Please retry.</p>", {
      status: 500,
      headers: { "Content-Type": REPRESENTATIONS.html.contentType, "Cache-Control": CACHE_POLICIES.noStore, Vary: "Accept", "Retry-After": String(INTERNAL_ERROR_RETRY_AFTER_S), ...TEXT_SECURITY_HEADERS },
    });
  }
}

async function renderHtml(request: Request, pagePath: string, search: URLSearchParams): Promise<Response> {
  const resolved = resolve(pagePath, search);
  const query = resolved.query;
  // Unknown slugs all render the one 404 page, so the render cache only holds real pages.
  const match = resolved.match && (await pageExists(resolved.match)) ? resolved.match : null;
  const qs = query.toString();
  const internal = internalRenderPath(match) + (qs ? `?${qs}` : "");
  let renderedNow = false;
  const { rendered, security, etag } = await htmlCache.get(internal, ttlMs(match?.route.cache ?? "menu"), async () => {
    renderedNow = true;
    // The page's data first, in this request: the render below reads it from the same caches, and
    // a database failure (or a last good copy standing in for it) shows here, where the freshness
    // of this response is tracked, not inside the internal render request.
    if (match) await loadPage(match, query);
    // A render holds megabytes while it runs: a flood of distinct pages waits for a slot or is shed (503).
    const rendered = await renderLimiter().run(() => fetchInternalPage(internal, request.url));
    // A failed render is no page to keep; the last good one (if any) answers instead. Every
    // internal path renders (the not-found page too, with 200): any other answer means the render
    // was refused or went elsewhere (another build behind the same address), a server fault to
    // report, never a 404 for a page that exists.
    if (rendered.status !== 200 && !(rendered.status >= 300 && rendered.status < 400)) {
      const hint = rendered.status === 404 ? " (render token refused: is another build answering at this address?)" : "";
      throw new Error(`the internal render of ${internal} answered ${rendered.status}${hint}`);
    }
    const dev = process.env.NODE_ENV !== "production";
    const https = publicBaseUrl().startsWith("https:");
    const etag = etagOf(rendered.html);
    const security = await cspCache.get(etag, 3_600_000, async () => htmlSecurityHeaders(rendered.html, { dev, https }));
    return { rendered, security, etag };
  });
  const markdownUrl = markdownUrlOf(publicUrlOf(pagePath, query));
  const headers: Record<string, string> = {
    ...security,
    Vary: "Accept",
    Link: `<${markdownUrl}>; rel="alternate"; type="text/markdown"`,
    // Whether the page came from a cache (HIT: in-process or ISR; STALE: ISR, regenerating) or
    // was rendered now (MISS).
    ...(renderedNow ? (rendered.cache ? { "X-Render-Cache": rendered.cache } : {}) : { "X-Render-Cache": "HIT" }),
  };

  if (rendered.status >= 300 && rendered.status < 400 && rendered.location) {
    return new Response(null, { status: rendered.status, headers: { ...headers, Location: rendered.location, "Cache-Control": CACHE_POLICIES.menu } });
  }
  if (rendered.status === 200 && match) {
    return cachedResponse(request, { body: rendered.html, etag, contentType: REPRESENTATIONS.html.contentType }, match.route.cache, headers);
  }
  // The render-cache state is about a page's render; a 404 has none worth telling.
  delete headers["X-Render-Cache"];
  return new Response(rendered.html, {
    status: rendered.status === 200 ? 404 : rendered.status,
    headers: { ...headers, "Content-Type": REPRESENTATIONS.html.contentType, "Cache-Control": CACHE_POLICIES.noStore },
  });
}
