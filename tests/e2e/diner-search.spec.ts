// Issue 25, points 5 and 8 in the browser, at 390×844 and 1280×800 (one page load serves several
// checks; tests/http/diner-search.test.ts checks the server-rendered content in depth):
// 5. the site header shows every link whole; the home search box finds dishes and restaurants
//    ("vegan berlin"); /dishes fits a phone and shows the results first after a search, stated in
//    words; "Near me" fills the near parameter from the browser's location (JavaScript on) and is
//    not shown without JavaScript; axe and the CSP on the search pages;
// 8. listing cards show open now, a price indication and a photo;
// 6. labels in the menu's language (JavaScript off), and on the bare URL a one-tap switch to the
//    visitor's language when the menu has it (JavaScript on; no redirect, nothing shifts).
import { expect, test, type Browser } from "@playwright/test";
import { baseUrl, expectAccessible, trackLayoutShift, watchPage } from "./helpers";

const SIZES = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

function newContext(browser: Browser, size: (typeof SIZES)[number], options: Parameters<Browser["newContext"]>[0] = {}) {
  return browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch, baseURL: baseUrl(), locale: "en-GB", ...options });
}

for (const size of SIZES) {
  const at = `${size.viewport.width} px`;

  test(`the home search finds dishes and restaurants, the header shows every link whole, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const watch = await watchPage(page);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Site" });
    for (const name of ["Restaurants", "Dishes", "Locations", "Cuisines"]) {
      const box = (await nav.getByRole("link", { name, exact: true }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} is not cut off`).toBeLessThanOrEqual(size.viewport.width);
    }
    await expect(nav.getByRole("link", { name: "Dishes", exact: true })).toHaveAttribute("href", "/dishes");
    await page.getByLabel("Restaurant, dish or keyword").fill("vegan berlin");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=vegan\+berlin/);
    const dishes = page.getByRole("region", { name: /^Vegan dishes in Berlin: \d+ dishes$/ });
    await expect(dishes).toBeVisible();
    await expect(dishes.locator(".dish-result").first()).toContainText(/Berlin, Germany/);
    await expect(page.getByRole("link", { name: "Ramen Kaze" }).first()).toBeVisible();
    // Results start on the first screen: the form is compact (near and open now folded).
    const first = (await page.locator("#results-heading, #dish-results-heading").first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(size.viewport.height);
    await expectAccessible(page, `/search?q=vegan+berlin at ${at}`);
    // A dish word alone: the dishes, though no restaurant's name or description has it.
    await page.goto("/search?q=karaage");
    await expect(page.locator("#dish-results-heading")).toHaveText(/Dishes matching “karaage”: 2 dishes/);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  test(`/dishes fits the screen, results first after a search, near me from the browser's location, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size, { geolocation: { latitude: 52.5219, longitude: 13.4132 }, permissions: ["geolocation"] });
    const page = await context.newPage();
    const watch = await watchPage(page);
    await page.goto("/dishes");
    const form = page.getByRole("search", { name: "Dish search" });
    // Today's form was ~2 300 px on a phone: now the whole form is about one screen.
    const formBox = (await form.boundingBox())!;
    expect(formBox.height).toBeLessThanOrEqual(size.viewport.width < 500 ? 780 : 420);
    // Desktop: no empty block before the first field (the fields start at the form's top).
    const q = (await form.getByLabel("Dish or ingredient").boundingBox())!;
    expect(q.y - formBox.y).toBeLessThan(40);
    await expectAccessible(page, `/dishes at ${at}`);
    await form.getByRole("checkbox", { name: "Vegan", exact: true }).check({ force: true });
    await form.getByLabel("City", { exact: true }).selectOption("berlin");
    await form.getByRole("button", { name: "Search dishes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vegan dishes in Berlin");
    const firstResult = (await page.locator(".dish-result").first().boundingBox())!;
    expect(firstResult.y, "the first result is on the first screen").toBeLessThan(size.viewport.height - 100);
    await expectAccessible(page, `/dishes?diet=vegan&city=berlin at ${at}`);
    // Near me: the browser's position becomes the near parameter, and the search is sent.
    await page.getByText("Change the search").click();
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page).toHaveURL(/near=52\.5219%2C13\.4132/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vegan dishes in Berlin within 5 km of 52.5219,13.4132");
    await expect(page.locator(".dish-result").first()).toContainText(/ (k?m) away/);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  test(`listing cards show open now, a price indication and a photo, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    await page.goto("/locations/germany/berlin", { waitUntil: "networkidle" });
    const card = page.locator(".card", { has: page.getByRole("link", { name: "Ramen Kaze" }) });
    await expect(card.locator(".open-status")).toHaveText(/^(Open|Closed)/);
    await expect(card.locator(".card-prices")).toHaveText(/^Most dishes €\d+–€\d+$/);
    const photo = card.locator("img.card-photo");
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page, `/locations/germany/berlin at ${at}`);
    await context.close();
  });
}

