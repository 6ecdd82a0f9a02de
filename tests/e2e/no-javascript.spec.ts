// Pages as crawlers, text browsers and no-JS readers get them: Chromium with JavaScript off.
// Issue 15.1: the 404 page was an empty "__next_error__" shell whose text existed only in the
// client render payload.
import { expect, test } from "@playwright/test";
// (axe needs JavaScript in the page: the 404 page is checked by axe in pages.spec.ts.)
import { baseUrl } from "./helpers";

test.use({ javaScriptEnabled: false });

test.describe("without JavaScript", () => {
  for (const path of ["/no-such-page", "/no-such-restaurant", "/draft-hofbraeu-keller", "/locations/atlantis"]) {
    test(`the 404 page is readable: ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()["x-render-cache"]).toBeUndefined();
      expect(response?.headers()["cache-control"]).toBe("no-store");
      const html = await response!.text();
      expect(html).not.toContain('id="__next_error__"');
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page).toHaveTitle(/Page not found/);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByText("There is no published page at this address.")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      // Styled: the site stylesheet is linked and applied (the header is not the browser default).
      expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
      const headerBackground = await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(headerBackground).not.toBe("rgba(0, 0, 0, 0)");
      // The search form works without a script: it submits to /search.
      await page.getByLabel("Search restaurants").fill("zunfthaus");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/search\?q=zunfthaus/);
      await expect(page.getByRole("link", { name: /Zunfthaus am See/ }).first()).toBeVisible();
    });
  }

  test("the dish search form submits without a script: checkboxes, price, and the results the API lists", async ({ page, request }) => {
    await page.goto("/dishes");
    await expect(page.getByText(/not a guarantee/).first()).toBeVisible();
    const form = page.getByRole("search", { name: "Dish search" });
    await form.getByLabel("City", { exact: true }).selectOption("zurich");
    await form.getByRole("checkbox", { name: "Vegan", exact: true }).check();
    // The allergens are folded under one line (a native disclosure: it opens without a script).
    await form.getByText("Leave out allergens").click();
    await form.getByRole("checkbox", { name: "Nuts", exact: true }).check();
    await form.getByRole("checkbox", { name: "Milk (including lactose)" }).check();
    await form.getByLabel("At most").fill("30");
    await form.getByLabel(/^Currency/).fill("CHF");
    await form.getByRole("button", { name: "Search dishes" }).click();
    await expect(page).toHaveURL(/\/dishes\?/);
    const sent = new URL(page.url()).searchParams;
    expect(sent.get("city")).toBe("zurich");
    expect(sent.getAll("excludeAllergens")).toEqual(["milk", "nuts"]);
    // The results come first; the form, folded above them, shows the filters it applied, ticked again.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Vegan dishes in Zurich without milk \(including lactose\) and nuts, up to CHF.30\.00$/);
    await page.getByText("Change the search").click();
    await expect(page.getByRole("checkbox", { name: "Nuts", exact: true })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Vegan", exact: true })).toBeChecked();
    const api = await (await request.get(`${baseUrl()}/api/public/dishes?city=zurich&diet=vegan&excludeAllergens=milk,nuts&maxPrice=30&currency=CHF`)).json();
    expect(api.results.length).toBeGreaterThan(0);
    // Each in the searcher's language: its English translation when the menu has one (issue 47.7).
    await expect(page.locator("a.dish-link")).toHaveText(api.results.map((r: { name: string; translations: Record<string, { name: string }> }) => r.translations.en?.name ?? r.name));
    // A dish link opens the menu page at the dish.
    const href = await page.locator("a.dish-link").first().getAttribute("href");
    expect(href).toBe(new URL(api.results[0].url).pathname + new URL(api.results[0].url).hash);
  });

  test("a price without a currency shows the reason on the page", async ({ page }) => {
    await page.goto("/dishes");
    await page.getByLabel("At most").fill("12");
    await page.getByRole("button", { name: "Search dishes" }).click();
    await expect(page.getByRole("alert")).toContainText("needs currency");
  });

  test("the 404 Markdown twin has no made-up date", async ({ request }) => {
    const res = await request.get(`${baseUrl()}/no-such-page.md`);
    expect(res.status()).toBe(404);
    const text = await res.text();
    expect(text).toMatch(/^---\ntitle: "Page not found"/);
    expect(text).not.toContain("1970-01-01");
    expect(text).not.toMatch(/^updated:/m);
  });
});
