// sitemap.xml: every public HTML page with its lastmod (and hreflang alternates of menus). Beyond
// 50,000 URLs (the sitemaps.org limit per file) /sitemap.xml becomes a sitemap index of
// /sitemaps/{n}.xml parts. Pure: the entries come from lib/pages/page-index.ts.
import type { PageEntry } from "../pages/page-index";

export const SITEMAP_URL_LIMIT = 50_000;

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function urlset(entries: PageEntry[]): string {
  const hasAlternates = entries.some((e) => e.alternates);
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${hasAlternates ? ` xmlns:xhtml="http://www.w3.org/1999/xhtml"` : ""}>`,
  ];
  for (const e of entries) {
    lines.push(`  <url>`, `    <loc>${xmlEscape(e.url)}</loc>`, `    <lastmod>${xmlEscape(e.lastmod)}</lastmod>`);
    for (const [lang, href] of Object.entries(e.alternates ?? {})) {
      lines.push(`    <xhtml:link rel="alternate" hreflang="${xmlEscape(lang)}" href="${xmlEscape(href)}"/>`);
    }
    lines.push(`  </url>`);
  }
  lines.push(`</urlset>`, "");
  return lines.join("\n");
}

export function sitemapIndex(parts: { url: string; lastmod: string }[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...parts.flatMap((p) => [`  <sitemap>`, `    <loc>${xmlEscape(p.url)}</loc>`, `    <lastmod>${xmlEscape(p.lastmod)}</lastmod>`, `  </sitemap>`]),
    `</sitemapindex>`,
    "",
  ].join("\n");
}

export function partCount(total: number, limit = SITEMAP_URL_LIMIT): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * The document at /sitemap.xml: the URL set itself when it fits in one file, otherwise an index
 * of the parts (partUrl(n) for n = 1…).
 */
export function sitemapDocument(entries: PageEntry[], partUrl: (n: number) => string, limit = SITEMAP_URL_LIMIT): string {
  if (entries.length <= limit) return urlset(entries);
  const parts = [];
  for (let n = 1; n <= partCount(entries.length, limit); n++) {
    const slice = entries.slice((n - 1) * limit, n * limit);
    parts.push({ url: partUrl(n), lastmod: slice.reduce((a, e) => (e.lastmod > a ? e.lastmod : a), slice[0].lastmod) });
  }
  return sitemapIndex(parts);
}

/** Part n (1-based) of a split sitemap, or null when there is no such part. */
export function sitemapPart(entries: PageEntry[], n: number, limit = SITEMAP_URL_LIMIT): string | null {
  if (entries.length <= limit || !Number.isInteger(n) || n < 1 || n > partCount(entries.length, limit)) return null;
  return urlset(entries.slice((n - 1) * limit, n * limit));
}
