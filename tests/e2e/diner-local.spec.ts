// Issue 47: the diner's own language and habits, in Chromium at 390×844 and 1280×800.
// 1. the whole page in the menu's language: <html lang>, skip link, site header, tab title, link
//    preview, footer with the developer links folded once at the end; no "no translation yet" note;
// 2. Call / Directions / Share fit in every language: nothing clipped, overlapping or wrapped;
// 3. directions to the name and address (Google Maps, Apple Maps on Apple devices, geo: on Android);
// 4. a filter that hides every dish says so, with a visible "clear filter" pill;
// 6. the language hint covers nothing and moves nothing;
// 8. local conventions: US clocks and address order, dates in the page's locale, Japanese 、.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseUrl, trackLayoutShift } from "./helpers";

const SIZES = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;
type Size = (typeof SIZES)[number];

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function open(browser: Browser, size: Size, options: { javaScriptEnabled?: boolean; locale?: string; userAgent?: string } = {}) {
  const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch, baseURL: baseUrl(), locale: "en-GB", ...options });
  return { context, page: await context.newPage() };
}

/** The frame's words each demo language must show (written here, not read from the labels). */
const FRAMES = [
  { path: "/lindqvists-matsal", lang: "sv", name: "Lindqvists Matsal", menu: "Meny", skip: "Hoppa till innehållet", nav: ["Restauranger", "Rätter", "Platser", "Kök"], dev: "För utvecklare och agenter", markdown: "Den här sidan som Markdown" },
  { path: "/boteco-jabuticaba", lang: "pt-BR", name: "Boteco Jabuticaba", menu: "Cardápio", skip: "Pular para o conteúdo", nav: ["Restaurantes", "Pratos", "Locais", "Cozinhas"], dev: "Para desenvolvedores e agentes", markdown: "Esta página em Markdown" },
  { path: "/pod-zlotym-jeleniem", lang: "pl", name: "Pod Złotym Jeleniem", menu: "Menu", skip: "Przejdź do treści", nav: ["Restauracje", "Dania", "Miejsca", "Kuchnie"], dev: "Dla programistów i agentów", markdown: "Ta strona w formacie Markdown" },
  { path: "/la-alacena", lang: "es", name: "La Alacena", menu: "Carta", skip: "Saltar al contenido", nav: ["Restaurantes", "Platos", "Ubicaciones", "Cocinas"], dev: "Para desarrolladores y agentes", markdown: "Esta página en Markdown" },
  { path: "/kappo-aoi", lang: "ja", name: "Kappō Aoi", menu: "メニュー", skip: "本文へ移動", nav: ["レストラン", "料理", "地域", "料理ジャンル"], dev: "開発者・エージェント向け", markdown: "このページをMarkdownで" },
  { path: "/izakaya-tomoshibi/ja", lang: "ja", name: "Izakaya Tomoshibi", menu: "メニュー", skip: "本文へ移動", nav: ["レストラン", "料理", "地域", "料理ジャンル"], dev: "開発者・エージェント向け", markdown: "このページをMarkdownで" },
  { path: "/zunfthaus-am-see", lang: "de", name: "Zunfthaus am See", menu: "Speisekarte", skip: "Zum Inhalt springen", nav: ["Restaurants", "Gerichte", "Orte", "Küchen"], dev: "Für Entwickler und Agenten", markdown: "Diese Seite als Markdown" },
] as const;

/** English words of the old frame, and the pt-BR note, that no page in another language may show. */
const ENGLISH_FRAME = ["Skip to content", "Dishes", "Locations", "Cuisines", "Terms of use", "For developers", "For restaurant owners", "This page as Markdown", "Menu updated", "Every page is also Markdown", "Rótulos em", "ainda não há tradução"];

