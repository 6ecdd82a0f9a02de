// Markdown twins of hostile restaurant content: whatever an owner types, the document has one
// front matter block with the five fields, no HTML, and no links but the service's own.
import type { Root } from "mdast";
import { toString } from "mdast-util-to-string";
import { remark } from "remark";
import remarkGfm from "remark-gfm";
import { visit } from "unist-util-visit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { buildMenuView } from "../pages/menu-view";
import { pageMeta, type PageData } from "../pages/page-data";
import type { PublicRestaurant } from "../serializers";
import { pageMarkdown } from "./pages";
import { frontMatter } from "./render";
import { inertText } from "./safe-text";
import { plainText } from "../text/plain-text";
import { resetConfig } from "../config";

const BASE = "https://menus.example";

const HOSTILE = {
  name: 'Evil</script><script>alert(1)</script> [click](javascript:alert(1)) <img src=x onerror=alert(1)>',
  description: "Line one\n---\ntitle: pwned\nlanguage: xx\n---\n# Not a heading https://evil.example/x www.evil.example mail@evil.example <!-- c -->",
  category: "# Heading\n\n[ref]: https://evil.example/ref\n> quote",
  dish: "![img](https://evil.example/i.png) <b>bold</b> | pipe | <https://evil.example/auto>",
  dishDescription: "**bold** _u_ `code` ~~del~~ &amp; &#x3C;script&#x3E; [x][ref] \\[escaped\\]",
  badge: "<span style=x>NEW</span>",
  variant: '<a href="https://evil.example">x</a>',
  phone: "+41 [call](tel:1)",
  translated: "[fr](https://evil.example/fr) \u202Eevil\u202C \u0007bell",
};

function hostileRestaurant(): PublicRestaurant {
  return {
    slug: "evil-place",
    name: HOSTILE.name,
    description: HOSTILE.description,
    url: `${BASE}/evil-place`,
    updatedAt: "2026-01-02T03:04:05.000Z",
    currency: "EUR",
    defaultLanguage: "de",
    languages: ["de", "fr"],
    cuisine: "Swiss</script>",
    contact: { phone: HOSTILE.phone, address: "Street [1](https://evil.example)", city: "Zürich", postalCode: "8000", country: "CH", latitude: 1, longitude: 2 },
    openingHours: { mon: "10:00-01:00", tue: "11:00-14:00" },
    images: { logo: null, banner: null },
    ratings: { search: { rating: 4.5, reviewCount: 10 }, travel: null },
    categories: [
      {
        name: HOSTILE.category,
        description: null,
        translations: { fr: { name: HOSTILE.translated, description: "" } },
        items: [
          {
            name: HOSTILE.dish,
            description: HOSTILE.dishDescription,
            translations: {},
            price: 12.5,
            compareAtPrice: 14,
            currency: "EUR",
            imageUrl: null,
            isAvailable: false,
            badge: HOSTILE.badge,
            tags: ["vegan"],
            allergens: ["milk"],
            nutrition: { "kcal</b>": 100 },
            variants: [{ name: HOSTILE.variant, price: 9 }],
          },
        ],
      },
    ],
  };
}

