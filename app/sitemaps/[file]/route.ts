// GET /sitemaps/{n}.xml — the parts of a sitemap with more than 50,000 URLs (lib/seo/sitemap.ts).
import { ApiError } from "@/lib/http/api-errors";
import { errorResponse } from "@/lib/http/api-route";
import { serveIndexFile } from "@/lib/seo/serve-index-files";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const n = /^([1-9]\d{0,5})\.xml$/.exec(file)?.[1];
  if (!n) return errorResponse(new ApiError("not_found", `There is no sitemap part ${file}.`, { hint: "The sitemap index at /sitemap.xml lists every part." }));
  return serveIndexFile(request, `sitemaps/${Number(n)}.xml`);
}