test.describe("47.1 · the page in the menu's language", () => {
  for (const size of SIZES) {
    for (const javaScriptEnabled of [true, false]) {
      test(`frame, title and footer at ${size.viewport.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
        test.setTimeout(120_000);
        const { context, page } = await open(browser, size, { javaScriptEnabled });
        for (const f of FRAMES) {
          const response = await page.goto(f.path);
          expect(response?.status(), f.path).toBe(200);
          await expect(page.locator("html"), f.path).toHaveAttribute("lang", f.lang);
          await expect(page, f.path).toHaveTitle(`${f.name} – ${f.menu}`);
          await expect(page.locator('meta[property="og:title"]'), f.path).toHaveAttribute("content", `${f.name} – ${f.menu}`);
          // Tab reaches the skip link first, in the page's language.
          await page.keyboard.press("Tab");
          await expect(page.locator(":focus"), f.path).toHaveText(f.skip);
          expect(await page.locator(".site-nav a").allInnerTexts(), f.path).toEqual([...f.nav]);
          // The developer links: once, folded, at the very end, smaller than the page's text.
          const summaries = page.locator("summary", { hasText: f.dev });
          await expect(summaries, f.path).toHaveCount(1);
          const last = await page.locator("body > footer.site-footer .wrap > :last-child").getAttribute("class");
          expect(last, f.path).toBe("dev-links");
          const [devSize, bodySize] = await page.evaluate(() => [parseFloat(getComputedStyle(document.querySelector(".dev-links")!).fontSize), parseFloat(getComputedStyle(document.body).fontSize)]);
          expect(devSize, f.path).toBeLessThan(bodySize);
          await page.locator(".dev-links summary").click();
          await expect(page.getByRole("link", { name: f.markdown }), f.path).toBeVisible();
          // No English word of the frame, no fallback note (pt-BR's came from falling back to pt).
          await expect(page.locator(".label-fallback"), f.path).toHaveCount(0);
          const text = await page.locator("body").innerText();
          for (const words of ENGLISH_FRAME) expect(text, `${f.path}: "${words}"`).not.toContain(words);
        }
        await context.close();
      });
    }
  }

  test("the site's own pages stay English, the 404 page too", async ({ page }) => {
    for (const path of ["/", "/search", "/no-such-restaurant", "/no/such/page/at/all"]) {
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("lang", "en");
      await expect(page.locator(".skip-link"), path).toHaveText("Skip to content");
      await expect(page.locator(".site-footer summary"), path).toHaveText("For developers and agents");
    }
  });
});

/** Every menu of these restaurants in each of its languages: the 12 languages of the demo. */
const ACTION_PAGES = [
  "/lindqvists-matsal",
  "/lindqvists-matsal/de",
  "/boteco-jabuticaba",
  "/boteco-jabuticaba/es",
  "/taberna-do-azulejo",
  "/taberna-do-azulejo/fr",
  "/pod-zlotym-jeleniem",
  "/la-alacena",
  "/izakaya-tomoshibi/es",
  "/kappo-aoi",
  "/zunfthaus-am-see",
  "/hospoda-u-tri-kosu",
  "/mavi-ocakbasi/tr",
  "/trattoria-del-portico",
  "/hudson-griddle",
];

async function actionBoxes(page: Page) {
  return page.locator(".actions .action:visible").evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      // The label: the text after the icon, on one line when its range has one line box.
      const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()).pop()!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return { label: text.textContent!.trim(), left: box.left, right: box.right, top: box.top, bottom: box.bottom, height: box.height, lines, clipped: el.scrollWidth > el.clientWidth + 1 };
    }),
  );
}

test.describe("47.2 · Call, Directions and Share fit in every language", () => {
  for (const size of SIZES) {
    for (const javaScriptEnabled of [true, false]) {
      test(`at ${size.viewport.width}×${size.viewport.height}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
        test.setTimeout(180_000);
        const { context, page } = await open(browser, size, { javaScriptEnabled });
        const seen = new Set<string>();
        for (const path of ACTION_PAGES) {
          expect((await page.goto(path))?.status(), path).toBe(200);
          const boxes = await actionBoxes(page);
          expect(boxes.length, path).toBe(javaScriptEnabled ? 3 : 2);
          const width = size.viewport.width;
          for (const b of boxes) {
            seen.add(b.label);
            expect(b.clipped, `${path}: "${b.label}" clipped`).toBe(false);
            expect(b.lines, `${path}: "${b.label}" wraps`).toBe(1);
            expect(b.left, `${path}: "${b.label}" off the left edge`).toBeGreaterThanOrEqual(0);
            expect(b.right, `${path}: "${b.label}" off the right edge`).toBeLessThanOrEqual(width);
            expect(b.height, `${path}: "${b.label}" is a tap target`).toBeGreaterThanOrEqual(44);
            // One row, one height.
            expect(Math.abs(b.height - boxes[0].height), `${path}: "${b.label}" height`).toBeLessThanOrEqual(1);
            expect(Math.abs(b.top - boxes[0].top), `${path}: "${b.label}" row`).toBeLessThanOrEqual(1);
          }
          for (let i = 1; i < boxes.length; i++) expect(boxes[i].left, `${path}: "${boxes[i].label}" overlaps "${boxes[i - 1].label}"`).toBeGreaterThanOrEqual(boxes[i - 1].right);
        }
        // The long labels the issue names were among them.
        for (const label of ["Vägbeskrivning", "Como chegar", "Cómo llegar", ...(javaScriptEnabled ? ["Compartilhar", "Udostępnij"] : [])]) expect([...seen], label).toContain(label);
        await context.close();
      });
    }
  }
});

