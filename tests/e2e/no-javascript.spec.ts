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

  test("the 404 Markdown twin has no made-up date", async ({ request }) => {
    const res = await request.get(`${baseUrl()}/no-such-page.md`);
    expect(res.status()).toBe(404);
    const text = await res.text();
    expect(text).toMatch(/^---\ntitle: "Page not found"/);
    expect(text).not.toContain("1970-01-01");
    expect(text).not.toMatch(/^updated:/m);
  });
});
