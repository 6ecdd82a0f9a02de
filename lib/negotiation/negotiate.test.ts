import { describe, expect, it } from "vitest";
import { decideRepresentation, negotiateRepresentation, splitMarkdownSuffix, type Representation } from "./negotiate";
import { isNeverAPage } from "./page-paths";

// Accept header → representation of a page URL (both offered), or null = 406 not_acceptable.
const TABLE: [accept: string | null | undefined, expected: Representation | null][] = [
  // no preference
  [undefined, "html"],
  [null, "html"],
  ["", "html"],
  ["   ", "html"],
  ["*/*", "html"],
  // what browsers send
  ["text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", "html"],
  ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "html"],
  // exact types
  ["text/html", "html"],
  ["text/markdown", "markdown"],
  ["TEXT/MARKDOWN", "markdown"],
  ["text/x-markdown", "markdown"],
  // q-values decide
  ["text/markdown, text/html;q=0.9", "markdown"],
  ["text/html;q=0.5, text/markdown", "markdown"],
  ["text/html, text/markdown;q=0.99", "html"],
  ["text/markdown;q=0.1, */*;q=0.05", "markdown"],
  ["text/markdown;q=0.3, text/html;q=0.2", "markdown"],
  ["text/markdown;q=0.200, text/html;q=0.3", "html"],
  // equal q: the client's order, then the server's (HTML first)
  ["text/markdown, text/html", "markdown"],
  ["text/html, text/markdown", "html"],
  ["text/*", "html"],
  ["text/*, text/markdown", "markdown"],
  // q=0 is an explicit rejection; the most specific range decides a type's quality
  ["text/html;q=0, */*", "markdown"],
  ["text/markdown;q=0, */*", "html"],
  ["text/*;q=0, text/markdown", "markdown"],
  ["text/*;q=0, text/html;q=0.5", "html"],
  ["*/*;q=0, text/markdown;q=0.1", "markdown"],
  ["text/html;q=0.0, text/markdown;q=0.000", null],
  ["*/*;q=0", null],
  ["text/*;q=0", null],
  // media-type parameters must match when given
  ["text/markdown; charset=utf-8", "markdown"],
  ["text/markdown; charset=UTF-8", "markdown"],
  ["text/markdown; variant=GFM", "markdown"],
  ["text/markdown; variant=CommonMark", null],
  ["text/markdown; charset=iso-8859-1", null],
  ["text/html; charset=utf-8", "html"],
  // neither representation acceptable → 406, no silent fallback
  ["application/json", null],
  ["text/plain", null],
  ["image/*", null],
  ["application/*;q=1, text/csv", null],
  ["text/markdown;q=abc", null],
  ["garbage", null],
];

describe("negotiateRepresentation (RFC 9110 Accept, via negotiator)", () => {
  it.each(TABLE)("Accept %j → %s", (accept, expected) => {
    expect(negotiateRepresentation(accept)).toBe(expected);
  });

  it("offers only what is available: a .md URL is Markdown or nothing", () => {
    expect(negotiateRepresentation("text/html", ["markdown"])).toBeNull();
    expect(negotiateRepresentation("*/*", ["markdown"])).toBe("markdown");
    expect(negotiateRepresentation(undefined, ["markdown"])).toBe("markdown");
    expect(negotiateRepresentation("text/html, text/*;q=0.1", ["markdown"])).toBe("markdown");
  });
});

describe("splitMarkdownSuffix / decideRepresentation", () => {
  it.each([
    ["/", "/", false],
    ["/index.md", "/", true],
    ["/zunfthaus-am-see", "/zunfthaus-am-see", false],
    ["/zunfthaus-am-see.md", "/zunfthaus-am-see", true],
    ["/zunfthaus-am-see/fr.md", "/zunfthaus-am-see/fr", true],
    ["/locations/switzerland/zurich.md", "/locations/switzerland/zurich", true],
    ["/.md", "/.md", false],
    ["/x/.md", "/x/.md", false],
  ])("%s → %s (markdown: %s)", (path, pagePath, explicit) => {
    expect(splitMarkdownSuffix(path)).toEqual({ pagePath, explicitMarkdown: explicit });
  });

  it("decides per URL and Accept", () => {
    expect(decideRepresentation("/x.md", "text/html")).toEqual({ pagePath: "/x", explicitMarkdown: true, representation: null });
    expect(decideRepresentation("/x.md", "*/*").representation).toBe("markdown");
    expect(decideRepresentation("/x", "text/markdown").representation).toBe("markdown");
    expect(decideRepresentation("/x", "application/json").representation).toBeNull();
  });
});

describe("isNeverAPage: paths middleware leaves alone", () => {
  it.each([
    ["/api", true],
    ["/api/public/plans", true],
    ["/_next/static/chunks/a.js", true],
    ["/.well-known/mcp.json", true],
    ["/llms.txt", true],
    ["/llms-full.txt", true],
    ["/llms-index.md", true],
    ["/sitemap.xml", true],
    ["/sitemaps/2.xml", true],
    ["/robots.txt", true],
    ["/openapi.json", true],
    ["/favicon.svg", true],
    ["/demo/logos/a.svg", true],
    ["/", false],
    ["/apiary", false],
    ["/zunfthaus-am-see", false],
    ["/zunfthaus-am-see.md", false],
    ["/index.md", false],
    ["/locations/switzerland", false],
  ])("%s → %s", (path, expected) => {
    expect(isNeverAPage(path)).toBe(expected);
  });
});