test.describe("47.3 · directions to the name and the address", () => {
  const expectations = (api: { name: string; contact: { address: string; latitude: number; longitude: number } }) => ({
    google: (href: string) => {
      const url = new URL(href);
      expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
      const destination = url.searchParams.get("destination")!;
      expect(destination).toBe(`${api.name}, ${api.contact.address}, New York 10003, United States`);
    },
    apple: (href: string) => {
      const url = new URL(href);
      expect(url.origin).toBe("https://maps.apple.com");
      expect(url.searchParams.get("daddr")).toBe(`${api.name}, ${api.contact.address}, New York 10003, United States`);
      expect(url.searchParams.get("sll")).toBe(`${api.contact.latitude},${api.contact.longitude}`);
    },
    geo: (href: string) => {
      expect(href.startsWith(`geo:${api.contact.latitude},${api.contact.longitude}?q=`)).toBe(true);
      expect(decodeURIComponent(href.split("?q=")[1])).toBe(`${api.name}, ${api.contact.address}, New York 10003, United States`);
    },
  });

  for (const size of SIZES) {
    test(`Google Maps without JavaScript and on other systems, Apple Maps on an iPhone, geo: on Android, at ${size.viewport.width} px`, async ({ browser }) => {
      const api = await (await fetch(`${baseUrl()}/api/public/restaurants/izakaya-tomoshibi`)).json();
      const check = expectations(api);
      for (const [options, expect_] of [
        [{ javaScriptEnabled: false, userAgent: IPHONE }, check.google],
        [{}, check.google],
        [{ userAgent: IPHONE }, check.apple],
        [{ userAgent: ANDROID }, check.geo],
      ] as const) {
        const { context, page } = await open(browser, size, options);
        await page.goto("/izakaya-tomoshibi/ja", { waitUntil: "networkidle" });
        const link = page.getByRole("link", { name: "経路" });
        if (options !== undefined && "userAgent" in options && options.javaScriptEnabled !== false) await expect(link).not.toHaveAttribute("href", /google/);
        expect_((await link.getAttribute("href"))!);
        await context.close();
      }
    });
  }
});

