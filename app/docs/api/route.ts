// GET /docs/api – the interactive API reference for people (Swagger UI rendering /openapi.json)
import { apiRoute, cachedResponse } from "@/lib/http/api-route";
import { referenceCsp, referencePageHtml } from "@/lib/openapi/reference-page";

// A route handler, not a page: the reference is a self-contained document with its own strict CSP
// (see lib/openapi/reference-page.ts for what it needs), outside the site layout.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => {
    // A nonce from a site-wide nonce policy (middleware's x-nonce request header) is echoed onto the
    // page's tags; a page carrying a per-request nonce must then not be stored by shared caches.
    const nonce = request.headers.get("x-nonce") ?? undefined;
    return cachedResponse(request, { body: referencePageHtml(nonce), contentType: "text/html; charset=utf-8" }, nonce ? "noStore" : "directory", {
      "Content-Security-Policy": referenceCsp(),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
  },
});
