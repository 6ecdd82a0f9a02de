// What the public pages and their Markdown twins show (and never show), the structured data of a
// menu page, and the index files generated from the route table — against the running app with
// tests/fixtures/menus.json, whose every private field carries PRIVATE-MARKER.
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { htmlText } from "../support/html";
import { baseUrl, get } from "../support/http";

const MARK = "PRIVATE-MARKER";
const MENU = "/zunfthaus-am-see";

function jsonLdOf(html: string): any {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error("no JSON-LD");
  return JSON.parse(m[1]);
}

function frontMatterOf(md: string): Record<string, string> {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(md);
  if (!m) throw new Error("no front matter");
  return parseYaml(m[1]);
}

describe("the menu page", () => {
  it("shows the published menu in the restaurant's currency, and nothing hidden", async () => {
    const { text } = await get(MENU);
    expect(text).toContain("Zunfthaus am See");
    expect(text).toContain("Bündner Gerstensuppe");
    // Swiss prices in the Swiss format, in German too (issue 25.7).
    expect(text).toMatch(/CHF\s14\.50/);
    // A German menu: German labels, Annex II's German allergen names (issue 15.3).
    expect(text).toContain("Derzeit nicht verfügbar");
    expect(text).toContain("Glutenhaltiges Getreide");
    expect(text).not.toContain(MARK);
    expect(text).not.toContain("Wintersaison");
    expect(text).not.toContain("Hidden Fondue");
  });

  it("embeds Restaurant → Menu → MenuSection → MenuItem JSON-LD with offers, diets and allergens", async () => {
    const ld = jsonLdOf((await get(MENU)).text);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: "Zunfthaus am See",
      url: `${baseUrl()}${MENU}`,
      servesCuisine: "Swiss",
      currenciesAccepted: "CHF",
      telephone: "+41 44 123 45 67",
      address: { "@type": "PostalAddress", streetAddress: "Seestrasse 12", postalCode: "8002", addressLocality: "Zürich", addressCountry: "CH" },
      geo: { "@type": "GeoCoordinates", latitude: 47.3621, longitude: 8.5362 },
    });
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.openingHoursSpecification).toContainEqual({ "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Tuesday", opens: "11:30", closes: "14:00" });
    expect(ld.hasMenu["@type"]).toBe("Menu");
    expect(ld.hasMenu.hasMenuSection.map((s: any) => s.name)).toEqual(["Vorspeisen", "Hauptgänge"]);
    const [soup, tatar] = ld.hasMenu.hasMenuSection[0].hasMenuItem;
    expect(soup).toMatchObject({ "@type": "MenuItem", name: "Bündner Gerstensuppe", offers: { "@type": "Offer", price: "14.50", priceCurrency: "CHF" } });
    expect(soup.description).toMatch(/\. Allergene: Glutenhaltiges Getreide, Milch \(einschließlich Laktose\), Sellerie\.$/);
    expect(tatar.suitableForDiet).toEqual(["https://schema.org/GlutenFreeDiet"]);
    for (const offer of [tatar.offers].flat()) expect(offer.availability).toBe("https://schema.org/OutOfStock");
  });

  it("JSON-LD of another currency and language", async () => {
    const ld = jsonLdOf((await get("/sushi-kaze/en")).text);
    expect(ld.hasMenu.inLanguage).toBe("en");
    expect(ld.hasMenu.hasMenuSection[0].name).toBe("Nigiri");
    expect(ld.hasMenu.hasMenuSection[0].hasMenuItem[0]).toMatchObject({ name: "Tuna", offers: { price: "800", priceCurrency: "JPY" } });
  });

  it("the Markdown twin has the menu, the front matter and the language of the URL", async () => {
    const { text } = await get(`${MENU}/en.md`);
    expect(frontMatterOf(text)).toEqual({
      title: "Zunfthaus am See – menu",
      description: "Guild-hall cooking by the lake: fondue, rösti and perch fillets.",
      canonical: `${baseUrl()}${MENU}/en`,
      language: "en",
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(text).toContain("### Starters");
    expect(text).toContain("#### Grisons barley soup — CHF 14.50 (was ~~CHF 16.00~~)");
    expect(text).toContain("- **Currently unavailable**");
    expect(text).toContain("- Allergens: Eggs, Mustard");
    expect(text).toContain("| Tuesday   | 11:30–14:00 |");
    expect(text).not.toContain(MARK);
  });
});

