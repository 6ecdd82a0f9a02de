// Issue 15.8: on a 390 px phone the menu of a restaurant starts more than a screen down, below
// contact and opening hours. A direct way to it is in the first screen, and nothing above it is lost.
import { expect, test } from "@playwright/test";
import { watchPage } from "./helpers";

const MENU = "/zunfthaus-am-see";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`on a phone (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ ...PHONE, javaScriptEnabled });

    test("the first screen has a link to the menu, which leads to it; contact and hours stay above", async ({ page }) => {
      if (javaScriptEnabled) await watchPage(page);
      await page.goto(MENU);
      const jump = page.getByRole("link", { name: "Zur Speisekarte" });
      const box = (await jump.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      const heading = page.getByRole("heading", { level: 2, name: "Speisekarte" });
      expect((await heading.boundingBox())!.y).toBeGreaterThan(844);

      await jump.click();
      await expect(page).toHaveURL(/#menu$/);
      await expect.poll(async () => (await heading.boundingBox())!.y).toBeLessThan(120);
      await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(0);

      // Nothing above the menu was removed or hidden.
      for (const name of ["Kontakt", "Öffnungszeiten"]) await expect(page.getByRole("heading", { level: 2, name })).toBeAttached();
      const contactY = (await page.getByRole("heading", { level: 2, name: "Kontakt" }).boundingBox())!.y;
      expect(contactY).toBeLessThan((await heading.boundingBox())!.y);
    });

    test("each section is one tap away", async ({ page }) => {
      await page.goto(MENU);
      await page.getByRole("navigation", { name: "Speisekarte" }).getByRole("link", { name: "Hauptgänge" }).click();
      const section = page.getByRole("heading", { level: 3, name: "Hauptgänge" });
      await expect.poll(async () => (await section.boundingBox())!.y).toBeLessThan(120);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
