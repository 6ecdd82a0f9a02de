// GET /robots.txt
import { cachedResponse } from "@/lib/http/api-route";
import { TEXT_SECURITY_HEADERS } from "@/lib/pages/security-headers";
import { robotsTxt } from "@/lib/seo/serve-index-files";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return cachedResponse(request, { body: robotsTxt(), contentType: "text/plain; charset=utf-8" }, "directory", { ...TEXT_SECURITY_HEADERS });
}
