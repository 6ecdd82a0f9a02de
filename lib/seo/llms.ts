// The index files for agents, all from the page list of lib/pages/page-index.ts:
//   /llms.txt       llms.txt format: H1, one-line summary, notes, sections of links with notes
//   /llms-index.md  every Markdown page, grouped by route (contract section 4, rule 7)
//   /llms-full.txt  all public content as one Markdown document
// Built as mdast and serialized by remark, so restaurant names are escaped like in the twins.
import type { Heading, RootContent } from "mdast";
import { API_OPERATIONS } from "../api/operations";
import { code, heading, link, list, paragraph, type Inline } from "../markdown/mdast";
import { attributionInline, pageMarkdownSection } from "../markdown/pages";
import { renderBody, renderDocument } from "../markdown/render";
import { enumeratePages, type PageEntry, type SiteSnapshot } from "../pages/page-index";
import { loadPage, pageMeta, SITE_NAME, SITE_SUMMARY } from "../pages/page-data";
import { matchPageRoute, PAGE_ROUTE_IDS, PAGE_ROUTES } from "../pages/routes";
import { publicBaseUrl, siteUrls } from "../site-urls";

/** How many restaurants llms.txt lists by name; the rest are in /llms-index.md. */
export const LLMS_TXT_RESTAURANT_LIMIT = 100;

function entryLine(e: PageEntry): Inline[] {
  return [link(e.markdownUrl, e.title), e.note ? `: ${e.note}` : ""];
}

/** The registry's operations listed in one llms section: a link and its note, `code` as code. */
function operationLines(section: "api" | "mirroring"): Inline[][] {
  return API_OPERATIONS.flatMap(({ path, llms }) =>
    llms?.section === section ? [[link(publicBaseUrl() + path, llms.title), ...`: ${llms.note}`.split("`").map((piece, i) => (i % 2 ? code(piece) : piece))]] : [],
  );
}

export function llmsTxt(snapshot: SiteSnapshot): string {
  const entries = enumeratePages(snapshot);
  const byRoute = (id: (typeof PAGE_ROUTE_IDS)[number]) => entries.filter((e) => e.routeId === id);
  const restaurants = byRoute("restaurant");
  const shown = restaurants.slice(0, LLMS_TXT_RESTAURANT_LIMIT);

  const body: RootContent[] = [
    heading(1, SITE_NAME),
    { type: "blockquote", children: [paragraph(SITE_SUMMARY)] },
    paragraph(
      "A public, read-only service. Every page is HTML for people and Markdown for agents at the same URL: append ",
      code(".md"),
      " (the home page is ",
      code("/index.md"),
      ") or send ",
      code("Accept: text/markdown"),
      ". The JSON API and the MCP tool server need no key.",
    ),
    paragraph(...attributionInline()),
    heading(2, "Restaurants"),
    ...(shown.length ? [list(shown.map(entryLine))] : [paragraph("No published restaurants yet.")]),
    ...(restaurants.length > shown.length
      ? [paragraph(`${restaurants.length - shown.length} more restaurants: `, link(siteUrls.llmsIndex(), "index of every Markdown page"), ".")]
      : []),
    heading(2, "Directories"),
    list([...byRoute("locations"), ...byRoute("cuisines"), ...byRoute("search"), ...byRoute("dishes")].map(entryLine)),
    heading(2, "API and tools"),
    list([
      ...operationLines("api"),
      [link(siteUrls.openApi(), "OpenAPI 3.1 specification")],
      [link(siteUrls.mcpManifest(), "MCP tool server manifest"), ": JSON-RPC 2.0 over HTTP at ", code(`POST ${siteUrls.mcp()}`), "."],
      ...byRoute("developers").map(entryLine),
    ]),
    ...mirroringSection(),
    heading(2, "Optional"),
    list([
      [link(siteUrls.llmsFull(), "llms-full.txt"), ": all public content in one Markdown document."],
      [link(siteUrls.llmsIndex(), "llms-index.md"), ": every Markdown page."],
      [link(siteUrls.sitemap(), "sitemap.xml"), ": every HTML page with its last change."],
      ...byRoute("plans").map(entryLine),
    ]),
  ];
  return renderBody(body);
}

/** How to keep a copy of every menu without crawling (llms.txt, llms-full.txt, llms-index.md). */
function mirroringSection(): RootContent[] {
  return [
    heading(2, "Mirroring: the export, the change feed and Atom"),
    list([
      ...operationLines("mirroring"),
      [link(`${siteUrls.home().replace(/\/$/, "")}/feeds/restaurants.atom`, "Atom feed of newly published restaurants"), ": also per city at ", code("/feeds/cities/{city}.atom"), "."],
    ]),
  ];
}

export function llmsIndex(snapshot: SiteSnapshot): string {
  const entries = enumeratePages(snapshot);
  const body: RootContent[] = [
    heading(1, `${SITE_NAME}: every Markdown page`),
    paragraph(
      `${entries.length} pages. Each is the Markdown twin of the HTML page at the same URL without `,
      code(".md"),
      "; send ",
      code("Accept: text/markdown"),
      " to that URL for the same document.",
    ),
    ...mirroringSection(),
  ];
  for (const id of PAGE_ROUTE_IDS) {
    const route = PAGE_ROUTES[id];
    const group = entries.filter((e) => e.routeId === id);
    body.push(heading(2, route.title), paragraph(route.summary, " Pattern: ", code(route.pattern === "/" ? "/index.md" : `${route.pattern}.md`), "."));
    body.push(group.length ? list(group.map(entryLine)) : paragraph("None yet."));
  }
  return renderDocument(
    {
      title: `${SITE_NAME}: every Markdown page`,
      description: "The list of all Markdown pages of the service, generated from its route table.",
      canonical: siteUrls.llmsIndex(),
      language: "en",
      updated: snapshot.siteUpdated,
    },
    body,
  );
}

function demote(node: RootContent): RootContent {
  if (node.type === "heading") return { ...node, depth: Math.min(6, node.depth + 1) as Heading["depth"] };
  return node;
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** Pages whose content llms-full.txt carries (listings of cities and cuisines would repeat it). */
const FULL_TEXT_ROUTES = new Set(["home", "locations", "cuisines", "plans", "developers", "restaurant"]);

export async function llmsFull(snapshot: SiteSnapshot): Promise<string> {
  const entries = enumeratePages(snapshot).filter((e) => FULL_TEXT_ROUTES.has(e.routeId));
  const sections = await mapLimit(entries, 8, async (e) => {
    const match = matchPageRoute(new URL(e.url).pathname);
    if (!match) return [];
    const result = await loadPage(match);
    if (result.kind !== "ok") return [];
    return pageMarkdownSection(result.page, pageMeta(result.page, result.siteUpdated)).map(demote);
  });
  const body: RootContent[] = [
    heading(1, `${SITE_NAME}: all public content`),
    paragraph(SITE_SUMMARY),
    paragraph(...attributionInline(), " Menus are in their default language; other languages are linked from each menu."),
    ...mirroringSection(),
  ];
  for (const section of sections) body.push({ type: "thematicBreak" }, ...section);
  return renderBody(body);
}
