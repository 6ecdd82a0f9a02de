// A request for a public page, in one direction: request → representation → page.
//   1. The representation (lib/negotiation): HTML, the Markdown twin, or neither (406 here).
//      middleware.ts decides it first and passes it in REPRESENTATION_HEADER; the catch-all route
//      handler (app/[[...path]]/route.ts) calls servePage, which decides it again should
//      middleware not have run.
//   2. The page in that representation: lib/pages/html-page.ts or lib/pages/markdown-page.ts.
import { ApiError } from "../http/api-errors";
import { errorResponse } from "../http/api-route";
import { CACHE_POLICIES } from "../http/cache-policy";
import { decideRepresentation, type Representation } from "../negotiation/negotiate";
import { isNeverAPage } from "../negotiation/page-paths";
import { markdownUrlOf, publicBaseUrl } from "../site-urls";
import { serveHtml } from "./html-page";
import { watchChanges } from "../cache/change-watch";
import { isInternalRenderRequest } from "../loopback";
import { serveMarkdown } from "./markdown-page";
import { TEXT_SECURITY_HEADERS } from "./security-headers";

/** Request header in which middleware.ts hands its decision to the page handler. */
export const REPRESENTATION_HEADER = "x-menu-representation";

/** The page as the request asks for it. */
export async function servePage(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // An internal render that matched no internal page would otherwise fetch itself again; a
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
  return serveRepresentation(representation, request, decided.pagePath, url.searchParams);
}

/** The page in the representation decided for it (here, or by middleware.ts). */
export async function serveRepresentation(representation: Representation, request: Request, pagePath: string, search: URLSearchParams): Promise<Response> {
  await watchChanges(request.url);
  return representation === "markdown" ? serveMarkdown(request, pagePath, search) : serveHtml(request, pagePath, search);
}

/** 406 not_acceptable, listing both representations of the page with their URLs (rule 5). */
export function notAcceptableResponse(pagePath: string, search: string, accept: string | null): Response {
  const htmlUrl = `${publicBaseUrl()}${pagePath}${search}`;
  const markdownUrl = markdownUrlOf(htmlUrl);
  const shown = (accept ?? "").slice(0, 200);
  return errorResponse(
    new ApiError("not_acceptable", `This page is available as text/html and as text/markdown; the Accept header "${shown}" allows neither.`, {
      hint: "Send Accept: text/html or Accept: text/markdown (or */*), or use one of the URLs in representations.",
      extra: {
        representations: [
          { type: "text/html", url: htmlUrl },
          { type: "text/markdown", url: markdownUrl },
        ],
      },
      headers: {
        Vary: "Accept",
        Link: `<${htmlUrl}>; rel="alternate"; type="text/html", <${markdownUrl}>; rel="alternate"; type="text/markdown"`,
      },
    }),
  );
}
