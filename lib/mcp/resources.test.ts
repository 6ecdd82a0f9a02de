import { describe, expect, it } from "vitest";
import type { PublicSearchResult } from "../serializers";
import { decodeCursor, encodeCursor, InvalidCursorError, listResources, readResource, ResourceMissingError, RESOURCE_URIS, type RestaurantPageLoader } from "./resources";

const restaurant = (slug: string): PublicSearchResult => ({
  slug,
  name: slug.toUpperCase(),
  description: null,
  cuisine: "Swiss",
  city: "Zürich",
  country: "Switzerland",
  currency: "CHF",
  updatedAt: "2026-01-01T00:00:00.000Z",
  url: `https://x/${slug}`,
  markdownUrl: `https://x/${slug}.md`,
  apiUrl: `https://x/api/public/restaurants/${slug}`,
});

/** A fake table of restaurants in slug order, read the way the database query reads it. */
function loader(slugs: string[]): RestaurantPageLoader {
  const sorted = [...slugs].sort();
  return async (after, take) => sorted.filter((s) => after === undefined || s > after).slice(0, take).map(restaurant);
}

async function walk(slugs: string[], perPage: number) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listResources(cursor, { perPage, load: loader(slugs) });
    pages.push(page.resources.map((r) => r.uri));
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages.length < 100);
  return pages;
}

describe("listResources pages through every restaurant exactly once", () => {
  it.each([
    { count: 0, perPage: 2, pages: 1 },
    { count: 1, perPage: 2, pages: 1 },
    { count: 2, perPage: 2, pages: 1 },
    { count: 3, perPage: 2, pages: 2 },
    { count: 7, perPage: 3, pages: 3 },
    { count: 60, perPage: 25, pages: 3 },
  ])("$count restaurants, $perPage per page → $pages page(s)", async ({ count, perPage, pages: expectedPages }) => {
    const slugs = Array.from({ length: count }, (_, i) => `r-${String(i).padStart(3, "0")}`);
    const pages = await walk(slugs, perPage);
    expect(pages).toHaveLength(expectedPages);
    const all = pages.flat();
    expect(all.slice(0, 2)).toEqual([RESOURCE_URIS.plans, RESOURCE_URIS.directory]);
    expect(all).toHaveLength(2 + 2 * count);
    expect(new Set(all).size).toBe(all.length);
    for (const slug of slugs) expect(all).toEqual(expect.arrayContaining([RESOURCE_URIS.menuJson(slug), RESOURCE_URIS.menuMarkdown(slug)]));
  });

  it("describes each menu in both forms", async () => {
    const { resources } = await listResources(undefined, { load: loader(["zunfthaus"]) });
    expect(resources.slice(2)).toEqual([
      expect.objectContaining({ uri: "menu://restaurants/zunfthaus/menu.json", mimeType: "application/json", name: "zunfthaus/menu.json", annotations: { lastModified: "2026-01-01T00:00:00.000Z" } }),
      expect.objectContaining({ uri: "menu://restaurants/zunfthaus/menu.md", mimeType: "text/markdown", title: "ZUNFTHAUS – menu (Markdown)" }),
    ]);
    expect(resources[2].description).toBe("Complete menu of ZUNFTHAUS (Swiss), Zürich, Switzerland as JSON.");
  });

  it("keeps its place when restaurants are added before the cursor", async () => {
    const first = await listResources(undefined, { perPage: 2, load: loader(["b", "d", "f"]) });
    const second = await listResources(first.nextCursor, { perPage: 2, load: loader(["a", "b", "c", "d", "f"]) });
    expect(second.resources.map((r) => r.uri)).toEqual([RESOURCE_URIS.menuJson("f"), RESOURCE_URIS.menuMarkdown("f")]);
    expect(second.nextCursor).toBeUndefined();
  });
});

describe("cursors", () => {
  it("round-trip", () => {
    expect(decodeCursor(encodeCursor("zunfthaus-am-see"))).toBe("zunfthaus-am-see");
  });

  it.each(["", "zzz", "!!!", "e30", Buffer.from('{"v":2,"after":"x"}').toString("base64url"), Buffer.from('{"v":1,"after":5}').toString("base64url"), "a".repeat(3000)])(
    "rejects %j",
    (cursor) => {
      expect(() => decodeCursor(cursor)).toThrow(InvalidCursorError);
    },
  );
});

describe("readResource", () => {
  it.each(["menu://nothing", "menu://restaurants/x/menu.pdf", "menu://restaurants/a/b/menu.json", "https://example.org/", "menu://restaurants/%E0%A4%A/menu.md"])(
    "has no resource at %s",
    async (uri) => {
      await expect(readResource(uri)).rejects.toBeInstanceOf(ResourceMissingError);
    },
  );

  it("serves the plans from the enforced constants, cached for a day", async () => {
    const { contents, ttlMs } = await readResource(RESOURCE_URIS.plans);
    expect(ttlMs).toBe(86_400_000);
    expect(contents[0].mimeType).toBe("application/json");
    expect(JSON.parse(contents[0].text).plans.map((p: { id: string }) => p.id)).toEqual(["free", "pro"]);
  });
});
