// The HTML of a public page: rendered by the App Router (lib/pages/internal-render.ts), kept in
// process with its CSP and ETag, served with what Next.js will not let a page send itself
// (Vary: Accept, a CSP with the hashes of the page's own inline scripts, the ETag).
import { ApiError, INTERNAL_ERROR_RETRY_AFTER_S } from "../http/api-errors";
import { cachedResponse, etagOf } from "../http/api-route";
import { CACHE_POLICIES } from "../http/cache-policy";
import { renderLimiter } from "../http/work-limiter";
import { REPRESENTATIONS } from "../negotiation/negotiate";
import { markdownUrlOf, pageUrlOf } from "../site-urls";
import { fetchInternalPage, type RenderedPage } from "./internal-render";
import { loadPage, pageExists } from "./page-data";
import { internalRenderPath, resolvePage } from "./routes";
import { htmlSecurityHeaders, requestedOverHttps, TEXT_SECURITY_HEADERS, withTransportPolicy } from "./security-headers";
import { cacheBudget } from "../cache/memory-budget";
import { respondWithFreshness } from "../cache/freshness";
import { pageCacheTtlMs, STALE_IF_ERROR_MS } from "../cache/public-caches";
import { sharedCache, stringBytes, TtlCache } from "../cache/ttl-cache";

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
  const resolved = resolvePage(pagePath, search);
  const query = resolved.query;
  // Unknown slugs all render the one 404 page, so the render cache only holds real pages.
  const match = resolved.match && (await pageExists(resolved.match)) ? resolved.match : null;
  const qs = query.toString();
  const internal = internalRenderPath(match) + (qs ? `?${qs}` : "");
  let renderedNow = false;
  const { rendered, security, etag } = await htmlCache.get(internal, pageCacheTtlMs(match?.route.cache ?? "menu"), async () => {
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
    const etag = etagOf(rendered.html);
    const security = await cspCache.get(etag, 3_600_000, async () => htmlSecurityHeaders(rendered.html, { dev }));
    return { rendered, security, etag };
  });
  const markdownUrl = markdownUrlOf(pageUrlOf(pagePath, query));
  const headers: Record<string, string> = {
    ...withTransportPolicy(security, requestedOverHttps(request)),
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
