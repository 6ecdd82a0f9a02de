// GET /.well-known/security.txt – where to report vulnerabilities (RFC 9116), Expires computed when served
import { apiRoute, cachedResponse } from "@/lib/http/api-route";
import { securityTxt } from "@/lib/openapi/manifests";

// Expires moves forward every day, so the file is built per request (it changes once a day: ETag).
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => cachedResponse(request, { body: securityTxt(), contentType: "text/plain; charset=utf-8" }, "directory"),
});
