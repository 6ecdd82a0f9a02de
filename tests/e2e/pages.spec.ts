// What a diner (and an agent following links) does with the public pages, in Chromium:
// home → search → menu → language → allergen filter → Markdown twin; plus accessibility (axe),
// the Content-Security-Policy holding with zero violations, and no layout shift.
// Fixture: tests/fixtures/menus.json (zunfthaus-am-see: CHF, de/en/fr, a hidden category, an
// unavailable dish).
import { expect, test, type Page } from "@playwright/test";
import { withoutOpenStatus } from "../support/markdown";
import { baseUrl, expectAccessible, trackLayoutShift, watchPage } from "./helpers";

const MENU = "/zunfthaus-am-see";

async function dishNames(page: Page): Promise<string[]> {
  return page.locator(".dish:visible .dish-name").allInnerTexts();
}

test.describe("public pages in a browser", () => {
  test("home: search form, featured restaurants, countries and cuisines", async ({ page }) => {
    const watch = await watchPage(page);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["vary"]).toMatch(/\baccept\b/i);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("search")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Featured restaurants" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Countries" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Switzerland" }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cuisines" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Swiss", exact: true }).first()).toBeVisible();
    expect(await watch.violations()).toEqual([]);
  });

  test("search: the form finds a restaurant and leads to its menu", async ({ page }) => {
    const watch = await watchPage(page);
    await page.goto("/");
    await page.getByLabel("Restaurant, dish or keyword").fill("zunfthaus");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=zunfthaus/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("zunfthaus");
    const result = page.getByRole("link", { name: "Zunfthaus am See" });
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(new RegExp(`${MENU}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Zunfthaus am See" })).toBeVisible();
    expect(await watch.violations()).toEqual([]);
  });

  test("menu: prices, unavailable dish, hidden category absent, today marked", async ({ page }) => {
    const watch = await watchPage(page);
    await page.goto(MENU);
    await expect(page.getByRole("heading", { level: 3, name: "Vorspeisen" })).toBeVisible();
    expect(await dishNames(page)).toEqual(["Bündner Gerstensuppe", "Tatar vom Rind", "Zürcher Geschnetzeltes", "Egli-Filets"]);
    const tatar = page.locator(".dish", { hasText: "Tatar vom Rind" });
    // The labels are German, like the menu (issue 15.3).
    await expect(tatar.getByText("Derzeit nicht verfügbar")).toBeVisible();
    await expect(tatar).toContainText("Klein");
    const soup = page.locator(".dish", { hasText: "Bündner Gerstensuppe" });
    // Swiss prices in the Swiss format, in German too (issue 25.7).
    await expect(soup.locator(".price").first()).toHaveText(/^CHF\s14\.50$/);
    await expect(soup.locator(".compare-at")).toHaveText(/^CHF\s16\.00$/);
    await expect(soup).toContainText("Bestseller");
    await expect(soup).toContainText("Milch (einschließlich Laktose)");
    await expect(page.locator("body")).not.toContainText("PRIVATE-MARKER");
    // Today is the restaurant's today, in Zürich (issue 25.3), whatever the browser's zone.
    const today = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
      .map((d) => d.toLowerCase())
      [["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Zurich", weekday: "short" }).format(new Date()))];
    await expect(page.locator(`.hours tr[data-day="${today}"]`)).toHaveAttribute("aria-current", "date");
    await expect(page.locator('.hours tr[aria-current="date"]')).toHaveCount(1);
    // Structured data parses and carries the menu.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("Restaurant");
    expect([jsonLd.hasMenu.hasMenuSection[0].hasMenuItem[0].offers].flat()[0]).toMatchObject({ price: "14.50", priceCurrency: "CHF" });
    expect(await watch.violations()).toEqual([]);
  });

  test("language switcher: hreflang links, the menu in English and French", async ({ page }) => {
    const watch = await watchPage(page);
    await page.goto(MENU);
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute("href", /\/zunfthaus-am-see\/fr$/);
    // This en-GB browser is first offered English in the switcher's place (issue 47.6); × brings the switcher back.
    await page.locator(".language-hint-close").click();
    const switcher = page.getByRole("navigation", { name: "Sprache der Speisekarte" });
    await expect(switcher.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "page");
    await switcher.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(new RegExp(`${MENU}/en$`));
    await expect(page.getByRole("heading", { level: 3, name: "Starters" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 4, name: "Grisons barley soup" })).toBeVisible();
    await expect(page.locator(".dish", { hasText: "Grisons barley soup" }).locator(".price").first()).toContainText("CHF 14.50");
    await page.getByRole("navigation", { name: "Menu language" }).getByRole("link", { name: "Français" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Heures d’ouverture" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${MENU}/fr$`));
    await expect(page.getByRole("heading", { level: 3, name: "Entrées" })).toBeVisible();
    await expect(page.locator("section.menu")).toHaveAttribute("lang", "fr");
    expect(await watch.violations()).toEqual([]);
  });

  test("allergen and diet filter hides exactly the dishes that do not fit", async ({ page }) => {
    const watch = await watchPage(page);
    await page.goto(MENU);
    await page.getByText("Allergie- und Ernährungsfilter").click();
    const status = page.locator(".filter-status");
    await expect(status).toHaveText("Alle 4 Gerichte werden angezeigt.");

    await page.getByLabel("Milch (einschließlich Laktose)").check();
    expect(await dishNames(page)).toEqual(["Tatar vom Rind"]);
    await expect(status).toHaveText("1 von 4 Gerichten angezeigt; 3 durch den Filter ausgeblendet.");
    // A section whose every dish is hidden disappears with them.
    await expect(page.getByRole("heading", { level: 3, name: "Hauptgänge" })).toBeHidden();

    await page.getByLabel("Milch (einschließlich Laktose)").uncheck();
    await page.getByLabel("Fische").check();
    expect(await dishNames(page)).toEqual(["Bündner Gerstensuppe", "Tatar vom Rind", "Zürcher Geschnetzeltes"]);

    await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
    expect(await dishNames(page)).toHaveLength(4);

    await page.getByLabel("Glutenfrei").check();
    expect(await dishNames(page)).toEqual(["Tatar vom Rind"]);
    await page.getByLabel("Alle", { exact: true }).check();
    await page.getByLabel("Derzeit nicht verfügbare Gerichte ausblenden").check();
    expect(await dishNames(page)).toEqual(["Bündner Gerstensuppe", "Zürcher Geschnetzeltes", "Egli-Filets"]);
    expect(await watch.violations()).toEqual([]);
  });

  test("the Markdown twin: declared in the head, linked in the page, same URL with Accept", async ({ page, request }) => {
    await watchPage(page);
    await page.goto(MENU);
    const alternate = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute("href");
    expect(alternate).toBe(`${baseUrl()}${MENU}.md`);
    // Out of the diner's way (issue 25.7): folded under "For developers and agents", in the menu's language (issue 47.1).
    await expect(page.getByRole("link", { name: "Diese Seite als Markdown" })).toBeHidden();
    await page.locator(".site-footer summary").click();
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`${MENU}.md`)), page.getByRole("link", { name: "Diese Seite als Markdown" }).click()]);
    expect(response.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    const twin = await response.text();
    expect(twin).toMatch(/^---\ntitle: /);
    expect(twin).toContain("\n# Zunfthaus am See\n");
    const negotiated = await request.get(MENU, { headers: { Accept: "text/markdown" } });
    expect(negotiated.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(withoutOpenStatus(await negotiated.text())).toBe(withoutOpenStatus(twin));
  });

  test("no layout shift while a menu page loads and today is marked", async ({ page }) => {
    await watchPage(page);
    const layoutShift = await trackLayoutShift(page);
    await page.goto(MENU, { waitUntil: "networkidle" });
    await expect(page.locator('.hours tr[aria-current="date"]')).toHaveCount(1);
    await page.waitForTimeout(300);
    const cls = await layoutShift();
    expect(cls).toBeLessThan(0.01);
  });

  test("mobile: nothing wider than the screen", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, baseURL: baseUrl() });
    const page = await context.newPage();
    await watchPage(page);
    for (const path of ["/", MENU, "/plans", "/developers", "/search", "/dishes"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

test.describe("accessibility and CSP of the main pages", () => {
  const pages = [
    "/",
    "/search?q=zunfthaus",
    "/dishes?city=zurich&excludeAllergens=nuts",
    "/dishes?excludeAllergens=peanut",
    MENU,
    `${MENU}/fr`,
    "/sushi-kaze",
    "/locations",
    "/locations/switzerland",
    "/locations/switzerland/zurich",
    "/cuisines",
    "/cuisines/swiss",
    "/plans",
    "/developers",
    "/no-such-restaurant",
  ];
  for (const path of pages) {
    test(`axe and CSP: ${path}`, async ({ page }) => {
      const watch = await watchPage(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(path === "/no-such-restaurant" ? 404 : 200);
      expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      if (path === MENU) await page.getByText("Allergie- und Ernährungsfilter").click();
      await expectAccessible(page, path);
      expect(await watch.violations()).toEqual([]);
    });
  }
});
