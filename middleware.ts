// Content negotiation of the public pages (contract section 4, "Markdown content negotiation").
// Every page is one URL with two representations: "/x.md", or an Accept header that prefers
// text/markdown, gets the Markdown twin; anything else that accepts HTML gets the page. An Accept
// header that allows neither is answered here: 406 not_acceptable listing both representations.
//
// Both representations are answered here, by serveRepresentation (lib/pages/serve-page.ts): the
// function the page handler calls. Handing a request on costs a second pass through Next's
// router: 0.57 of the floor route for the Markdown twin with the hop, 1.12 without it (npm run
// bench; docs/performance.md). It also costs memory: before
// the handler is matched, Next's router records every path it checks against the file system in a
// per-path cache (8 MB of its own weight, not configurable), so a flood of distinct unknown page
// paths would fill it; a path answered here is never checked. Middleware runs in this process
// and shares its caches and database client (lib/cache/ttl-cache.ts, lib/db/prisma.ts keep them
// once per process: lib/process-state.mjs).
//
// Redirects go on to the page handler (app/[[...path]]/route.ts); the decision travels in a
// request header. Why not NextResponse.rewrite() for that: Next.js 16 renames a loopback host
// (127.0.0.1, ::1) to "localhost" in middleware URLs, so behind a server bound to 127.0.0.1 (as
// in the tests) every rewrite looks like one to another origin and is proxied over HTTP.
// Annotating the request and letting the router match the catch-all handler needs no rewrite.
//
// Only paths of the route table (lib/pages/routes.ts) are negotiated here. The matcher keeps it
// off /api, /_next, the discovery files (/llms*.txt, /llms-index.md,
// /sitemap.xml, /robots.txt, /openapi.json, /.well-known/*) and every static file (any path with
// an extension other than .md); the same rules are repeated in code. Whether a restaurant exists
// is decided by the serving functions (404 in both representations).
import { NextResponse, type NextRequest } from "next/server";
import { config as settings } from "@/lib/config";
import { ApiError } from "@/lib/http/api-errors";
import { errorResponse } from "@/lib/http/api-route";
import { preflightResponse } from "@/lib/http/cors";
import { isMalformedPath, repairPercentEncoding } from "@/lib/http/percent-encoding";
import { unknownPathResponse } from "@/lib/api/unknown-path";
import { decideRepresentation } from "@/lib/negotiation/negotiate";
import { isNeverAPage } from "@/lib/negotiation/page-paths";
import { isInternalRenderRequest } from "@/lib/loopback";
import { isInternalPath } from "@/lib/pages/internal-render";
import { matchPageRoute } from "@/lib/pages/routes";
import { notAcceptableResponse, REPRESENTATION_HEADER, serveRepresentation } from "@/lib/pages/serve-page";

// Node.js, not Edge: it shares the process (and the internal render token) with the handlers.
export const runtime = "nodejs";

const PAGE_METHODS = "GET, HEAD, OPTIONS";

function internalNotFound(representation: "html" | "markdown"): Response {
  const markdown = representation === "markdown";
  return new Response(
    markdown
      ? "# Page not found\n\nThere is no published page at this address.\n"
      : '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title><h1>Page not found</h1><p><a href="/">Home</a></p></html>',
    {
      status: 404,
      headers: {
        "Content-Type": markdown ? "text/markdown; charset=utf-8" : "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        Vary: "Accept",
      },
    },
  );
}

/**
 * A path whose percent-encoding does not decode to UTF-8 ("/%FF", "/api/x%ZZ") names nothing:
 * under /api the API's not_found, elsewhere the not-found page in the negotiated representation.
 * Answered here because Next.js, in every run mode, fails such a path with a bare 500 once it
 * tries to decode it for a route.
 */
function malformedPathResponse(request: NextRequest): Promise<Response> | Response {
  const { pathname } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) return unknownPathResponse(request);
  const { pagePath, representation } = decideRepresentation(repairPercentEncoding(pathname), request.headers.get("accept"));
  if (!representation) return notAcceptableResponse(pagePath, request.nextUrl.search, request.headers.get("accept"));
  return serveRepresentation(representation, request, pagePath, new URLSearchParams());
}

export async function middleware(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;

  // The page handler's loopback fetch of the internal render (lib/pages/internal-render.ts); any
  // other request for a render, by any spelling Next.js would resolve to one, finds nothing.
  if (isInternalRenderRequest(request.headers)) return NextResponse.next();
  if (isInternalPath(pathname)) return internalNotFound(decideRepresentation(pathname, request.headers.get("accept")).representation ?? "html");
  if (isMalformedPath(pathname)) return malformedPathResponse(request);
  if (isNeverAPage(pathname)) return NextResponse.next();

  if (request.method === "OPTIONS") return preflightResponse({ allow: PAGE_METHODS });
  if (request.method !== "GET" && request.method !== "HEAD") {
    return errorResponse(
      new ApiError("method_not_allowed", `${request.method} is not supported on pages; use GET or HEAD.`, { headers: { Allow: PAGE_METHODS } }),
    );
  }

  const accept = request.headers.get("accept");
  const { pagePath, representation } = decideRepresentation(pathname, accept);
  // Paths that are no page of the route table (another route's, or nothing: the catch-all
  // handler answers 404 in the negotiated representation) are left alone.
  if (!matchPageRoute(pagePath)) return NextResponse.next();
  if (!representation) return notAcceptableResponse(pagePath, search, accept);

  const page = await serveRepresentation(representation, request, pagePath, request.nextUrl.searchParams);
  // Next.js turns a same-origin Location from middleware into a relative one; a redirect (a
  // default-language URL) is left to the handler, whose Location stays absolute.
  if (!page.headers.has("location")) return page;

  const headers = new Headers(request.headers);
  headers.set(REPRESENTATION_HEADER, representation);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Everything except /api, /_next, /.well-known, /llms-index.md and files with an extension
  // other than .md (so /x.md twins are included; /llms.txt, /sitemap.xml, /favicon.svg are not);
  // any path with a "%", for the malformed ones; and the internal renders with any suffix.
  matcher: ["/((?!api/|api$|_next/|\\.well-known/|llms-index\\.md$|.*\\.(?!md$)[^/.]+$).*)", "/(.*%.*)", "/render(.*)"],
};
