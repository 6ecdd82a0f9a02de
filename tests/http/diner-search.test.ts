// Issue 25, points 5 and 8, as the server renders them (no browser needed):
// 5. one search box finds restaurants and dishes — "karaage", "edamame", "tofu", "sushi" list the
//    demo dishes with their restaurant, price and allergen facts; "vegan berlin" reads the diet and
//    the city out of the words and lists what the dish search lists for diet=vegan&city=berlin; the
//    /dishes heading states the query in words; pages allow geolocation for the site itself only;
// 8. listing cards carry open now (the menu page's function), a price indication (the middle half
//    of the menu's prices) and the banner as a photo.
import { describe, expect, it } from "vitest";
import { remark } from "remark";
import type { ListItem, Root } from "mdast";
import directory from "../../prisma/demo/directory.json";
import { menuLabels } from "../../lib/i18n/menu-labels";
import { priceIndication } from "../../lib/pages/listing-facts";
import { openStatusView } from "../../lib/pages/menu-view";
import { htmlText } from "../support/html";
import { get } from "../support/http";

/** The text of an mdast node (what a reader of the Markdown reads). */
const toString = (node: unknown): string => {
  const n = node as { value?: string; children?: unknown[] };
  return typeof n.value === "string" ? n.value : (n.children ?? []).map(toString).join("");
};
const attr = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
const dishNames = (html: string) => [...html.matchAll(/<a class="dish-link" href="[^"]+"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => htmlText(m[1]));
/** A found dish as the English listing names it: its English translation when the menu has one (issue 47.7). */
const englishName = (d: { name: string; translations: Record<string, { name: string }> }) => d.translations.en?.name ?? d.name;
const sectionOf = (html: string, id: string) => {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
};

describe("one search box for restaurants and dishes (issue 25.5)", () => {
  it.each(["karaage", "edamame", "tofu", "sushi"])("/search?q=%s lists the dishes the dish search finds, with restaurant, price and allergens", async (q) => {
    const api = (await get(`/api/public/dishes?q=${q}&limit=6`)).json;
    expect(api.total, q).toBeGreaterThan(0);
    const { status, text } = await get(`/search?q=${q}`);
    expect(status).toBe(200);
    const dishes = sectionOf(text, "dish-results-heading");
    expect(dishNames(dishes)).toEqual(api.results.map(englishName));
    for (const dish of api.results) expect(dishes).toContain(`href="${new URL(dish.restaurant.url).pathname}"`);
    expect(htmlText(dishes)).toMatch(/Allergens declared|No allergens declared/);
    expect(htmlText(dishes)).toMatch(/[$€¥£]|CHF|Kč|zł|kr|R\$|TL|₺/);
  });

  it("'vegan berlin' is the diet vegan and the city Berlin: the dish search's vegan dishes in Berlin, Berlin's restaurants that say vegan", async () => {
    const api = (await get("/api/public/dishes?diet=vegan&city=berlin&limit=6")).json;
    expect(api.total).toBeGreaterThan(0);
    const { text } = await get("/search?q=vegan+berlin");
    const dishes = sectionOf(text, "dish-results-heading");
    expect(htmlText(dishes)).toContain(`Vegan dishes in Berlin: ${api.total} dishes`);
    expect(dishNames(dishes)).toEqual(api.results.map(englishName));
    // All of them, with the dish filters, one link away.
    expect(attr(dishes)).toContain('href="/dishes?city=berlin&diet=vegan"');
    const restaurants = (await get("/api/public/restaurants?q=vegan&city=berlin")).json;
    expect(restaurants.total).toBeGreaterThan(0);
    for (const r of restaurants.results) expect(text).toContain(`href="/${r.slug}"`);
    // The twin says the same.
    const twin = (await get("/search.md?q=vegan+berlin")).text;
    expect(twin).toContain(`## Vegan dishes in Berlin: ${api.total} dishes`);
  });

  it("words that name no diet or city stay text, and a city chosen in the form wins", async () => {
    const { text } = await get("/search?q=vegan+berlin&city=zurich");
    const api = (await get("/api/public/dishes?q=berlin&diet=vegan&city=zurich&limit=6")).json;
    // The city in the page's language: the directory's "Zürich" is Zurich on an English page.
    expect(htmlText(sectionOf(text, "dish-results-heading"))).toContain(`Vegan dishes matching “berlin” in Zurich: ${api.total} dish`);
  });

  it("/dishes states its query in words, in the title and the heading", async () => {
    const { text } = await get("/dishes?diet=vegan&city=berlin");
    expect(htmlText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text)![1])).toBe("Vegan dishes in Berlin");
    expect(text).toMatch(/<title>Vegan dishes in Berlin/);
    const other = await get("/dishes?q=tofu&diet=vegan&diet=gluten-free&excludeAllergens=nuts&maxPrice=20&currency=eur");
    expect(htmlText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(other.text)![1])).toBe("Vegan, gluten-free dishes matching “tofu” without nuts, up to €20.00");
    expect(htmlText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec((await get("/dishes")).text)![1])).toBe("Dish search");
  });

  it("pages allow geolocation to the site itself, nothing else", async () => {
    for (const path of ["/dishes", "/search?q=tofu", "/"]) {
      const policy = (await get(path)).headers.get("permissions-policy") ?? "";
      expect(policy, path).toContain("geolocation=(self)");
      expect(policy, path).toContain("camera=()");
    }
  });
});

