// Issue 15.8, then issue 25.1: on a 390 px phone the menu itself starts on the first screen (issue
// 25 replaced the "jump to the menu" link of 15.8 by putting the dishes first). Contact and hours
// are still on the page, after the menu, and each section is one tap away in the sticky bar.
import { expect, test } from "@playwright/test";
import { watchPage } from "./helpers";

const MENU = "/zunfthaus-am-see";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`on a phone (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ ...PHONE, javaScriptEnabled });

    test("the menu heading is on the first screen; contact and hours follow the menu, nothing removed", async ({ page }) => {
      if (javaScriptEnabled) await watchPage(page);
      await page.goto(MENU);
      const heading = page.getByRole("heading", { level: 2, name: "Speisekarte" });
      const box = (await heading.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      for (const name of ["Kontakt", "Öffnungszeiten"]) {
        const other = page.getByRole("heading", { level: 2, name });
        await expect(other).toBeAttached();
        expect((await other.boundingBox())!.y).toBeGreaterThan(box.y);
      }
    });

    test("each section is one tap away", async ({ page }) => {
      await page.goto(MENU);
      await page.getByRole("navigation", { name: "Abschnitte der Speisekarte" }).getByRole("link", { name: "Hauptgänge" }).click();
      const section = page.getByRole("heading", { level: 3, name: "Hauptgänge" });
      await expect.poll(async () => (await section.boundingBox())!.y).toBeLessThan(140);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
