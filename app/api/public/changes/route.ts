// GET /api/public/changes – the change feed: what became public, changed or stopped being public after a cursor
import Negotiator from "negotiator";
import { apiRoute, cachedResponse, jsonResponse, singleParam } from "@/lib/http/api-route";
import { changesMarkdown } from "@/lib/markdown/changes";
import { listChanges } from "@/lib/changes/list-changes";
import { publicBaseUrl } from "@/lib/site-urls";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const url = new URL(request.url);
    const data = await listChanges({ since: singleParam(url, "since"), limit: singleParam(url, "limit") });
    const link: Record<string, string> = data.hasMore ? { Link: `<${nextUrl(url, data.nextCursor)}>; rel="next"` } : {};
    // The Markdown twin, for a client that prefers it; JSON otherwise (and without Accept).
    if (prefersMarkdown(request.headers.get("accept"))) {
      const body = changesMarkdown(data, `${publicBaseUrl()}${url.pathname}${url.search}`);
      return cachedResponse(request, { body, contentType: "text/markdown; charset=utf-8" }, "changes", { ...link, Vary: "Accept" });
    }
    return jsonResponse(request, data, "changes", { ...link, Vary: "Accept" });
  },
});

function nextUrl(url: URL, cursor: string): string {
  const next = new URL(url);
  next.searchParams.set("since", cursor);
  return `${publicBaseUrl()}${next.pathname}?${next.searchParams}`;
}

function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  return new Negotiator({ headers: { accept } }).mediaType(["application/json", "text/markdown"]) === "text/markdown";
}