describe("a forgiving search (issue 47.7)", () => {
  const slugsOf = (html: string) => [...html.matchAll(/<h[23] class="card-title"><a href="\/([^"/]+)"/g)].map((m) => m[1]);

  it.each([
    ["京都", "kyoto"],
    ["Tokio", "tokyo"],
    ["Koeln", "cologne"],
    ["Köln", "cologne"],
    ["Zurich", "zurich"],
    ["Colónia", "cologne"],
    ["Monachium", "munich"],
  ])("q=%s finds the restaurants of the city (%s), on the page, its twin and through the API's city", async (typed, slug) => {
    const city = (await get(`/api/public/restaurants?city=${slug}&limit=50`)).json;
    expect(city.total, slug).toBeGreaterThan(0);
    const expected = city.results.map((r: { slug: string }) => r.slug).sort();
    const page = await get(`/search?q=${encodeURIComponent(typed)}`);
    expect(page.status).toBe(200);
    expect(slugsOf(page.text).sort(), typed).toEqual(expected);
    const twin = (await get(`/search.md?q=${encodeURIComponent(typed)}`)).text;
    for (const r of city.results) expect(twin, typed).toContain(`/${r.slug}.md)`);
    // The API's city parameter takes the same names: restaurants and dishes.
    const api = (await get(`/api/public/restaurants?city=${encodeURIComponent(typed)}&limit=50`)).json;
    expect(api.results.map((r: { slug: string }) => r.slug).sort(), typed).toEqual(expected);
    expect(api.query.city).toBe(typed);
    const dishes = (await get(`/api/public/dishes?city=${encodeURIComponent(typed)}&limit=1`)).json;
    expect(dishes.total, typed).toBe((await get(`/api/public/dishes?city=${slug}&limit=1`)).json.total);
  });

  it("a city name that is no city finds nothing, and stays an error-free empty answer", async () => {
    const api = await get("/api/public/restaurants?city=Atlantis");
    expect(api.status).toBe(200);
    expect(api.json.total).toBe(0);
  });

  it("one typo forgiven: 'karage' shows the karaage dishes, saying so, with a link to the corrected search", async () => {
    const api = (await get("/api/public/dishes?q=karaage&limit=6")).json;
    expect(api.total).toBeGreaterThan(0);
    expect((await get("/api/public/dishes?q=karage")).json.total).toBe(0);
    const { text } = await get("/search?q=karage");
    expect(htmlText(text)).toContain("Nothing matches “karage”. Showing results for karaage.");
    expect(text).toContain('href="/search?q=karaage"');
    expect(dishNames(sectionOf(text, "dish-results-heading"))).toEqual(api.results.map(englishName));
    const dishesPage = await get("/dishes?q=karage");
    expect(htmlText(dishesPage.text)).toContain("Nothing matches “karage”. Showing results for karaage.");
    expect(dishNames(dishesPage.text)).toEqual(api.results.map(englishName));
    const twin = (await get("/search.md?q=karage")).text;
    expect(twin).toContain("Nothing matches “karage”. Showing results for [karaage](");
    // A word far from every known one gets no guess.
    expect(htmlText((await get("/search?q=qwxzvb")).text)).not.toContain("Showing results for");
    // Words that find something are never second-guessed.
    expect(htmlText((await get("/search?q=karaage")).text)).not.toContain("Showing results for");
  });

  it("dishes found but no restaurant: the dishes first, and no '0 restaurants' that reads as no result", async () => {
    const { text } = await get("/search?q=karaage");
    const body = htmlText(text.slice(text.indexOf('id="main"')));
    expect(body).toMatch(/Dishes matching “karaage”: \d+ dishes/);
    expect(body).not.toMatch(/\b0 restaurants\b/);
    expect(body).not.toContain("No restaurant matches");
    const twin = (await get("/search.md?q=karaage")).text;
    expect(twin).not.toMatch(/^0 restaurants\.$/m);
    // Nothing at all: the empty answer is still said.
    expect(htmlText((await get("/search?q=qwxzvb")).text)).toContain("No restaurant matches");
  });

  it("an English searcher sees a dish's English translation when the menu has one, the menu's name beside it", async () => {
    const api = (await get("/api/public/dishes?q=tofu&limit=20")).json;
    const yudofu = api.results.find((d: { name: string }) => d.name === "湯豆腐");
    expect(yudofu?.translations.en?.name).toBeTruthy();
    const { text } = await get("/dishes?q=tofu");
    const names = dishNames(text);
    expect(names).toContain(yudofu.translations.en.name);
    expect(names).not.toContain("湯豆腐");
    expect(text).toContain('<p class="dish-original" dir="auto">湯豆腐</p>');
    const twin = (await get("/dishes.md?q=tofu")).text;
    expect(twin).toContain(`${yudofu.translations.en.name}](`);
  });

  it("the near field is a hidden point set by Near me, shown with a way back, never a raw coordinates box", async () => {
    const plain = (await get("/dishes")).text;
    expect(plain).toContain('<input id="dishes-near" type="hidden" name="near" value=""/>');
    expect(plain).not.toContain("Near (latitude,longitude)");
    const near = (await get("/search?q=ramen&near=52.52,13.405&radiusKm=2")).text;
    expect(htmlText(near)).toContain("Near 52.52, 13.405 · Not near this point");
    expect(attr(near)).toContain('href="/search?q=ramen"');
    expect(near).toMatch(/<option value="2" selected="">2(<!-- -->)? km<\/option>/);
  });

  it("the menu page offers to find a dish: a field for JavaScript and an A–Z index of anchors without it, in the menu's language", async () => {
    const { text } = await get("/ramen-kaze");
    expect(text).toContain('class="menu-find needs-js"');
    // The summary: a magnifier (drawn, aria-hidden) and the words that name it.
    const summary = /<details class="menu-find-index no-js"[^>]*><summary>(<svg[^>]*aria-hidden="true"[\s\S]*?<\/svg>)<span class="menu-find-index-label">([^<]*)<\/span><\/summary>/.exec(text);
    expect(summary, "the index's summary").not.toBeNull();
    expect(htmlText(summary![2])).toBe("Gerichte von A–Z");
    const menu = (await get("/api/public/restaurants/ramen-kaze")).json;
    const index = [...text.matchAll(/<li><a href="#(dish-\d+-\d+)"[^>]*>([^<]*)<\/a><\/li>/g)];
    expect(index.length).toBe(menu.categories.reduce((n: number, c: { items: unknown[] }) => n + c.items.length, 0));
    for (const [, anchor] of index) expect(text).toContain(`id="${anchor}"`);
    const names = index.map((m) => htmlText(m[2]));
    expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
  });
});

