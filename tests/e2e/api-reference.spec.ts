// Issue 15.4: the API reference (/docs/api, Swagger UI) passes axe with no critical or serious
// violation, like every other page: collapsed, and with operations and schemas opened.
import { expect, test } from "@playwright/test";
import { expectAccessible, watchPage } from "./helpers";

test("axe and CSP: /docs/api, collapsed and expanded", async ({ page }) => {
  // Two axe runs over the whole reference: 20 s on an idle machine, over a minute on a busy one.
  test.setTimeout(180_000);
  const watch = await watchPage(page);
  const response = await page.goto("/docs/api");
  expect(response?.status()).toBe(200);
  await page.waitForSelector("#swagger-ui[data-ready='true'] .opblock", { timeout: 30_000 });
  await expectAccessible(page, "/docs/api");
  // One main landmark, not nested in another.
  expect(await page.locator("main").count()).toBe(1);
  await expect(page.getByRole("combobox", { name: "Server" })).toBeVisible();

  for (const id of ["operations-Restaurants-searchRestaurants", "operations-Tools-calculateFoodCostFromIngredients"]) {
    await page.locator(`#${id} .opblock-summary-control`).click();
    await expect(page.locator(`#${id} .opblock-body`)).toBeVisible();
  }
  await page.locator(".models-control").click();
  await page.waitForTimeout(500);
  await expectAccessible(page, "/docs/api (expanded)");
  expect(await watch.violations()).toEqual([]);
});
