// Issue 47.10: the diner's allergies and diet, remembered on the device. Hidden on one menu, they
// are applied to the next menu opened and said there in that menu's language, with "show all"
// (this page, this visit) and "forget" (the device forgets); nothing goes into the address, and
// without JavaScript the full menu is shown. Demo menus in sv, es, pt-BR, pl, ja and de.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { baseUrl, watchPage } from "./helpers";

const SIZES = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

/** The menu's dishes, and those without the allergen (from the API, not the page). */
async function dishCounts(slug: string, allergen: string): Promise<{ all: number; without: number }> {
  const menu = (await (await fetch(`${baseUrl()}/api/public/restaurants/${slug}`)).json()) as { categories: { items: { allergens: (string | { code: string })[] }[] }[] };
  const items = menu.categories.flatMap((c) => c.items);
  const codes = (i: (typeof items)[number]) => i.allergens.map((a) => (typeof a === "string" ? a : a.code));
  return { all: items.length, without: items.filter((i) => !codes(i).includes(allergen)).length };
}

const visibleDishes = (page: Page) => page.locator(".dish:visible").count();

async function newContext(browser: Browser, size: (typeof SIZES)[number], options: Parameters<Browser["newContext"]>[0] = {}) {
  return browser.newContext({ ...size, baseURL: baseUrl(), locale: "en-GB", ...options });
}

// What each menu says when it opens with the filter set on the Swedish one.
const NEXT_MENUS = [
  { slug: "la-alacena", says: "Ocultando platos con cereales que contengan gluten (guardado en este dispositivo)" },
  { slug: "boteco-jabuticaba", says: "Ocultando pratos com cereais que contêm glúten (salvo neste dispositivo)" },
  { slug: "pod-zlotym-jeleniem", says: "Ukryte alergeny: zboża zawierające gluten (zapisane na tym urządzeniu)" },
  { slug: "kappo-aoi", says: "非表示のアレルゲン：グルテンを含む穀類 （この端末に保存）" },
  { slug: "forno-rosso-muenchen", says: "Ausgeblendete Allergene: Glutenhaltiges Getreide (auf diesem Gerät gespeichert)" },
];

for (const size of SIZES) {
  test(`set on one menu, applied and labelled on the next, show all and forget, at ${size.viewport.width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const watch = await watchPage(page);

    // Hidden on the Swedish menu with a chip.
    await page.goto("/lindqvists-matsal");
    await expect(page.locator(".filter-saved")).toHaveCount(0);
    await page.locator(".menu-filter summary").click();
    await page.getByLabel("Spannmål som innehåller gluten").check();
    const sv = await dishCounts("lindqvists-matsal", "gluten");
    await expect.poll(() => visibleDishes(page)).toBe(sv.without);

    for (const next of NEXT_MENUS) {
      const counts = await dishCounts(next.slug, "gluten");
      expect(counts.without, next.slug).toBeLessThan(counts.all);
      await page.goto(`/${next.slug}`);
      const notice = page.locator(".filter-saved");
      await expect(notice, next.slug).toBeVisible();
      await expect(notice.locator(".filter-saved-text")).toHaveText(next.says);
      await expect.poll(() => visibleDishes(page), next.slug).toBe(counts.without);
      // Said before the dishes, and kept out of the address (a shared link carries no allergy).
      expect((await notice.boundingBox())!.y).toBeLessThan((await page.locator(".dish:visible").first().boundingBox())!.y);
      await expect(page).toHaveURL(new RegExp(`/${next.slug}$`));
    }

    // "Show all": this page unfiltered, also after a reload; the next menu still filtered.
    const de = await dishCounts("forno-rosso-muenchen", "gluten");
    await page.getByRole("button", { name: "Alle zeigen" }).click();
    await expect(page.locator(".filter-saved")).toHaveCount(0);
    await expect.poll(() => visibleDishes(page)).toBe(de.all);
    await page.reload();
    await expect(page.locator(".menu-filter-wrap")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".filter-saved")).toHaveCount(0);
    expect(await visibleDishes(page)).toBe(de.all);

    // "Forget": the device forgets; the next menu opens unfiltered.
    await page.goto("/kappo-aoi");
    await expect(page.locator(".filter-saved")).toBeVisible();
    await page.getByRole("button", { name: "保存を削除" }).click();
    await expect.poll(() => visibleDishes(page)).toBe((await dishCounts("kappo-aoi", "gluten")).all);
    expect(await page.evaluate(() => window.localStorage.getItem("menu-service:filter"))).toBeNull();
    await page.goto("/tawerna-bursztyn");
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".filter-saved")).toHaveCount(0);
    expect(await visibleDishes(page)).toBe((await dishCounts("tawerna-bursztyn", "gluten")).all);

    expect(await watch.violations()).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
}

test("a diet is remembered too, and without JavaScript the full menu is shown", async ({ browser }) => {
  const context = await newContext(browser, SIZES[0]);
  const page = await context.newPage();
  await page.goto("/la-alacena");
  await page.locator(".menu-filter summary").click();
  await page.getByLabel("Vegetariano").check();
  await page.goto("/pod-zlotym-jeleniem/en");
  await expect(page.locator(".filter-saved-text")).toHaveText("Only: Vegetarian (kept on this device)");
  const state = await context.storageState();
  await context.close();

  // The same device's storage, scripts off: nothing can read it, every dish is there.
  const noJs = await newContext(browser, SIZES[0], { javaScriptEnabled: false, storageState: state });
  const plain = await noJs.newPage();
  await plain.goto("/pod-zlotym-jeleniem/en");
  await expect(plain.locator(".filter-saved")).toHaveCount(0);
  expect(await visibleDishes(plain)).toBe((await dishCounts("pod-zlotym-jeleniem", "gluten")).all);
  await noJs.close();
});