test("without JavaScript the Near me button is not offered, no raw coordinates box either, and the dish form still submits", async ({ browser }) => {
  const context = await newContext(browser, SIZES[0], { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/dishes");
  await expect(page.getByRole("button", { name: "Near me" })).toBeHidden();
  await expect(page.getByLabel(/latitude/i)).toHaveCount(0);
  await page.getByLabel("City", { exact: true }).selectOption("berlin");
  await page.getByRole("button", { name: "Search dishes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dishes in Berlin");
  // A point in the address (a shared link) is shown, with its radius and a way back.
  await page.goto("/dishes?near=52.5219,13.4132&radiusKm=2");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dishes within 2 km of 52.5219,13.4132");
  await page.getByText("Change the search").click();
  await expect(page.getByLabel("Within")).toHaveValue("2");
  await page.getByRole("link", { name: "Not near this point" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dish search");
  await context.close();
});

// Issue 47.7: a forgiving search — city names in every demo language, one typo forgiven, the
// dishes first when only dishes have the words, the searcher's language, results on the first
// screen, and a search on the menu page.
for (const size of SIZES) {
  const at = `${size.viewport.width} px`;

  test(`city names in any demo language or spelling find the city's restaurants, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const cases: [string, string][] = [
      ["京都", "Kappō Aoi"],
      ["Tokio", "Sumire Soba"],
      ["Koeln", "Grünzeug"],
      ["Köln", "Brauhaus Kranich"],
      ["Zurich", "Alpenstübli Nägeli"],
      ["Kolonia", "Grünzeug"],
    ];
    for (const [typed, restaurant] of cases) {
      await page.goto("/");
      await page.getByLabel("Restaurant, dish or keyword").fill(typed);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("link", { name: restaurant, exact: true }), typed).toBeVisible();
      const heading = (await page.locator("#results-heading").boundingBox())!;
      expect(heading.y + heading.height, `${typed}: the results start on the first screen`).toBeLessThanOrEqual(size.viewport.height);
    }
    await context.close();
  });

  test(`'karage' shows the karaage dishes on the first screen, first, in English, saying what it did, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const watch = await watchPage(page);
    await page.goto("/search?q=karage");
    await expect(page.locator(".corrected")).toHaveText("Nothing matches “karage”. Showing results for karaage.");
    const dishes = page.getByRole("region", { name: /^Dishes matching “karaage”: \d+ dishes$/ });
    const first = dishes.locator(".dish-result").first();
    await expect(first.locator(".dish-link")).toHaveText("Karaage");
    // The dishes, not "0 restaurants", come first, and start on the first screen.
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await expect(page.getByText("No restaurant matches")).toHaveCount(0);
    expect((await first.boundingBox())!.y, "the first dish is on the first screen").toBeLessThan(size.viewport.height - 150);
    await expectAccessible(page, `/search?q=karage at ${at}`);
    // The English name when the menu has one, the menu's own beside it.
    await page.goto("/dishes?q=tofu");
    const yudofu = page.locator(".dish-result", { has: page.getByText("湯豆腐") });
    await expect(yudofu.locator(".dish-link")).not.toHaveText("湯豆腐");
    await expect(yudofu.locator(".dish-original")).toHaveText("湯豆腐");
    expect((await page.locator(".dish-result").first().boundingBox())!.y, "the first dish is on the first screen").toBeLessThan(size.viewport.height - 150);
    await expectAccessible(page, `/dishes?q=tofu at ${at}`);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });

  test(`find a dish in this menu, in place, in the menu's language, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const watch = await watchPage(page);
    const cases: [string, string, string, RegExp, string][] = [
      // path, the field's label, a word, the count, "nothing matches" for "qqq"
      ["/ramen-kaze", "Gericht suchen", "gyoza", /^\d+ von 13 Gerichten$/, "Kein Gericht passt zu „qqq“"],
      ["/kappo-aoi", "料理を検索", "豆腐", /^9品中\d+品$/, "「qqq」に一致する料理はありません"],
      ["/baan-suda", "Sök en rätt", "curry", /^\d+ av 10 rätter$/, "Ingen rätt matchar ”qqq”"],
      ["/bar-mleczny-wisnia", "Szukaj dania", "pierogi", /^\d+ z 12 dań$/, "Żadne danie nie pasuje do „qqq”"],
      ["/bar-la-biznaga", "Buscar un plato", "tortilla", /^\d+ de 11 platos$/, "Ningún plato coincide con «qqq»"],
      ["/boteco-jabuticaba", "Procurar um prato", "pastel", /^\d+ de 12 pratos$/, "Nenhum prato corresponde a “qqq”"],
    ];
    for (const [path, label, word, count, none] of cases) {
      await page.goto(path);
      const field = page.getByRole("searchbox", { name: label });
      if (size.viewport.width < 640) {
        // A phone: the field waits behind a magnifier beside the filter pill, on the pill's row.
        await expect(field, path).toBeHidden();
        const magnifier = page.getByRole("button", { name: label });
        const pill = (await page.locator(".menu-filter > summary").boundingBox())!;
        const icon = (await magnifier.boundingBox())!;
        expect(Math.abs(icon.y + icon.height / 2 - (pill.y + pill.height / 2)), `${path}: the magnifier is on the pill's row`).toBeLessThan(4);
        await magnifier.click();
        await expect(field, path).toBeFocused();
      } else {
        await expect(page.getByRole("button", { name: label }), `${path}: no magnifier on a wide screen`).toBeHidden();
      }
      await expect(field, path).toBeVisible();
      await expect(page.locator(".menu-find-index"), `${path}: the index is for pages without JavaScript`).toBeHidden();
      await field.fill(word);
      await expect(page.locator(".menu-find-status"), path).toHaveText(count);
      const visible = await page.locator("#menu .dish:visible").allInnerTexts();
      expect(visible.length, `${path}: ${word}`).toBeGreaterThan(0);
      for (const text of visible) expect(text.toLocaleLowerCase(), path).toContain(word);
      await field.fill("qqq");
      await expect(page.locator(".menu-find-status"), path).toHaveText(none);
      await expect(page.locator("#menu .dish:visible")).toHaveCount(0);
      await page.locator(".menu-find").getByRole("button").click();
      await expect(field).toHaveValue("");
      expect(await page.locator("#menu .dish:visible").count(), path).toBeGreaterThan(5);
    }
    await expectAccessible(page, `/boteco-jabuticaba with the find field at ${at}`);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
}

test("without JavaScript the menu's dishes are found through an A–Z index of links to each", async ({ browser }) => {
  const context = await newContext(browser, SIZES[0], { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/ramen-kaze");
  await expect(page.getByRole("searchbox", { name: "Gericht suchen" })).toBeHidden();
  const index = page.locator(".menu-find-index");
  // On a phone its summary is a magnifier named by the words.
  await expect(index.locator("summary")).toHaveAccessibleName("Gerichte von A–Z");
  await index.locator("summary").click();
  await expect(index.getByText("Gerichte von A–Z")).toBeVisible();
  const links = index.getByRole("link");
  await expect(links).toHaveCount(13);
  const gyoza = index.getByRole("link", { name: /gyoza/i }).first();
  const target = await gyoza.getAttribute("href");
  await gyoza.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target!)).toBeInViewport();
  await context.close();
});

for (const size of SIZES) {
  const at = `${size.viewport.width} px`;
  test(`a Spanish visitor on the bare URL is offered the Spanish menu, without a redirect or a shift, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size, { locale: "es-ES" });
    const page = await context.newPage();
    const layoutShift = await trackLayoutShift(page);
    await page.goto("/izakaya-tomoshibi?diet=vegan", { waitUntil: "networkidle" });
    const hint = page.locator(".language-hint");
    await expect(hint.getByRole("link", { name: "Esta carta en español" })).toHaveAttribute("href", "/izakaya-tomoshibi/es?diet=vegan");
    await expect(hint).toHaveAttribute("lang", "es");
    expect(new URL(page.url()).pathname).toBe("/izakaya-tomoshibi");
    expect(await layoutShift()).toBeLessThan(0.01);
    await expectAccessible(page, `/izakaya-tomoshibi with the hint at ${at}`);
    await hint.getByRole("button", { name: "Cerrar" }).click();
    await expect(hint).toHaveCount(0);
    // A visitor whose first language is the page's gets no hint.
    const english = await newContext(browser, size, { locale: "en-GB" });
    const other = await english.newPage();
    await other.goto("/izakaya-tomoshibi", { waitUntil: "networkidle" });
    await expect(other.locator(".language-hint")).toHaveCount(0);
    await english.close();
    await context.close();
  });
}

// Issue 25.6: the city, like the country and the cuisine, in the page's language — on the menu
// page (its kind line and address), the city page's heading and its listing cards.
for (const size of SIZES) {
  const at = `${size.viewport.width} px`;
  test(`city names follow the page's language, whole on the screen, at ${at}`, async ({ browser }) => {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const watch = await watchPage(page);
    const kind = page.locator(".restaurant-kind");
    const cases: [string, string, RegExp][] = [
      // Japanese joins the city and its country with 、; a US address names the city before the ZIP code (issue 47.8).
      ["/izakaya-tomoshibi/ja", "日本料理 · ニューヨーク、アメリカ合衆国", /ニューヨーク 10003, アメリカ合衆国/],
      ["/izakaya-tomoshibi", "Japanese · New York, United States", /New York 10003, United States/],
      ["/forno-rosso-muenchen/en", "Italian · Munich, Germany", /80\d{3} Munich, Germany/],
      ["/forno-rosso-muenchen/it", "Italiana · Monaco di Baviera, Germania", /80\d{3} Monaco di Baviera, Germania/],
      ["/forno-rosso-muenchen", "Italienisch · München, Deutschland", /80\d{3} München, Deutschland/],
    ];
    for (const [path, line, address] of cases) {
      await page.goto(path);
      await expect(kind, path).toHaveText(line);
      // Nothing to mark: every demo city has its name in every language of the demo menus.
      await expect(kind.locator("[lang]"), path).toHaveCount(0);
      const box = (await kind.boundingBox())!;
      expect(box.x + box.width, `${path}: the line fits`).toBeLessThanOrEqual(size.viewport.width);
      await expect(page.locator("main"), path).toContainText(address);
    }
    await page.goto("/locations/germany/munich");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restaurants in Munich, Germany");
    await expect(page).toHaveTitle(/^Restaurants in Munich, Germany/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Germany › Munich");
    const cards = page.locator(".card-meta");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allTextContents()) expect(text).toContain("Munich, Germany");
    await expectAccessible(page, `/locations/germany/munich at ${at}`);
    expect(await watch.violations()).toEqual([]);
    await context.close();
  });
}

test("without JavaScript: the Japanese menu's labels are Japanese, the owner's English marked, and no hint", async ({ browser }) => {
  const context = await newContext(browser, SIZES[0], { javaScriptEnabled: false, locale: "ja-JP" });
  const page = await context.newPage();
  await page.goto("/izakaya-tomoshibi/ja");
  await expect(page.locator(".restaurant-kind")).toHaveText("日本料理 · ニューヨーク、アメリカ合衆国");
  await expect(page.locator(".flag-badge").first()).toHaveText("一番人気");
  await expect(page.locator('.variants span[lang="en"]', { hasText: "Glass" })).toHaveCount(1);
  await page.goto("/izakaya-tomoshibi");
  await expect(page.locator(".language-hint")).toHaveCount(0);
  await context.close();
});