const EMPTY_FILTERS = [
  { path: "/kappo-aoi?diet=kosher", message: "フィルターに合う料理はありません。", clear: "フィルターを解除" },
  { path: "/lindqvists-matsal?diet=vegan", message: "Ingen rätt på menyn passar filtret.", clear: "Rensa filtret" },
  { path: "/boteco-jabuticaba?diet=kosher", message: "Nenhum prato deste cardápio corresponde ao filtro.", clear: "Limpar filtro" },
  { path: "/pod-zlotym-jeleniem?diet=kosher", message: "Żadne danie z tego menu nie pasuje do filtra.", clear: "Wyczyść filtr" },
  { path: "/la-alacena?diet=kosher", message: "Ningún plato de esta carta coincide con el filtro.", clear: "Borrar filtro" },
  { path: "/zunfthaus-am-see?diet=vegan&excludeAllergens=gluten", message: "Kein Gericht dieser Speisekarte passt zum Filter.", clear: "Filter zurücksetzen" },
] as const;

test.describe("47.4 · a filter that hides every dish", () => {
  for (const size of SIZES) {
    for (const javaScriptEnabled of [true, false]) {
      test(`says so, with a visible way to clear, at ${size.viewport.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
        test.setTimeout(120_000);
        const { context, page } = await open(browser, size, { javaScriptEnabled });
        for (const f of EMPTY_FILTERS) {
          await page.goto(f.path);
          const empty = page.locator(".filter-empty");
          await expect(empty.getByText(f.message), f.path).toBeVisible();
          const clear = empty.getByRole("link", { name: f.clear });
          await expect(clear, f.path).toBeVisible();
          // On the first screen, without opening the filter.
          const box = (await clear.boundingBox())!;
          expect(box.y + box.height, f.path).toBeLessThanOrEqual(size.viewport.height);
          expect(box.height, f.path).toBeGreaterThanOrEqual(44);
          // A pill like the chips: rounded, the text clear of the border.
          const style = await clear.evaluate((el) => ({ radius: parseFloat(getComputedStyle(el).borderTopLeftRadius), padding: parseFloat(getComputedStyle(el).paddingLeft), border: getComputedStyle(el).borderTopStyle }));
          expect(style.radius, f.path).toBeGreaterThanOrEqual(box.height / 2 - 1);
          expect(style.padding, f.path).toBeGreaterThanOrEqual(12);
          expect(style.border, f.path).toBe("solid");
          // No empty sticky bar.
          await expect(page.locator(".category-bar"), f.path).toBeHidden();
          await expect(page.locator(".dish:visible"), f.path).toHaveCount(0);
        }
        // Clearing brings every dish back (JavaScript: at once; without: the unfiltered page).
        await page.goto(EMPTY_FILTERS[0].path);
        await page.locator(".filter-empty").getByRole("link", { name: EMPTY_FILTERS[0].clear }).click();
        await expect(page.locator(".dish:visible")).toHaveCount(9);
        await expect(page.locator(".filter-empty")).toHaveCount(0);
        expect(new URL(page.url()).search).toBe("");
        await context.close();
      });
    }
  }

  test("the filter panel's Clear filter is a pill like the chips beside it", async ({ browser }) => {
    const { context, page } = await open(browser, SIZES[0]);
    await page.goto("/zunfthaus-am-see?excludeAllergens=milk");
    await page.locator(".menu-filter summary").click();
    const clear = page.locator(".menu-filter .filter-clear");
    const chip = page.locator(".menu-filter .chip").first();
    const [c, k] = await Promise.all([clear, chip].map((l) => l.evaluate((el) => ({ radius: parseFloat(getComputedStyle(el).borderTopLeftRadius), height: el.getBoundingClientRect().height, padding: parseFloat(getComputedStyle(el).paddingLeft) }))));
    expect(c.radius).toBeGreaterThanOrEqual(c.height / 2 - 1);
    expect(k.radius).toBeGreaterThanOrEqual(k.height / 2 - 1);
    expect(c.padding).toBeGreaterThanOrEqual(k.padding);
    await context.close();
  });
});

test.describe("47.6 · the language hint covers nothing", () => {
  for (const size of SIZES) {
    test(`at ${size.viewport.width} px: in the switcher's place, no overlap with dishes, prices or chips, no shift`, async ({ browser }) => {
      for (const [locale, path, text] of [
        ["en-US", "/lindqvists-matsal", "This menu in English"],
        ["es-ES", "/izakaya-tomoshibi", "Esta carta en español"],
        ["en-GB", "/kappo-aoi", "This menu in English"],
      ] as const) {
        const { context, page } = await open(browser, size, { locale });
        const shift = await trackLayoutShift(page);
        await page.goto(path, { waitUntil: "networkidle" });
        const hint = page.locator(".language-hint");
        await expect(hint.getByRole("link", { name: text })).toBeVisible();
        await expect(page.locator(".language-switcher")).toBeHidden();
        expect(await hint.evaluate((el) => getComputedStyle(el).position), path).toBe("static");
        const hintBox = (await hint.boundingBox())!;
        // Open the filter too: its chips must not be covered either.
        await page.locator(".menu-filter summary").click();
        const covered = await page.evaluate((h) => {
          const hits: string[] = [];
          for (const el of document.querySelectorAll<HTMLElement>(".dish-name, .dish-price, .chip, .menu-filter summary, .open-status, .action")) {
            const r = el.getBoundingClientRect();
            if (r.width === 0) continue;
            if (r.left < h.x + h.width && r.right > h.x && r.top < h.y + h.height && r.bottom > h.y) hits.push(el.textContent ?? "");
          }
          return hits;
        }, hintBox);
        expect(covered, path).toEqual([]);
        expect(await shift(), path).toBeLessThan(0.01);
        // Dismissed, the switcher is back where the hint stood, as high: nothing below it moved.
        await page.locator(".menu-filter summary").click();
        await hint.getByRole("button").click();
        await expect(page.locator(".language-switcher")).toBeVisible();
        const slot = (await page.locator(".language-hint-slot").boundingBox())!;
        expect(Math.abs(slot.y - hintBox.y), `${path}: where the switcher was`).toBeLessThanOrEqual(1);
        expect(Math.abs(slot.height - hintBox.height), `${path}: as high as the switcher`).toBeLessThanOrEqual(1);
        await context.close();
      }
    });
  }
});

