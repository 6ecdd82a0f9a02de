import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { RESERVED_SLUGS } from "../import/import-schema";
import { internalRenderPath, internalRenderPrefix, keptByIsr, keptQuery, matchPageRoute, resolvePage, PAGE_ROUTE_IDS, PAGE_ROUTES, pathOf, renderKey } from "./routes";
import { resetConfig } from "../config";

describe("the page route table", () => {
  it.each([
    ["/", "home", {}],
    ["/search", "search", {}],
    ["/locations", "locations", {}],
    ["/locations/switzerland", "country", { country: "switzerland" }],
    ["/locations/switzerland/zurich", "city", { country: "switzerland", city: "zurich" }],
    ["/cuisines", "cuisines", {}],
    ["/cuisines/swiss", "cuisine", { cuisine: "swiss" }],
    ["/plans", "plans", {}],
    ["/developers", "developers", {}],
    ["/zunfthaus-am-see", "restaurant", { slug: "zunfthaus-am-see" }],
    ["/zunfthaus-am-see/fr", "restaurantLanguage", { slug: "zunfthaus-am-see", lang: "fr" }],
    ["/zunfthaus-am-see/pt-BR", "restaurantLanguage", { slug: "zunfthaus-am-see", lang: "pt-BR" }],
  ])("%s → %s", (path, id, params) => {
    const match = matchPageRoute(path);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toEqual(params);
  });

  it.each(["/api", "/md", "/render", "/render/v1", "/index", "/docs/api", "/Zunfthaus", "/a/b/c/d", "/zunfthaus-am-see/FR", "/zunfthaus-am-see/french", "/%E0%A4%A", "/x--y", "/locations/a/b/c"])(
    "%s is no page",
    (path) => {
      expect(matchPageRoute(path)).toBeNull();
    },
  );

  it("no static page path can be a restaurant slug", () => {
    for (const route of Object.values(PAGE_ROUTES)) {
      const first = route.pattern.split("/")[1];
      if (first && !first.startsWith(":")) expect(RESERVED_SLUGS.has(first), first).toBe(true);
    }
    for (const internal of ["render", "index", "sitemaps", "og", "md", "llms.txt", "llms-full.txt", "llms-index.md", "sitemap.xml", "robots.txt"]) {
      expect(RESERVED_SLUGS.has(internal), internal).toBe(true);
    }
  });

  it("every route id is in the table, and paths round-trip", () => {
    expect(Object.keys(PAGE_ROUTES).sort()).toEqual([...PAGE_ROUTE_IDS].sort());
    expect(pathOf("city", { country: "switzerland", city: "zurich" })).toBe("/locations/switzerland/zurich");
    expect(matchPageRoute(pathOf("restaurantLanguage", { slug: "a-b", lang: "en" }))?.route.id).toBe("restaurantLanguage");
  });

  it("maps public pages to their internal App Router render paths", () => {
    const prefix = `/render/${renderKey()}`;
    expect(internalRenderPrefix()).toBe(prefix);
    expect(internalRenderPath(matchPageRoute("/"))).toBe(prefix);
    expect(internalRenderPath(matchPageRoute("/zunfthaus-am-see"))).toBe(`${prefix}/r/zunfthaus-am-see`);
    expect(internalRenderPath(matchPageRoute("/zunfthaus-am-see/fr"))).toBe(`${prefix}/r/zunfthaus-am-see/fr`);
    expect(internalRenderPath(matchPageRoute("/locations/switzerland/zurich"))).toBe(`${prefix}/locations/switzerland/zurich`);
    expect(internalRenderPath(null)).toBe(`${prefix}/missing`);
  });

  it("the render key changes with the base URL and the database, so cached renders never cross configurations", () => {
    const saved = { base: process.env.PUBLIC_BASE_URL, db: process.env.DATABASE_URL };
    try {
      process.env.PUBLIC_BASE_URL = "http://127.0.0.1:4000";
      resetConfig();
      process.env.DATABASE_URL = "file:/tmp/a.db";
      resetConfig();
      const a = renderKey();
      expect(a).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(renderKey()).toBe(a);
      process.env.PUBLIC_BASE_URL = "http://127.0.0.1:4001";
      resetConfig();
      expect(renderKey()).not.toBe(a);
      process.env.PUBLIC_BASE_URL = "http://127.0.0.1:4000";
      resetConfig();
      process.env.DATABASE_URL = "file:/tmp/b.db";
      resetConfig();
      expect(renderKey()).not.toBe(a);
    } finally {
      for (const [k, v] of [["PUBLIC_BASE_URL", saved.base], ["DATABASE_URL", saved.db]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
        resetConfig();
      }
    }
  });

  it("keeps only the query parameters a page reads", () => {
    const search = new URLSearchParams("q=fondue&utm_source=x&city=&cuisine=swiss");
    expect(keptQuery(PAGE_ROUTES.search, search).toString()).toBe("q=fondue&cuisine=swiss");
    expect(keptQuery(PAGE_ROUTES.restaurant, search).toString()).toBe("");
  });

  it("keeps a checkbox list as the one comma list the API takes, and a single value once", () => {
    const form = new URLSearchParams("q=soup&diet=vegan&diet=&diet=gluten-free&excludeAllergens=nuts&q=other&limit=5");
    const kept = keptQuery(PAGE_ROUTES.dishes, form);
    expect(kept.getAll("diet")).toEqual(["vegan,gluten-free"]);
    expect(kept.getAll("excludeAllergens")).toEqual(["nuts"]);
    expect(kept.getAll("q")).toEqual(["soup"]);
    // A page shows a fixed number per page: limit is the API's alone.
    expect(kept.has("limit")).toBe(false);
    expect(matchPageRoute("/dishes")?.route.id).toBe("dishes");
  });

  // An outage serves a page from its ISR copy only when ISR keeps one: what keptByIsr says must
  // be what the render page declares (a `revalidate`, not force-dynamic).
  it("says which renders ISR keeps, as the render pages declare", () => {
    const samples: Record<string, string> = {
      "/": "(site)/page.tsx",
      "/search?q=x": "(site)/search/page.tsx",
      "/dishes?q=x": "(site)/dishes/page.tsx",
      "/locations": "(site)/locations/page.tsx",
      "/locations/de": "(site)/locations/[country]/page.tsx",
      "/locations/de/berlin": "(site)/locations/[country]/[city]/page.tsx",
      "/cuisines": "(site)/cuisines/page.tsx",
      "/cuisines/thai": "(site)/cuisines/[cuisine]/page.tsx",
      "/plans": "(site)/plans/page.tsx",
      "/developers": "(site)/developers/page.tsx",
      "/some-menu": "(menu)/r/[slug]/page.tsx",
      "/some-menu/de": "(menu-language)/r/[slug]/[lang]/page.tsx",
      "/some-menu?excludeAllergens=nuts": "(menu)/rf/[slug]/page.tsx",
      "/some-menu/de?diet=vegan": "(menu-language)/rf/[slug]/[lang]/page.tsx",
    };
    for (const [url, file] of Object.entries(samples)) {
      const [pagePath, search = ""] = url.split("?");
      const { match } = resolvePage(pagePath, new URLSearchParams(search));
      expect(match, url).not.toBeNull();
      const source = readFileSync(path.join(import.meta.dirname, "../../app/render/[v]", file), "utf8");
      const isr = /export const revalidate = \d+/.test(source) && !/force-dynamic/.test(source);
      expect(keptByIsr(match!), url).toBe(isr);
    }
  });
});

// Issue 46.14: docs/pages-and-markdown.md describes the pages as they are.
describe("docs/pages-and-markdown.md", () => {
  const doc = readFileSync(path.join(import.meta.dirname, "../../docs/pages-and-markdown.md"), "utf8");

  it("lists every page of the route table", () => {
    for (const id of PAGE_ROUTE_IDS) {
      const shown = PAGE_ROUTES[id].pattern.replace(/:(\w+)/g, "{$1}");
      expect(doc, id).toMatch(new RegExp(`^\\| [^|]+ \\| \`${shown.replace(/[{}]/g, "\\$&")}[\`?]`, "m"));
    }
  });

  it("names the drawn preview image the pages link when a banner cannot be previewed", () => {
    expect(doc).toContain("`/og/{slug}.png`");
    expect(doc).not.toMatch(/else its logo/);
  });
});
