// The parts of page serving that middleware.ts needs too: no database, no rendering.
import { ApiError } from "../http/api-errors";
import { errorResponse } from "../http/api-route";
import { markdownUrlOf, publicBaseUrl } from "../site-urls";

/** Request header in which middleware.ts hands its decision to the page handler. */
export const REPRESENTATION_HEADER = "x-menu-representation";

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

