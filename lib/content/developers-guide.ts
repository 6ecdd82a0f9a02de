// The /developers guide, written once as Markdown. Its twin (/developers.md) is this text verbatim
// after the front matter; the HTML page is the same text through remark → remark-rehype →
// rehype-stringify (lib/markdown/to-html.ts), so the two cannot drift apart.
// The prose is written here; what comes from data (base URL, the endpoint and error tables, the
// example restaurant) is serialized by remark from mdast, so no catalog text can break the
// Markdown or inject markup.
import type { PageDataById } from "../pages/page-data";
import { ATTRIBUTION, SITE_NAME } from "../pages/page-data";
import { code, link, paragraph, table, type Inline } from "../markdown/mdast";
import { attributionInline } from "../markdown/attribution";
import { renderBody } from "../markdown/render";
import { markdownUrlOf, siteUrls } from "../site-urls";

/** Anchors other pages and documents link to (siteUrls.terms() is /developers#terms). */
export const DEVELOPERS_HEADING_IDS: Record<string, string> = {
  "Markdown versions of every page": "markdown",
  "Limits and caching": "limits",
  "Terms of use": "terms",
};

const inline = (...children: Inline[]) => renderBody([paragraph(...children)]).trim();

export function developersGuide(data: PageDataById["developers"], title: string): string {
  const example = data.exampleSlug;
  const menu = example ? siteUrls.restaurant(example) : `${siteUrls.home()}{slug}`;
  const endpoints = renderBody([
    table(
      ["Method", "Path", "What it returns", "Cache-Control"],
      data.endpoints.map((e) => [e.methods.join(", "), code(e.path), e.summary, code(e.cacheControl)]),
    ),
  ]).trim();
  const errors = renderBody([table(["error", "HTTP status", "Hint"], data.errors.codes.map((c) => [code(c.error), String(c.status), c.hint]))]).trim();

  return `# ${inline(title)}

${inline(data.description)}

- Base URL: ${inline(link(data.baseUrl))} — no API key, no account, no sandbox; CORS-open.
- Specification: ${inline(link(data.specification, "OpenAPI 3.1"))} (${inline(link(siteUrls.apiReference(), "interactive reference"))}) · index: ${inline(link(siteUrls.apiIndex()))}
- Tool server (MCP, JSON-RPC 2.0 over HTTP): ${inline(code(`POST ${siteUrls.mcp()}`))} · manifest ${inline(link(siteUrls.mcpManifest()))}

## Endpoints

${endpoints}

## Examples

\`\`\`sh
curl '${siteUrls.apiIndex()}/restaurants?q=fondue&limit=5'
curl '${example ? siteUrls.restaurantApi(example) : `${siteUrls.apiIndex()}/restaurants/{slug}`}'
curl '${siteUrls.apiIndex()}/locations'
\`\`\`

## Markdown versions of every page

Every page is also Markdown at the same URL: append \`.md\` (the home page is \`/index.md\`) or send
\`Accept: text/markdown\`. Both give the same document: YAML front matter (title, description,
canonical, language, updated) and the content, without navigation, scripts or styling. Responses
carry \`Vary: Accept\`, \`Link: <…>; rel="canonical"\`, an \`ETag\` and \`x-markdown-tokens\`. An
\`Accept\` header that allows neither \`text/html\` nor \`text/markdown\` gets \`406 not_acceptable\`
listing both representations.

\`\`\`sh
curl '${markdownUrlOf(menu)}'
curl -H 'Accept: text/markdown' '${menu}'
\`\`\`

Indexes for agents: ${inline(link(siteUrls.llmsTxt(), "llms.txt"))}, ${inline(link(siteUrls.llmsFull(), "llms-full.txt"))}, ${inline(link(siteUrls.llmsIndex(), "llms-index.md"))} (every Markdown page), ${inline(link(siteUrls.sitemap(), "sitemap.xml"))}.

## Mirroring every menu

Download ${inline(link(`${siteUrls.apiIndex()}/export.ndjson`, "the export"))} once (NDJSON: one restaurant per line, exactly the body of
\`/api/public/restaurants/{slug}\`, then an end line with \`nextCursor\`), then poll
${inline(link(`${siteUrls.apiIndex()}/changes`, "the change feed"))} with \`?since=<nextCursor>\`: each change is \`published\`, \`updated\` (fetch
\`apiUrl\` again) or \`removed\` (drop it). Removals are kept 30 days; an older cursor is
\`invalid_request\` with \`cursorExpired: true\`: download the export again. New restaurants as Atom:
${inline(link(`${siteUrls.home().replace(/\/$/, "")}/feeds/restaurants.atom`, "/feeds/restaurants.atom"))}, per city \`/feeds/cities/{city}.atom\`.

## Errors

Every failure under \`/api\` is JSON with \`error\`, \`status\`, \`message\`, \`hint\`, \`documentation\`
and \`specification\`; branch on \`error\`. Errors are never cached.

${errors}

## Limits and caching

- ${inline(data.conventions.rateLimits)}
- ${inline(data.conventions.conditionalRequests)}
- ${inline(data.conventions.cors)}
- ${inline(data.conventions.methods)}
- ${inline(data.conventions.queryParameters)}
- Shared caches keep directory and plan data 24 hours, search results 60 seconds and a menu 5 minutes.

## Terms of use

${inline(ATTRIBUTION)}

In the words of the API index and every manifest:

> ${inline(...attributionInline())}

Show a visible credit with a link to ${inline(link(siteUrls.home(), SITE_NAME))} (${inline(link(data.baseUrl))}) wherever the data appears. The
data is provided as is, without warranty: menus, prices and allergens change, and diners with
allergies should confirm with the restaurant. Do not use the API to send heavy search traffic;
cache responses. Restaurant owners edit their data in the dashboard; there is no write API.
`;
}
