// Issue 46.10: a restaurant's name is the owner's text. Right-to-left overrides and other control
// characters in it must not spoof the page: stripped where markup cannot isolate them (the title,
// meta and share texts), isolated (dir="auto") where the page shows the name. Issue 46.13: a
// name in any demo script is drawn into the preview image without a request to anyone.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixture, importableServer } from "../support/feed-import";

const held = importableServer();
const SLUG = "bidi-override-test";
// U+202E RIGHT-TO-LEFT OVERRIDE makes "gpj.exe" display as "exe.jpg"; BEL and ESC are controls.
const NAME = "Pizza \u202Egpj.exe\u202C Bar\u0007\u001b[2J";
const CLEAN = "Pizza gpj.exe Bar[2J";
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe("names with bidi overrides and control characters", () => {
  it("strips them from the title and the meta and share texts, and isolates the name in the page", async () => {
    const data = fixture();
    const restaurant: Record<string, any> = { ...data.restaurants[0], slug: SLUG, name: NAME };
    restaurant.categories[0].name = "Vorspeisen \u202Eoverride";
    restaurant.categories[0].items[0].name = "Suppe \u202Eevil";
    await held.importer.importData({ ...data, restaurants: [...data.restaurants, restaurant] });

    const res = await fetch(`${held.server.baseUrl}/${SLUG}`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
    // (The tab title of a menu is in the menu's language, German here: issue 47.1.)
    expect(title).toBe(`${CLEAN} – Speisekarte`);
    for (const meta of head.matchAll(/<meta [^>]*content="([^"]*)"/g)) expect(meta[1], meta[0]).not.toMatch(CONTROL);
    expect(head).toMatch(new RegExp(`<meta property="og:title" content="${CLEAN.replace(/[[\]]/g, "\\$&")} – Speisekarte`));
    // The name itself, its sections and dishes: each in an element of its own direction.
    expect(html).toMatch(/<h1 [^>]*dir="auto"[^>]*>Pizza \u202Egpj\.exe\u202C Bar/);
    expect(html).toMatch(/<h3 [^>]*dir="auto"[^>]*>Vorspeisen \u202Eoverride/);
    expect(html).toMatch(/<h4 [^>]*dir="auto"[^>]*>Suppe \u202Eevil/);
    // No raw control character of the name anywhere in the HTML (XML/HTML cannot carry them).
    expect(html).not.toMatch(/[\u0007\u001b]/);

    const listing = await (await fetch(`${held.server.baseUrl}/search?q=pizza`, { headers: { Accept: "text/html" } })).text();
    expect(listing).toMatch(new RegExp(`<a href="/${SLUG}" dir="auto">Pizza \u202Egpj`));
  }, 120_000);
});

describe("the preview image of a name in other scripts", () => {
  it("is drawn with bundled fonts: no font is fetched, nothing is logged", async () => {
    const data = fixture();
    const names = ["寿司 すしかぜ", "김치찌개 식당", "饺子馆", "ร้านอาหารไทย", "Пельменная", "Ταβέρνα Κύμα", "Phở Sông Hồng"];
    const logBefore = readFileSync(held.server.logFile, "utf8").length;
    // One restaurant renamed in turn (the fixture owner's plan allows no more).
    for (const name of names) {
      await held.importer.importData({ ...data, restaurants: [...data.restaurants, { ...data.restaurants[0], slug: "preview-scripts", name }] });
      const res = await fetch(`${held.server.baseUrl}/og/preview-scripts.png`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(5000);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Next's ImageResponse asked fonts.googleapis.com for these glyphs (with the owner's text in
    // the URL) and logged a failure per render where it could not reach it.
    expect(readFileSync(held.server.logFile, "utf8").slice(logBefore)).not.toMatch(/dynamic font|googleapis|"level":(50|60)/);
  }, 120_000);
});
