// The Markdown twin of a public page (contract section 4): built from the page's data, kept in
// process, served with its canonical link. What GET {page}.md and Accept: text/markdown get
// (middleware.ts answers them), and what the MCP resource menu://restaurants/{slug}/menu.md returns.
import { cachedResponse, errorResponse } from "../http/api-route";
import { etagOf } from "../http/etag-of";
import { CACHE_POLICIES, type CachePolicy } from "../http/cache-policy";
import { estimateTokens } from "../markdown/render";
import { notFoundMarkdown, pageMarkdown } from "../markdown/pages";
import { REPRESENTATIONS } from "../negotiation/negotiate";
import { markdownUrlOf, pageUrlOf } from "../site-urls";
import { loadPage, pageMeta } from "./page-data";
import { resolvePage, type RouteMatch } from "./routes";
import { TEXT_SECURITY_HEADERS } from "./security-headers";
import { cacheBudget } from "../cache/memory-budget";
import { respondWithFreshness } from "../cache/freshness";
import { pageCacheTtlMs, STALE_IF_ERROR_MS } from "../cache/public-caches";
import { sharedCache, stringBytes, TtlCache } from "../cache/ttl-cache";

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
  const canonical = pageUrlOf(pagePath, query);
  if (!match) return { status: 404, body: notFoundMarkdown(canonical), canonical, language: "en", policy: "noStore" };
  const result = await loadPage(match, query);
  if (result.kind === "not_found") return { status: 404, body: notFoundMarkdown(canonical), canonical, language: "en", policy: "noStore" };
  if (result.kind === "redirect") {
    return { status: 308, body: "", canonical: result.location, language: "en", location: markdownUrlOf(result.location), policy: match.route.cache };
  }
  const meta = pageMeta(result.page, result.siteUpdated);
  return { status: 200, body: pageMarkdown(result.page, meta), canonical: meta.canonical, language: meta.language, policy: match.route.cache };
}

/** The Markdown twin of a page path, from the in-process cache. */
export async function markdownTwin(pagePath: string, search: URLSearchParams = new URLSearchParams()): Promise<MarkdownTwin> {
  const { match, query } = resolvePage(pagePath, search);
  const key = `${pagePath}?${query.toString()}`;
  return markdownCache.get(key, pageCacheTtlMs(match?.route.cache ?? "menu"), async () => {
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
    // The error itself, not a stand-in: errorResponse logs one that is not an ApiError once, with
    // its cause, and answers 500; an ApiError (a shed render: 503) was logged where it arose.
    return errorResponse(error);
  }
}
