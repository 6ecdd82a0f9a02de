// Content negotiation between the two representations of a public page (contract section 4,
// "Markdown content negotiation", rules 2, 4 and 5). Pure: no I/O, no framework types, so the
// middleware, the route handlers and the tests share exactly one decision.
//
// Parsing and matching of the Accept header is done by `negotiator` (the parser Express uses),
// which implements RFC 9110 §12.5.1: q-values, q=0 as rejection, the most specific matching
// range deciding a type's quality (text/markdown over text/* over */*), and media-type
// parameters that must match when the client names them.
import Negotiator from "negotiator";

export type Representation = "html" | "markdown";

/** What the service can produce, with the exact Content-Type each is sent with. */
export const REPRESENTATIONS: Record<Representation, { contentType: string }> = {
  html: { contentType: "text/html; charset=utf-8" },
  markdown: { contentType: "text/markdown; charset=utf-8" },
};

/**
 * The media types offered to the parser, in server preference order (the tie-break when the
 * client ranks them equally, e.g. "*\/*" or "text/*": HTML first, as for a browser).
 * Parameters are part of the offer so that a client asking for "text/markdown; charset=utf-8"
 * or "text/markdown; variant=GFM" (RFC 7763) matches, while "variant=CommonMark" does not.
 * text/x-markdown is the pre-registration name some tools still send.
 */
const OFFERS: ReadonlyArray<{ mediaType: string; representation: Representation }> = [
  { mediaType: "text/html; charset=utf-8", representation: "html" },
  { mediaType: "text/markdown; charset=utf-8; variant=GFM", representation: "markdown" },
  { mediaType: "text/x-markdown; charset=utf-8; variant=GFM", representation: "markdown" },
];

/**
 * The representation to send for an Accept header, or null when none of `available` is
 * acceptable (→ 406 not_acceptable; there is no silent fallback).
 * A missing or empty Accept header means "anything" (RFC 9110 §12.5.1), so HTML.
 */
export function negotiateRepresentation(
  accept: string | null | undefined,
  available: readonly Representation[] = ["html", "markdown"],
): Representation | null {
  const header = accept?.trim() ? accept : undefined;
  const offers = OFFERS.filter((o) => available.includes(o.representation));
  const negotiator = new Negotiator({ headers: header === undefined ? {} : { accept: header } });
  let preferred: string[];
  try {
    preferred = negotiator.mediaTypes(offers.map((o) => o.mediaType));
  } catch {
    // A header the parser cannot read at all accepts nothing we can name.
    return null;
  }
  const best = preferred[0];
  return best === undefined ? null : (offers.find((o) => o.mediaType === best)?.representation ?? null);
}

/** Every negotiable page path, split into the page path and whether ".md" selected Markdown. */
export interface PageRequestTarget {
  /** the page path without the ".md" suffix ("/" for the home page) */
  pagePath: string;
  /** true when the path itself named the Markdown representation */
  explicitMarkdown: boolean;
}

/** "/x.md" → { "/x", true }; "/index.md" → { "/", true }; "/x" → { "/x", false }. */
export function splitMarkdownSuffix(pathname: string): PageRequestTarget {
  if (pathname.endsWith(".md")) {
    const base = pathname.slice(0, -".md".length);
    if (base === "/index") return { pagePath: "/", explicitMarkdown: true };
    if (base !== "" && base !== "/" && !base.endsWith("/")) return { pagePath: base, explicitMarkdown: true };
  }
  return { pagePath: pathname, explicitMarkdown: false };
}

/**
 * The full decision for one request: which representation to render, or null for 406.
 * A ".md" URL names one representation: it is served when Markdown is acceptable, and is
 * 406 otherwise (the client said it cannot use Markdown).
 */
export function decideRepresentation(pathname: string, accept: string | null | undefined) {
  const target = splitMarkdownSuffix(pathname);
  const representation = negotiateRepresentation(accept, target.explicitMarkdown ? ["markdown"] : ["html", "markdown"]);
  return { ...target, representation };
}
