// Issue 15.10: a country, city or cuisine appears in the directory (API, pages, Markdown, index
// files, sitemap, MCP) only once one of its restaurants is published. The fixture has Iceland and
// Reykjavik with only a draft, Akureyri with nothing, Lucerne and the cuisine "fika-closed" with
// only an inactive restaurant, "nordic-prelaunch" with only a draft, "empty-cuisine" with none.
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { callTool, legacy } from "../mcp/mcp-client";

const HIDDEN_PLACES = ["iceland", "reykjavik", "akureyri", "lucerne-prelaunch"];
const HIDDEN_CUISINES = ["nordic-prelaunch", "fika-closed", "empty-cuisine"];
const HIDDEN = [...HIDDEN_PLACES, ...HIDDEN_CUISINES];

describe("the directory lists only places and cuisines with a published menu", () => {
  it("GET /api/public/locations and /api/public/cuisines", async () => {
    const locations = (await get("/api/public/locations")).json;
    const slugs = [...locations.countries.map((c: any) => c.slug), ...locations.cities.map((c: any) => c.slug)];
    for (const slug of HIDDEN_PLACES) expect(slugs).not.toContain(slug);
    expect(slugs).toEqual(expect.arrayContaining(["switzerland", "zurich", "germany", "munich", "japan", "tokyo"]));
    const switzerland = locations.countries.find((c: any) => c.slug === "switzerland");
    expect(switzerland.cities).not.toContain("lucerne-prelaunch");
    expect(switzerland.cities).toContain("zurich");

    const cuisines = (await get("/api/public/cuisines")).json.cuisines.map((c: any) => c.slug);
    for (const slug of HIDDEN_CUISINES) expect(cuisines).not.toContain(slug);
    expect(cuisines).toEqual(expect.arrayContaining(["swiss", "bavarian", "japanese"]));
  });

  it("their pages do not exist, as HTML or Markdown", async () => {
    for (const path of ["/locations/iceland", "/locations/iceland/reykjavik", "/locations/iceland/akureyri", "/locations/switzerland/lucerne-prelaunch", "/cuisines/nordic-prelaunch", "/cuisines/fika-closed", "/cuisines/empty-cuisine"]) {
      expect((await get(path)).status, path).toBe(404);
      expect((await get(`${path}.md`)).status, `${path}.md`).toBe(404);
    }
  });

  it("the directory pages, index files and sitemap leave them out", async () => {
    for (const path of ["/locations.md", "/cuisines.md", "/index.md", "/locations", "/cuisines", "/llms.txt", "/llms-full.txt", "/llms-index.md", "/sitemap.xml"]) {
      const { status, text } = await get(path);
      expect(status, path).toBe(200);
      for (const slug of HIDDEN) expect(text, `${path} mentions ${slug}`).not.toMatch(new RegExp(`/${slug}(?![a-z-])`));
      expect(text, path).not.toContain("No published restaurants yet");
    }
  });

  it("MCP list_locations_and_cuisines", async () => {
    const result = await callTool(legacy, "list_locations_and_cuisines", {});
    const text = JSON.stringify(result.structuredContent);
    for (const slug of HIDDEN) expect(text).not.toContain(`"${slug}"`);
    expect(text).toContain('"zurich"');
  });
});