describe("listing cards to choose by (issue 25.8)", () => {
  it("a city's cards: open now as the menu page computes it, the middle half of the prices, the banner as photo", async () => {
    const { text } = await get("/locations/germany/berlin");
    const cards = [...text.matchAll(/<li class="card[^"]*">([\s\S]*?)<\/li>/g)].map((m) => m[1]);
    expect(cards.length).toBeGreaterThan(2);
    let photos = 0;
    for (const card of cards) {
      const slug = /<a href="\/([^"/]+)"[^>]*>/.exec(card)![1];
      const menu = (await get(`/api/public/restaurants/${slug}`)).json;
      // The page may be up to a few minutes old: its line is the one of one of those minutes.
      const now = Date.now();
      const lines = new Set(
        Array.from({ length: 6 }, (_, i) => openStatusView(menu.openingHours, "Europe/Berlin", new Date(now - i * 60_000), menuLabels("en"))?.text),
      );
      const line = /<span class="open-status (is-open|is-closed)">[\s\S]*?<\/span>([^<]*)<\/span>/.exec(card);
      if (menu.openingHours) {
        expect(line, slug).not.toBeNull();
        expect(lines, slug).toContain(htmlText(line![2]));
        expect(line![1] === "is-open", slug).toBe(htmlText(line![2]).startsWith("Open"));
      }
      const prices = menu.categories.flatMap((c: { items: { price: number; isAvailable: boolean }[] }) => c.items.filter((i) => i.isAvailable).map((i) => i.price));
      expect(htmlText(/<span class="card-prices">([\s\S]*?)<\/span>/.exec(card)?.[1] ?? ""), slug).toBe(priceIndication(prices, menu.currency) ?? "");
      if (menu.images.banner) {
        photos += 1;
        expect(card, slug).toContain(`<img class="card-photo" src="${new URL(menu.images.banner).pathname}" alt="" width="600" height="200" loading="lazy"`);
      } else expect(card, slug).not.toContain("card-photo");
    }
    expect(photos).toBeGreaterThan(0);
  });

  it("the home page's and a search's cards carry the same facts", async () => {
    for (const path of ["/", "/search?q=ramen", "/cuisines/japanese"]) {
      const { text } = await get(path);
      expect(text, path).toContain('class="card-facts"');
      expect(text, path).toMatch(/<span class="card-prices">Most dishes /);
    }
  });
});

