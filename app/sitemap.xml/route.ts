// GET /sitemap.xml — see lib/seo/llms.ts and lib/seo/sitemap.ts; built from the route table.
import { serveIndexFile } from "@/lib/seo/serve-index-files";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveIndexFile(request, "sitemap.xml");
}
