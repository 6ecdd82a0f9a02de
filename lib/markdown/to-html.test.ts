import { afterEach, describe, expect, it, vi } from "vitest";
import { markdownToHtml, slugOf } from "./to-html";

afterEach(() => vi.unstubAllEnvs());

describe("markdownToHtml", () => {
  it("renders GFM (tables, strikethrough) and drops raw HTML instead of passing it through", () => {
    const html = markdownToHtml("# T\n\n<script>alert(1)</script>\n\n<b onclick=x()>bold</b> ~~old~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onclick");
    expect(html).not.toContain("<b");
    expect(html).toContain("<del>old</del>");
    expect(html).toContain("<td>1</td>");
  });

  it("gives headings ids (named ones where asked, else a slug, never twice the same)", () => {
    const html = markdownToHtml("## Terms of use\n\n## Errors & codes\n\n## Errors & codes\n", { headingIds: { "Terms of use": "terms" } });
    expect(html).toContain('<h2 id="terms">Terms of use</h2>');
    expect(html).toContain('<h2 id="errors-codes">Errors &#x26; codes</h2>');
    expect(html).toContain('<h2 id="errors-codes-2">');
    expect(slugOf("Zürich – Küche")).toBe("zurich-kuche");
  });

  it("makes tables and code blocks keyboard-scrollable regions named by their heading", () => {
    const html = markdownToHtml("## Endpoints\n\n| a |\n|---|\n| 1 |\n\n```sh\ncurl x\n```\n");
    expect(html).toContain('<div class="table-scroll" role="region" tabindex="0" aria-labelledby="endpoints"><table>');
    expect(html).toContain('<pre class="code" tabindex="0"><code class="language-sh">curl x\n</code></pre>');
  });

  it("links this site's pages root-relative and leaves other sites' links alone", () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://menus.example.org");
    const html = markdownToHtml("[terms](https://menus.example.org/developers#terms) [osm](https://www.openstreetmap.org/) <https://menus.example.org/api/public>");
    expect(html).toContain('<a href="/developers#terms">terms</a>');
    expect(html).toContain('<a href="https://www.openstreetmap.org/">osm</a>');
    expect(html).toContain('<a href="/api/public">https://menus.example.org/api/public</a>');
  });
});