describe("every page, both representations", () => {
  it("front matter has title, description, canonical, language and updated; no private data anywhere", async () => {
    const index = await get("/llms-index.md");
    const urls = [...index.text.matchAll(/\]\((http[^)\s]+\.md(?:\?[^)\s]*)?)\)/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      const path = url.slice(baseUrl().length);
      const md = await get(path);
      expect(md.status, path).toBe(200);
      expect(md.headers.get("content-type"), path).toBe("text/markdown; charset=utf-8");
      const fm = frontMatterOf(md.text);
      // labelsLanguage: only on a menu whose labels are in another language (none of the demo's:
      // pt-BR has its own since issue 47).
      expect(Object.keys(fm), path).toEqual(["title", "description", "canonical", "language", "updated"]);
      expect(md.headers.get("link"), path).toBe(`<${fm.canonical}>; rel="canonical"`);
      expect(md.text, path).not.toContain(MARK);
    }
  }, 120_000);

  it("HTML of the main pages: 200, the twin declared, no private data", async () => {
    for (const path of ["/", "/search", "/search?q=zur", "/search?near=47.3769,8.5417&openNow=true", "/dishes", "/dishes?diet=vegan&excludeAllergens=nuts", "/locations", "/locations/germany", "/locations/germany/munich", "/cuisines", "/cuisines/bavarian", "/plans", "/developers", MENU, "/wirtshaus-zur-post/en"]) {
      const { status, text } = await get(path);
      expect(status, path).toBe(200);
      expect(text, path).toMatch(/<link rel="alternate" type="text\/markdown" href="[^"]+"\/>/);
      expect(text, path).not.toContain(MARK);
      expect(text, path).not.toContain("draft-hofbraeu-keller");
      expect(text, path).not.toContain("closed-biergarten");
    }
  });

  it("the plans page explains sign-up and the developers page the terms", async () => {
    const plans = await get("/plans");
    expect(plans.text).toContain('id="sign-up"');
    expect(plans.text).toContain("dashboard");
    const dev = await get("/developers");
    expect(dev.text).toContain('<h2 id="terms">Terms of use</h2>');
    expect(htmlText(dev.text)).toContain("Data is for informational use with attribution to the service's website");
    const devMd = await get("/developers.md");
    expect(devMd.text).toContain("## Terms of use");
  });

  it("the developers page is its Markdown twin rendered: the same headings, examples and links, nothing raw", async () => {
    const page = await get("/developers");
    const twin = (await get("/developers.md")).text.replace(/^---\n[\s\S]*?\n---\n/, "");
    const headings = [...twin.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(["API for developers", "Endpoints", "Examples", "Markdown versions of every page", "Mirroring every menu", "Errors", "Limits and caching", "Terms of use"]);
    const pageHeadings = [...page.text.matchAll(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => htmlText(m[2]));
    for (const heading of headings) expect(pageHeadings).toContain(heading);
    // The examples of the twin's code blocks, character for character in the page's.
    const examples = [...twin.matchAll(/^curl .+$/gm)].map((m) => m[0]);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    const pageCode = [...page.text.matchAll(/<pre[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)].map((m) => htmlText(m[1])).join("\n");
    for (const example of examples) expect(pageCode).toContain(example);
    // Absolute links in the twin, root-relative on the page (it works on any host it is opened at).
    expect(twin).toContain(`](${baseUrl()}/docs/api)`);
    expect(page.text).toContain('href="/docs/api"');
    expect(page.text).toContain('href="/openapi.json"');
    expect(page.text).toContain('href="/.well-known/mcp.json"');
    // The page anchors other documents name.
    for (const id of ["endpoints", "markdown", "errors", "limits", "terms"]) expect(page.text).toContain(`id="${id}"`);
  });

  it("search results link to the menus; listings of a city and a cuisine show their restaurants", async () => {
    const search = await get("/search?q=zunfthaus");
    expect(search.text).toContain('href="/zunfthaus-am-see"');
    expect((await get("/locations/switzerland/zurich")).text).toContain("Zunfthaus am See");
    expect((await get("/cuisines/japanese.md")).text).toContain("[Sushi Kaze](");
    const bad = await get(`/search?q=${"x".repeat(300)}`);
    expect(bad.status).toBe(200);
    expect(bad.text).toContain("The search could not be run");
  });
});

describe("index files", () => {
  it("/llms.txt: H1, summary, sections of links with notes, attribution and terms", async () => {
    const { status, text, headers } = await get("/llms.txt");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text).toMatch(/^# Menu Service\n\n> .+\n/);
    expect(text).toContain("## Restaurants");
    expect(text).toContain("## API and tools");
    expect(text).toContain("## Optional");
    expect(text).toMatch(/- \[Zunfthaus am See\]\([^)]+\/zunfthaus-am-see\.md\): Swiss · Zurich, Switzerland/);
    expect(text).toContain("Data is for informational use with attribution");
    expect(text).toContain(`${baseUrl()}/developers#terms`);
    expect(text).not.toContain(MARK);
  });

  it("/llms-index.md lists every page of the route table, including each language of a menu", async () => {
    const { text } = await get("/llms-index.md");
    for (const heading of ["Home", "Search", "Dish search", "Locations", "Country", "City", "Cuisines", "Cuisine", "Plans", "API for developers", "Restaurant menu", "Restaurant menu in another language"]) {
      expect(text).toContain(`\n## ${heading}\n`);
    }
    for (const path of ["/index.md", "/locations/switzerland/zurich.md", "/cuisines/swiss.md", "/plans.md", "/zunfthaus-am-see.md", "/zunfthaus-am-see/fr.md", "/sushi-kaze/en.md"]) {
      expect(text).toContain(`(${baseUrl()}${path})`);
    }
    expect(text).not.toContain("draft-hofbraeu-keller");
    expect(text).not.toContain(MARK);
  });

  it("/llms-full.txt: all public content in one Markdown document", async () => {
    const { text } = await get("/llms-full.txt");
    expect(text).toMatch(/^# Menu Service: all public content\n/);
    for (const s of ["## Zunfthaus am See", "## Sushi Kaze", "## Wirtshaus zur Post", "## Plans and pricing", "Bündner Gerstensuppe"]) expect(text).toContain(s);
    expect(text).not.toContain(MARK);
    expect(text).not.toContain("Draft Keller");
  });

  it("/sitemap.xml: every public HTML page with lastmod", async () => {
    const { text, headers } = await get("/sitemap.xml");
    expect(headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locs = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ["/", "/locations", "/locations/switzerland", "/locations/switzerland/zurich", "/cuisines", "/cuisines/swiss", "/plans", "/developers", MENU, `${MENU}/fr`]) {
      expect(locs).toContain(`${baseUrl()}${path}`);
    }
    expect(locs.every((l) => !l.includes("draft-hofbraeu-keller") && !l.includes("closed-biergarten"))).toBe(true);
    expect(text).toMatch(new RegExp(`<loc>${baseUrl()}${MENU}</loc>\\n    <lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(text).not.toContain(MARK);
    // Small site: no parts.
    expect((await get("/sitemaps/1.xml")).status).toBe(404);
  });

  it("/robots.txt points at the sitemap", async () => {
    const { text } = await get("/robots.txt");
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });

  it("index files have ETags and answer 304", async () => {
    for (const path of ["/llms.txt", "/llms-full.txt", "/llms-index.md", "/sitemap.xml"]) {
      const first = await get(path);
      const etag = first.headers.get("etag")!;
      expect(etag, path).toBeTruthy();
      expect((await get(path, { headers: { "If-None-Match": etag } })).status, path).toBe(304);
    }
  });
});
