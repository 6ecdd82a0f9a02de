// Issue 47, point 9: dark mode and print, in Chromium at 390×844 and 1280×800.
// Dark: the site header is dark (no glaring orange) with its words at ≥ 4.5:1, computed from the
// computed styles; logos stand on a light plate that a dark logo shows against. Print: nothing
// that is only true now or that is to be pressed (open status, "Showing all N dishes", the "Today"
// badge, the buttons). Desktop banners keep their own lettering (name and city) whole and stand
// apart from the header and the logo.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseUrl } from "./helpers";

const SIZES = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

async function open(browser: Browser, size: (typeof SIZES)[number], javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ ...size, baseURL: baseUrl(), locale: "en-GB", javaScriptEnabled });
  return context.newPage();
}

type Rgb = [number, number, number];

/** "rgb(1, 2, 3)" / "rgba(1, 2, 3, 1)" / "#123456" → [r, g, b] (opaque colours only). */
function parseColour(css: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(css.trim());
  if (hex) return [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16)];
  const m = /^rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)(?:,\s*([\d.]+))?\)$/.exec(css.trim());
  if (!m) throw new Error(`not a colour: ${css}`);
  if (m[4] !== undefined && Number(m[4]) < 1) throw new Error(`not opaque: ${css}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const MENUS = ["/izakaya-tomoshibi", "/kappo-aoi", "/lindqvists-matsal", "/boteco-jabuticaba", "/pod-zlotym-jeleniem", "/la-alacena", "/zunfthaus-am-see", "/alpenstuebli-naegeli"];

for (const size of SIZES) {
  const at = `${size.viewport.width}×${size.viewport.height}`;

  test(`dark mode: a dark header with readable words, logos on a light plate (${at})`, async ({ browser }) => {
    const page = await open(browser, size);
    await page.emulateMedia({ colorScheme: "dark" });
    for (const menu of MENUS) {
      await page.goto(menu);
      const colours = await page.evaluate(() => {
        const header = document.querySelector(".site-header")!;
        const words = [...header.querySelectorAll("a")].map((a) => getComputedStyle(a).color);
        const logo = document.querySelector<HTMLImageElement>(".restaurant-title .logo");
        return {
          header: getComputedStyle(header).backgroundColor,
          words,
          page: getComputedStyle(document.body).backgroundColor,
          plate: logo ? getComputedStyle(logo).backgroundColor : null,
          logoSrc: logo?.getAttribute("src") ?? null,
        };
      });
      const header = parseColour(colours.header);
      // Dark: the orange of before (#e07a4a) had a luminance of 0.31; a dark page's header stays under 0.05.
      expect(luminance(header), `${menu} header ${colours.header}`).toBeLessThan(0.05);
      expect(colours.words.length, menu).toBeGreaterThanOrEqual(5);
      for (const word of colours.words) expect(contrast(parseColour(word), header), `${menu} header word ${word} on ${colours.header}`).toBeGreaterThanOrEqual(4.5);
      if (!colours.plate || !colours.logoSrc) continue;
      // The plate stands out from the dark page, and the logo's own outer colour (its disc) from the plate.
      const plate = parseColour(colours.plate);
      expect(contrast(plate, parseColour(colours.page)), `${menu} plate ${colours.plate} on the page`).toBeGreaterThanOrEqual(3);
      const svg = await (await page.request.get(colours.logoSrc)).text();
      const disc = /<circle[^>]*\sfill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
      if (disc && luminance(parseColour(disc)) < 0.05) expect(contrast(plate, parseColour(disc)), `${menu} logo ${disc} on its plate`).toBeGreaterThanOrEqual(3);
    }
    await page.context().close();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`print: no live status, no "Showing all", no "Today", no buttons (${at}, JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const page = await open(browser, size, javaScriptEnabled);
      await page.goto("/izakaya-tomoshibi");
      const live = [".open-status", ".filter-status", ".hours .today-badge:not(.is-off)", ".actions", ".menu-filter"];
      // On screen they are there (so the print check below can fail)…
      for (const selector of live) await expect(page.locator(selector).first(), `screen ${selector}`).toBeVisible();
      await expect(page.locator(".filter-status")).toContainText("Showing all");
      await page.emulateMedia({ media: "print" });
      // …on paper they are not; the menu is.
      for (const selector of live) await expect(page.locator(selector).first(), `print ${selector}`).toBeHidden();
      await expect(page.locator(".dish").first()).toBeVisible();
      await expect(page.locator("#hours .hours")).toBeVisible();
      await page.context().close();
    });
  }
}

