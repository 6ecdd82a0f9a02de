// HTTP for the index files (/llms.txt, /llms-full.txt, /llms-index.md, /sitemap.xml,
// /sitemaps/{n}.xml, /robots.txt): ETag/304, the menu cache policy (they list menus), and an
// in-process copy (lib/cache) so a crawler burst does not rebuild them.
import { cachedResponse, errorResponse } from "../http/api-route";
import { ApiError } from "../http/api-errors";
import { enumeratePages, loadSiteSnapshot } from "../pages/page-index";
import { TEXT_SECURITY_HEADERS } from "../pages/security-headers";
import { cacheTtlMs } from "../cache/public-caches";
import { cacheBudget } from "../cache/memory-budget";
import { sharedCache, stringBytes, TtlCache } from "../cache/ttl-cache";
import { siteUrls } from "../site-urls";
import { watchChanges } from "../cache/change-watch";
import { llmsFull, llmsIndex, llmsTxt } from "./llms";
import { sitemapDocument, sitemapPart } from "./sitemap";

// Purged with every other cache by the revalidation endpoint; lives as long as the others.
const cache = sharedCache("index-files", () => new TtlCache<string | null>(64, { name: "index-files", weigh: (body) => (body === null ? 0 : stringBytes(body)), maxBytes: cacheBudget("index-files") }));

export type IndexFile = "llms.txt" | "llms-full.txt" | "llms-index.md" | "sitemap.xml" | `sitemaps/${number}.xml`;

const CONTENT_TYPES: Record<string, string> = {
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  xml: "application/xml; charset=utf-8",
};

async function build(file: IndexFile): Promise<string | null> {
  const snapshot = await loadSiteSnapshot();
  if (file === "llms.txt") return llmsTxt(snapshot);
  if (file === "llms-full.txt") return llmsFull(snapshot);
  if (file === "llms-index.md") return llmsIndex(snapshot);
  if (file === "sitemap.xml") return sitemapDocument(enumeratePages(snapshot), siteUrls.sitemapPart);
  const n = Number(file.slice("sitemaps/".length, -".xml".length));
  return sitemapPart(enumeratePages(snapshot), n);
}

export async function serveIndexFile(request: Request, file: IndexFile): Promise<Response> {
  try {
    await watchChanges(request.url);
    const body = await cache.get(file, cacheTtlMs(), () => build(file));
    if (body === null) throw new ApiError("not_found", `There is no ${file}.`, { hint: "The sitemap index at /sitemap.xml lists every part." });
    const ext = file.slice(file.lastIndexOf(".") + 1);
    return cachedResponse(request, { body, contentType: CONTENT_TYPES[ext] }, "menu", { ...TEXT_SECURITY_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}

export function robotsTxt(): string {
  return [
    "# Menu Service: public pages are welcome to crawlers and agents.",
    "User-agent: *",
    "Allow: /",
    "",
    `Sitemap: ${siteUrls.sitemap()}`,
    "",
    `# For agents: ${siteUrls.llmsTxt()} · every page as Markdown: append .md or send Accept: text/markdown`,
    "",
  ].join("\n");
}
