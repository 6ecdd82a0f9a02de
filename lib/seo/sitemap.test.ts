import { describe, expect, it } from "vitest";
import type { PageEntry } from "../pages/page-index";
import { partCount, sitemapDocument, sitemapPart, SITEMAP_URL_LIMIT, urlset } from "./sitemap";

const entry = (i: number, extra: Partial<PageEntry> = {}): PageEntry => ({
  routeId: "restaurant",
  path: `/r-${i}`,
  url: `https://menus.example/r-${i}`,
  markdownUrl: `https://menus.example/r-${i}.md`,
  title: `R ${i}`,
  note: null,
  lastmod: `2026-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z`,
  ...extra,
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemap", () => {
  it("is one urlset with lastmod (and hreflang alternates) up to the limit", () => {
    const xml = sitemapDocument([entry(1, { alternates: { de: "https://menus.example/r-1", fr: "https://menus.example/r-1/fr" } }), entry(2)], (n) => `https://menus.example/sitemaps/${n}.xml`);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    expect(locs(xml)).toEqual(["https://menus.example/r-1", "https://menus.example/r-2"]);
    expect(xml).toContain("<lastmod>2026-01-02T00:00:00.000Z</lastmod>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://menus.example/r-1/fr"/>');
  });

  it("escapes XML", () => {
    expect(urlset([entry(1, { url: "https://menus.example/search?q=a&city=b<c>" })])).toContain("<loc>https://menus.example/search?q=a&amp;city=b&lt;c&gt;</loc>");
  });

  it("becomes a sitemap index beyond 50,000 URLs, with parts of at most 50,000", () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const entries = Array.from({ length: 50_001 }, (_, i) => entry(i));
    const index = sitemapDocument(entries, (n) => `https://menus.example/sitemaps/${n}.xml`);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual(["https://menus.example/sitemaps/1.xml", "https://menus.example/sitemaps/2.xml"]);
    expect(locs(sitemapPart(entries, 1)!)).toHaveLength(50_000);
    expect(locs(sitemapPart(entries, 2)!)).toEqual(["https://menus.example/r-50000"]);
    expect(sitemapPart(entries, 3)).toBeNull();
    expect(sitemapPart(entries, 0)).toBeNull();
    // exactly at the limit: still one file, no parts
    expect(sitemapDocument(entries.slice(0, 50_000), () => "x")).toContain("<urlset");
    expect(sitemapPart(entries.slice(0, 50_000), 1)).toBeNull();
  });

  it("splits with a smaller limit too", () => {
    const entries = Array.from({ length: 7 }, (_, i) => entry(i));
    expect(partCount(7, 3)).toBe(3);
    const index = sitemapDocument(entries, (n) => `p${n}`, 3);
    expect(locs(index)).toEqual(["p1", "p2", "p3"]);
    expect(locs(sitemapPart(entries, 3, 3)!)).toEqual(["https://menus.example/r-6"]);
  });
});