test.describe("47.8 · local conventions", () => {
  for (const size of SIZES) {
    for (const javaScriptEnabled of [true, false]) {
      test(`US clocks and address, dates in the locale, Japanese 、 at ${size.viewport.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
        const { context, page } = await open(browser, size, { javaScriptEnabled });
        await page.goto("/hudson-griddle");
        const clock = /^(\d{1,2}(:\d\d)?\u00a0(AM|PM)|midnight|noon)$/;
        const status = (await page.locator(".open-status").innerText()).trim();
        expect(status).not.toMatch(/\d\d:\d\d/);
        const time = status.match(/(?:until|opens(?: tomorrow| \w+)?) (.+)$/)?.[1];
        if (time) expect(time).toMatch(clock);
        const hours = await page.locator("table.hours td").allInnerTexts();
        for (const cell of hours.filter((h) => h !== "Closed")) {
          const [from, to] = cell.replace(/ \(next day\)$/, "").split("–");
          expect(from, cell).toMatch(clock);
          expect(to, cell).toMatch(clock);
        }
        await expect(page.locator(".facts-row", { hasText: "Address" }).locator("dd")).toContainText("301 West 23rd Street, New York 10011, United States");
        await expect(page.locator(".page-footer time")).toHaveText(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/);

        await page.goto("/kappo-aoi");
        await expect(page.locator(".page-footer time")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
        const allergens = await page.locator(".dish .allergens").allInnerTexts();
        expect(allergens.some((a) => a.includes("、"))).toBe(true);
        for (const a of allergens) expect(a).not.toContain(", ");
        await expect(page.locator(".restaurant-kind")).toContainText("京都、日本");

        await page.goto("/zunfthaus-am-see");
        await expect(page.locator(".page-footer time")).toHaveText(/^\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/);
        // A 24-hour country keeps its clock.
        for (const cell of (await page.locator("table.hours td").allInnerTexts()).filter((h) => /\d/.test(h))) expect(cell).toMatch(/^\d\d:\d\d–\d\d:\d\d/);
        await context.close();
      });
    }
  }
});