describe("listing twins carry what the cards show (issue 25.8, 25.2)", () => {
  const zoneOf = (city: string) => (directory as { cities: { name: string; timeZone: string }[] }).cities.find((c) => c.name === city)?.timeZone ?? null;

  // Each twin's restaurant lines: valid Markdown (one list item per card, its link first), open
  // now as the menu page's function says it for a minute of the last few, the HTML card's price
  // indication, and the city in the page's language.
  it.each(["/", "/locations/germany/munich", "/cuisines/japanese", "/search?q=ramen"])("%s.md: each restaurant's line has its open status and price indication", async (path) => {
    const [pathname, search] = path.split("?");
    const twinPath = `${pathname === "/" ? "/index" : pathname}.md${search ? `?${search}` : ""}`;
    const twin = await get(twinPath);
    expect(twin.status, twinPath).toBe(200);
    const html = (await get(path)).text;
    const tree = remark().parse(twin.text) as Root;
    // Restaurant lines: a list item that starts with a link to a menu's twin followed by ": " (a
    // dish line goes on with " — ", a country line links a locations page).
    const items: ListItem[] = [];
    const visit = (node: { type: string; children?: unknown[] }) => {
      if (node.type === "listItem") {
        const first = (node as ListItem).children[0];
        const [link, after] = first?.type === "paragraph" ? first.children : [];
        if (link?.type === "link" && /^\/[a-z0-9-]+\.md$/.test(new URL(link.url).pathname) && after?.type === "text" && after.value.startsWith(": ")) items.push(node as ListItem);
      }
      for (const child of (node.children ?? []) as { type: string }[]) visit(child);
    };
    visit(tree);
    const cards = html
      .split('<li class="card')
      .slice(1)
      .filter((c) => !c.startsWith(" dish-result"));
    expect(items.length, path).toBe(cards.length);
    expect(items.length, path).toBeGreaterThan(0);
    const now = Date.now();
    let withStatus = 0;
    for (const item of items) {
      const paragraph = item.children[0] as Extract<ListItem["children"][number], { type: "paragraph" }>;
      const slug = /\/([a-z0-9-]+)\.md$/.exec((paragraph.children[0] as { url: string }).url)![1];
      const line = toString(paragraph);
      const menu = (await get(`/api/public/restaurants/${slug}`)).json;
      const zone = zoneOf(menu.contact.city);
      const status = zone && menu.openingHours ? paragraph.children.find((c) => c.type === "strong") : undefined;
      if (zone && menu.openingHours) {
        withStatus += 1;
        expect(status, `${path} ${slug}`).toBeDefined();
        const minutes = Array.from({ length: 6 }, (_, i) => openStatusView(menu.openingHours, zone, new Date(now - i * 60_000), menuLabels("en"))!);
        const said = `${toString(status!)} (${line.split(`${toString(status!)} (`)[1].split(")")[0]})`;
        expect(minutes.map((m) => `${m.text} (as of ${m.asOf} local time)`), `${path} ${slug}`).toContain(said);
      }
      const prices = menu.categories.flatMap((c: { items: { price: number; isAvailable: boolean }[] }) => c.items.filter((i) => i.isAvailable).map((i) => i.price));
      const indication = priceIndication(prices, menu.currency);
      // (The twin's text writes the no-break space of a currency format as a space.)
      if (indication) expect(line, `${path} ${slug}`).toContain(` · ${indication.replace(/\u00a0/g, " ")}`);
      // The same facts as the page's card for this restaurant.
      const card = cards.find((c) => c.includes(`href="/${slug}"`))!;
      expect(card, `${path} ${slug}`).toBeDefined();
      const cardPrices = /<span class="card-prices">([\s\S]*?)<\/span>/.exec(card)?.[1];
      expect(cardPrices && htmlText(cardPrices), `${path} ${slug}`).toBe(indication ?? undefined);
      expect(line, `${path} ${slug}`).toContain(`: ${htmlText(/<p class="card-meta">([\s\S]*?)<\/p>/.exec(card)![1])} · ${menu.currency}`);
      if (menu.contact.city === "München") expect(line).toContain("Munich, Germany");
    }
    expect(withStatus, path).toBeGreaterThan(0);
  });
});

describe("labels in the page's language (issue 25.6)", () => {
  it("the Japanese menu names the cuisine, the country and the format's badges in Japanese; the owner's variant names keep their language", async () => {
    const { text } = await get("/izakaya-tomoshibi/ja");
    const kind = htmlText(/<p class="restaurant-kind">([\s\S]*?)<\/p>/.exec(text)![1]);
    // Japanese joins the city and its country with 、 (issue 47.8).
    expect(kind).toBe("日本料理 · ニューヨーク、アメリカ合衆国");
    expect(text).toMatch(/<span class="flag flag-badge" lang="ja">一番人気<\/span>/);
    expect(text).toMatch(/<span class="flag flag-badge" lang="ja">シェフのおすすめ<\/span>/);
    expect(text).toContain('<span lang="en" dir="auto">Glass</span>');
    expect(htmlText(text)).not.toMatch(/Bestseller|Chef's choice|Japanese ·|United States/);
    expect(htmlText(/<dd>([^<]*ニューヨーク[^<]*)</.exec(text)?.[1] ?? "")).toBe("214 East 6th Street, ニューヨーク 10003, アメリカ合衆国");
    const twin = (await get("/izakaya-tomoshibi/ja.md")).text;
    expect(twin).toContain("日本料理");
    expect(twin).toMatch(/ニューヨーク 10003, アメリカ合衆国/);
    expect(twin).not.toContain("Bestseller");
  });

  it("the German menu says Italienisch, the English one Italian", async () => {
    const de = htmlText((await get("/forno-rosso-muenchen")).text);
    expect(de).toContain("Italienisch · München, Deutschland");
    const en = (await get("/forno-rosso-muenchen/en")).text;
    expect(htmlText(/<p class="restaurant-kind">([\s\S]*?)<\/p>/.exec(en)![1])).toBe("Italian · Munich, Germany");
    // The address is the service's line too: the city and the country in the page's language.
    expect(htmlText(en)).toMatch(/80\d{3} Munich, Germany/);
    expect((await get("/forno-rosso-muenchen/en.md")).text).toMatch(/80\d{3} Munich, Germany/);
  });

  it("Accept-Language does not change the bare URL's page: one cached copy, the hint is the browser's", async () => {
    const plain = await get("/izakaya-tomoshibi");
    const spanish = await get("/izakaya-tomoshibi", { headers: { "Accept-Language": "es-ES,es;q=0.9" } });
    expect(spanish.status).toBe(200);
    expect(spanish.headers.get("vary") ?? "").not.toMatch(/accept-language/i);
    expect(spanish.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(spanish.text).toContain('<link rel="canonical" href="');
    expect(/<link rel="canonical" href="([^"]+)"/.exec(spanish.text)![1]).toMatch(/\/izakaya-tomoshibi$/);
  });
});

describe("a raster link-preview image (issue 25.7)", () => {
  it("menus with an SVG banner or none link /og/{slug}.png, a 1200×630 PNG with the menu's cache policy", async () => {
    const page = (await get("/izakaya-tomoshibi")).text;
    const og = attr(/<meta property="og:image" content="([^"]+)"/.exec(page)![1]);
    expect(og).toMatch(/\/og\/izakaya-tomoshibi\.png$/);
    expect(attr(/<meta name="twitter:image" content="([^"]+)"/.exec(page)![1])).toBe(og);
    const res = await fetch(og.replace(/^https?:\/\/[^/]+/, (await import("../support/http")).baseUrl()));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe((await import("../../lib/http/cache-policy")).CACHE_POLICIES.menu);
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });

  it("only published menus are drawn; anything else is the API's JSON 404", async () => {
    for (const path of ["/og/no-such-restaurant.png", "/og/draft-hofbraeu-keller.png", "/og/izakaya-tomoshibi.svg", "/og/Izakaya.png"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(res.json.error, path).toBe("not_found");
    }
  });
});
