// Atom 1.0 (RFC 4287) documents, pure: the feeds of newly published restaurants (lib/feeds) build
// their entries and hand them here. Every element RFC 4287 requires is always written: feed id,
// title, updated, author (at feed level, so entries need none), link rel="self"; entry id, title,
// updated, a link rel="alternate" (entries have no content element) and a summary.

export interface AtomEntry {
  /** a permanent IRI: the restaurant's page URL */
  id: string;
  title: string;
  /** RFC 3339 */
  updated: string;
  published?: string;
  /** the page (rel=alternate, text/html) */
  url: string;
  /** more links, e.g. the JSON resource */
  links?: { rel: string; type: string; href: string }[];
  summary: string;
  categories?: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle?: string;
  updated: string;
  selfUrl: string;
  alternateUrl: string;
  author: { name: string; uri: string };
  entries: AtomEntry[];
}

function xml(s: string): string {
  // Characters XML 1.0 cannot carry at all are dropped; the rest escaped.
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function atomDocument(feed: AtomFeed): string {
  const lines = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom">`,
    `  <id>${xml(feed.id)}</id>`,
    `  <title>${xml(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle>${xml(feed.subtitle)}</subtitle>`] : []),
    `  <updated>${xml(feed.updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(feed.alternateUrl)}"/>`,
    `  <author><name>${xml(feed.author.name)}</name><uri>${xml(feed.author.uri)}</uri></author>`,
    `  <generator>${xml(feed.author.name)}</generator>`,
  ];
  for (const e of feed.entries) {
    lines.push(
      `  <entry>`,
      `    <id>${xml(e.id)}</id>`,
      `    <title>${xml(e.title)}</title>`,
      `    <updated>${xml(e.updated)}</updated>`,
      ...(e.published ? [`    <published>${xml(e.published)}</published>`] : []),
      `    <link rel="alternate" type="text/html" href="${xml(e.url)}"/>`,
      ...(e.links ?? []).map((l) => `    <link rel="${xml(l.rel)}" type="${xml(l.type)}" href="${xml(l.href)}"/>`),
      ...(e.categories ?? []).map((c) => `    <category term="${xml(c)}"/>`),
      `    <summary>${xml(e.summary)}</summary>`,
      `  </entry>`,
    );
  }
  lines.push(`</feed>`, "");
  return lines.join("\n");
}
