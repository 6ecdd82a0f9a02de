// GET /api/public/export.ndjson – every published restaurant with its full menu, one per line, and the feed cursor to continue from
import { allowAnyOrigin } from "@/lib/http/cors";
import { apiRoute, matchesIfNoneMatch, varyWith } from "@/lib/http/api-route";
import { CACHE_POLICIES } from "@/lib/http/cache-policy";
import { exportStream, exportVersion } from "@/lib/export/export-restaurants";

export const dynamic = "force-dynamic";

// Each export (and each revalidation of one) counts as one request of the search budget.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const version = await exportVersion();
    const headers = allowAnyOrigin(new Headers());
    headers.set("Cache-Control", CACHE_POLICIES.export);
    headers.set("ETag", version.etag);
    headers.set("Last-Modified", version.lastModified.toUTCString());
    headers.set("Vary", varyWith(null, "Accept-Encoding"));
    if (notModified(request, version)) return new Response(null, { status: 304, headers });
    headers.set("Content-Type", "application/x-ndjson; charset=utf-8");
    // Identity from the app: Next.js compresses only the types it deems compressible, not NDJSON,
    // and drops a Content-Encoding a route sets. The edge gzips it (edge/nginx.conf.template gzip_types).
    return new Response(exportStream(version), { status: 200, headers });
  },
}, { throttle: "search" });

/** If-None-Match first; If-Modified-Since only without it (RFC 9110 §13.2.2). */
function notModified(request: Request, version: { etag: string; lastModified: Date }): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) return matchesIfNoneMatch(ifNoneMatch, version.etag);
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  return Number.isFinite(since) && Math.floor(version.lastModified.getTime() / 1000) * 1000 <= since;
}