/** The demo menus that have a banner of their own (public/demo/banners/{slug}.svg). */
const BANNERS = readdirSync(path.join(import.meta.dirname, "../../public/demo/banners"))
  .filter((f) => f.endsWith(".svg"))
  .map((f) => f.replace(/\.svg$/, ""));

test("desktop banners keep their name and city whole and stand apart from header and logo (1280×800)", async ({ browser }) => {
  test.setTimeout(120_000);
  expect(BANNERS.length).toBeGreaterThanOrEqual(10);
  const page = await open(browser, SIZES[1]);
  let checked = 0;
  for (const slug of BANNERS) {
    // The lettering's boxes, measured in the banner drawn on its own (its viewBox units).
    await page.goto(`/demo/banners/${slug}.svg`);
    const letters = await page.evaluate(() =>
      [...document.querySelectorAll("text")].map((t) => {
        const { x, y, width, height } = t.getBBox();
        return { text: t.textContent, x, y, width, height };
      }),
    );
    expect(letters.length, slug).toBeGreaterThanOrEqual(2);

    const response = await page.goto(`/${slug}`);
    if (response?.status() !== 200) continue;
    const banner = page.locator(".restaurant-header .banner");
    if ((await banner.count()) === 0 || !(await banner.getAttribute("src"))?.endsWith(`/demo/banners/${slug}.svg`)) continue;
    const geometry = await banner.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const style = getComputedStyle(img);
      const header = document.querySelector(".site-header")!.getBoundingClientRect();
      const logo = document.querySelector(".restaurant-title .logo")?.getBoundingClientRect() ?? null;
      return { box: { x: box.x, y: box.y, width: box.width, height: box.height }, fit: style.objectFit, position: style.objectPosition, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, headerBottom: header.bottom, logoTop: logo?.top ?? null };
    });
    // The part of the image the box shows: object-fit cover scales it to fill the box, object-position places it.
    expect(geometry.fit, slug).toBe("cover");
    const { box } = geometry;
    const scale = Math.max(box.width / geometry.naturalWidth, box.height / geometry.naturalHeight);
    const [drawnW, drawnH] = [geometry.naturalWidth * scale, geometry.naturalHeight * scale];
    const [px, py] = geometry.position.split(/\s+/).map((v, i) => {
      const free = i === 0 ? box.width - drawnW : box.height - drawnH;
      return v.endsWith("%") ? (free * parseFloat(v)) / 100 : parseFloat(v);
    });
    const shown = { left: -px / scale, top: -py / scale, right: (box.width - px) / scale, bottom: (box.height - py) / scale };
    for (const l of letters) {
      expect(l.y, `${slug}: "${l.text}" top within the shown part ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(shown.top);
      expect(l.y + l.height, `${slug}: "${l.text}" bottom within the shown part ${JSON.stringify(shown)}`).toBeLessThanOrEqual(shown.bottom);
      expect(l.x, `${slug}: "${l.text}" left`).toBeGreaterThanOrEqual(shown.left);
      expect(l.x + l.width, `${slug}: "${l.text}" right`).toBeLessThanOrEqual(shown.right);
    }
    // Not flush: room above (the site header) and below (the logo).
    expect(box.y - geometry.headerBottom, `${slug}: gap to the header`).toBeGreaterThanOrEqual(8);
    if (geometry.logoTop !== null) expect(geometry.logoTop - (box.y + box.height), `${slug}: gap to the logo`).toBeGreaterThanOrEqual(8);
    checked++;
  }
  expect(checked, "menus showing their demo banner").toBeGreaterThanOrEqual(10);
  await page.context().close();
});