let savedBase: string | undefined;
beforeAll(() => {
  savedBase = process.env.PUBLIC_BASE_URL;
  process.env.PUBLIC_BASE_URL = BASE;
  resetConfig();
});
afterAll(() => {
  if (savedBase === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = savedBase;
  resetConfig();
});

function render(lang = "de"): string {
  const view = buildMenuView(hostileRestaurant(), lang);
  if (!view) throw new Error("no view");
  const page: PageData = { id: lang === "de" ? "restaurant" : "restaurantLanguage", data: view };
  return pageMarkdown(page, pageMeta(page, "2026-01-01T00:00:00.000Z"));
}

function split(doc: string): { yaml: string; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(doc);
  if (!m) throw new Error("no front matter");
  return { yaml: m[1], body: doc.slice(m[0].length) };
}

function parseBody(body: string): Root {
  return remark().use(remarkGfm).parse(body);
}

describe("Markdown twin of hostile content", () => {
  for (const lang of ["de", "fr"]) {
    it(`front matter has exactly the five fields, with the values intact (${lang})`, () => {
      const { yaml } = split(render(lang));
      const fm = parseYaml(yaml);
      expect(Object.keys(fm)).toEqual(["title", "description", "canonical", "language", "updated"]);
      expect(fm.title).toBe(`${plainText(HOSTILE.name)} – menu`);
      expect(fm.description).toBe(plainText(HOSTILE.description));
      expect(fm.canonical).toBe(lang === "de" ? `${BASE}/evil-place` : `${BASE}/evil-place/fr`);
      expect(fm.language).toBe(lang);
      expect(fm.updated).toBe("2026-01-02T03:04:05.000Z");
    });

    it(`the body has no HTML, images, definitions or foreign links (${lang})`, () => {
      const { body } = split(render(lang));
      const tree = parseBody(body);
      const found: string[] = [];
      visit(tree, (node) => {
        if (["html", "image", "imageReference", "linkReference", "definition", "footnoteDefinition", "yaml"].includes(node.type)) found.push(node.type);
        if (node.type === "link" && !(node as { url: string }).url.startsWith(`${BASE}/`)) found.push(`link ${(node as { url: string }).url}`);
      });
      expect(found).toEqual([]);
      // The only thematic breaks or front matter markers are the ones of the front matter.
      expect(body).not.toMatch(/^---$/m);
      // Every "<" of the content is escaped ("\<script>" is text, not HTML).
      expect(body).not.toMatch(/(^|[^\\])<(script|img|b|a|span)\b/i);
    });
  }

  it("keeps what the owner wrote readable as text", () => {
    const text = toString(parseBody(split(render("de")).body)).replace(/\u2060/g, "");
    expect(text).toContain(plainText(HOSTILE.name));
    expect(text).toContain(plainText(HOSTILE.dish));
    expect(text).toContain("Line one --- title: pwned");
    expect(text).toContain("https://evil.example/x");
    // A German menu: the labels are German (issue 15.3), allergens in the EU regulation's wording.
    expect(text).toContain("Derzeit nicht verfügbar");
    expect(text).toContain("Allergene: Milch (einschließlich Laktose)");
  });

  it("drops control and bidi-override characters", () => {
    const doc = render("fr");
    expect(doc).not.toMatch(/[\u0007\u202e\u202c]/);
    expect(doc).toContain("evil");
  });

  it("heading structure: one H1, sections H2, categories H3, dishes H4", () => {
    const tree = parseBody(split(render("de")).body);
    const depths: number[] = [];
    visit(tree, "heading", (h) => {
      depths.push(h.depth);
    });
    expect(depths.filter((d) => d === 1)).toHaveLength(1);
    expect(depths).toEqual([1, 2, 2, 3, 4, 2]);
  });
});

describe("safe-text", () => {
  it("defuses GFM autolink literals without changing the visible text", () => {
    for (const s of ["https://evil.example", "www.evil.example", "mail@evil.example", "xmpp:a@b.example", "mailto:a@b.example"]) {
      const tree = remark().use(remarkGfm).parse(remark().use(remarkGfm).stringify({ type: "root", children: [{ type: "paragraph", children: [{ type: "text", value: inertText(s) }] }] }));
      const links: string[] = [];
      visit(tree, "link", (l) => {
        links.push(l.url);
      });
      expect(links, s).toEqual([]);
      expect(toString(tree).replace(/\u2060/g, "")).toBe(s);
    }
  });

  it("front matter values cannot break out", () => {
    const fm = frontMatter({ title: 'a"\n---\nevil: true', description: "x: y\n- z", canonical: "https://x", language: "en", updated: "2026-01-01T00:00:00Z" });
    expect(fm.split("\n").filter((l) => l === "---")).toHaveLength(2);
    const parsed = parseYaml(fm.slice(4, -4));
    expect(parsed).toEqual({ title: 'a" --- evil: true', description: "x: y - z", canonical: "https://x", language: "en", updated: "2026-01-01T00:00:00Z" });
  });
});
