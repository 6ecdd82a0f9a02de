// Issue 47, point 11: menus that open offline (public/sw.js, app/_components/offline-copy.tsx), in
// Chromium at 390×844 and 1280×800. A menu opened once opens again with no network, saying when its
// copy was saved, in the menu's language; a menu never opened gets a page saying so in the menu's
// language; whenever the network answers, the diner gets the network's page, never the copy; /api,
// Markdown and non-200 answers are never kept; a new worker leaves no old cache behind.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { baseUrl } from "./helpers";

const SIZES = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

async function open(browser: Browser, size: (typeof SIZES)[number]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...size, baseURL: baseUrl(), locale: "en-GB", serviceWorkers: "allow" });
  return { context, page: await context.newPage() };
}

/** Waits until the page at `path` is in the browser's Cache Storage (kept by the worker). */
async function waitUntilKept(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), new URL(path, baseUrl()).href), { message: `${path} kept`, timeout: 15_000 })
    .toBe(true);
}

/** Every URL in the browser's Cache Storage for this origin; `html`: only those holding an HTML page. */
function cachedUrls(page: Page, options: { html?: boolean } = {}): Promise<string[]> {
  return page.evaluate(async (htmlOnly) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const type = (await cache.match(request))?.headers.get("Content-Type") ?? "";
        if (!htmlOnly || type.startsWith("text/html")) urls.push(request.url);
      }
    }
    return urls;
  }, options.html ?? false);
}

/** "29 November 2026" written by hand for the languages used here (not by the code under test's Intl call). */
function longDate(date: Date, lang: "ja" | "pt-BR"): string {
  const [y, m, d] = [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  if (lang === "ja") return `${y}年${m}月${d}日`;
  const ptMonths = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
  return `${d} de ${ptMonths[m - 1]} de ${y}`;
}

for (const size of SIZES) {
  const at = `${size.viewport.width}×${size.viewport.height}`;

  test(`a menu opened once opens offline with the date of its copy; online again, the network's page (${at})`, async ({ browser }) => {
    const { context, page } = await open(browser, size);
    const openedAt = new Date();
    expect((await page.goto("/kappo-aoi"))?.status()).toBe(200);
    await expect(page.locator(".offline-note")).toHaveCount(0);
    await waitUntilKept(page, "/kappo-aoi");

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator("h1")).toHaveText("Kappō Aoi");
    await expect(page.locator(".dish").first()).toBeVisible();
    const note = page.locator(".offline-note");
    await expect(note).toBeVisible();
    await expect(note).toHaveAttribute("lang", "ja");
    await expect(note).toContainText("オフラインです");
    await expect(note).toContainText(longDate(openedAt, "ja"));
    // On the first screen, not below the fold.
    const box = await note.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(size.viewport.height);
    await page.screenshot({ path: `test-results/offline-copy-${size.viewport.width}.png` });

    // Back online: the network answers, so its page is shown — here one that differs from the copy.
    await context.setOffline(false);
    // (marked by an attribute, which hydration leaves as it is)
    await context.route("**/kappo-aoi", async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers["content-length"];
      await route.fulfill({ response, headers, body: (await response.text()).replace("<h1 ", '<h1 data-answer="fresh" ') });
    });
    await page.reload();
    await expect(page.locator("h1")).toHaveAttribute("data-answer", "fresh");
    await expect(page.locator(".offline-note")).toHaveCount(0);
    await context.unroute("**/kappo-aoi");
    // …and that fresh answer replaced the copy.
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator(".offline-note")).toBeVisible();
    await expect(page.locator("h1")).toHaveAttribute("data-answer", "fresh");
    await context.close();
  });

  test(`a menu never opened gets a page in the menu's language; a taken-down menu is not kept (${at})`, async ({ browser }) => {
    const { context, page } = await open(browser, size);
    await page.goto("/kappo-aoi");
    await waitUntilKept(page, "/kappo-aoi");
    await page.goto("/boteco-jabuticaba");
    await waitUntilKept(page, "/boteco-jabuticaba");

    await context.setOffline(true);
    // /izakaya-tomoshibi/ja: never opened; Japanese by its address although the last menu was pt-BR.
    const ja = await page.goto("/izakaya-tomoshibi/ja");
    expect(ja?.status()).toBe(503);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.locator("h1")).toHaveText("オフラインです");
    await expect(page.locator("main")).toContainText("このメニューはこの端末でまだ開かれていない");
    // The saved menus, newest first, each a link that opens it.
    await expect(page.locator("main li a")).toHaveText(["Boteco Jabuticaba – Cardápio", "Kappō Aoi – メニュー"]);
    await page.screenshot({ path: `test-results/offline-never-opened-${size.viewport.width}.png` });
    // A bare address names no language: the words of the last menu opened (pt-BR).
    await page.goto("/izakaya-tomoshibi");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.locator("h1")).toHaveText("Você está sem conexão");
    await expect(page.locator("main")).toContainText(longDate(new Date(), "pt-BR"));
    await page.locator("main li a", { hasText: "Kappō Aoi" }).click();
    await expect(page.locator(".offline-note")).toContainText("オフラインです");

    // Online, the menu is taken down (404): the copy goes, and offline it is not served again.
    await context.setOffline(false);
    await context.route("**/boteco-jabuticaba", (route) => route.fulfill({ status: 404, contentType: "text/html", body: "<!doctype html><title>Gone</title><h1>Gone</h1>" }));
    expect((await page.goto("/boteco-jabuticaba"))?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Gone");
    await context.unroute("**/boteco-jabuticaba");
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), `${baseUrl()}/boteco-jabuticaba`)).toBe(false);
    await context.setOffline(true);
    // (a reload: a plain visit could be answered by the browser's HTTP cache, which holds the
    // earlier 200 for its max-age of a minute)
    expect((await page.reload())?.status()).toBe(503);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await context.close();
  });
}

/** The offline line's first words in each demo language (written here, not read from the labels). */
const OFFLINE_WORDS = [
  { path: "/lindqvists-matsal", lang: "sv", words: "Du är offline." },
  { path: "/boteco-jabuticaba", lang: "pt-BR", words: "Você está sem conexão." },
  { path: "/pod-zlotym-jeleniem", lang: "pl", words: "Jesteś offline." },
  { path: "/la-alacena", lang: "es", words: "Estás sin conexión." },
  { path: "/kappo-aoi", lang: "ja", words: "オフラインです。" },
  { path: "/zunfthaus-am-see", lang: "de", words: "Sie sind offline." },
] as const;

for (const size of SIZES) {
  test(`the offline line in each demo language (${size.viewport.width}×${size.viewport.height})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await open(browser, size);
    for (const menu of OFFLINE_WORDS) {
      await page.goto(menu.path);
      await waitUntilKept(page, menu.path);
    }
    await context.setOffline(true);
    for (const menu of OFFLINE_WORDS) {
      await page.goto(menu.path);
      await page.reload();
      const note = page.locator(".offline-note");
      await expect(note, menu.path).toHaveAttribute("lang", menu.lang);
      await expect(note, menu.path).toContainText(menu.words);
      // Whole on the screen: nothing clipped or running past the edge.
      const box = await note.locator("p").boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= size.viewport.width, menu.path).toBe(true);
      expect(await note.locator("p").evaluate((p) => p.scrollWidth <= p.clientWidth), menu.path).toBe(true);
    }
    await context.close();
  });
}

test("never kept: /api, Markdown, non-GET, non-200; the worker script is revalidated on every check", async ({ browser }) => {
  const { context, page } = await open(browser, SIZES[1]);
  await page.goto("/izakaya-tomoshibi");
  await waitUntilKept(page, "/izakaya-tomoshibi");
  const statuses = await page.evaluate(async () => {
    const get = (path: string, init?: RequestInit) => fetch(path, init).then((r) => r.status);
    return [
      await get("/api/public/restaurants/izakaya-tomoshibi"),
      await get("/izakaya-tomoshibi.md"),
      await get("/izakaya-tomoshibi", { headers: { Accept: "text/markdown" } }),
      await get("/api/public/restaurants/izakaya-tomoshibi", { method: "HEAD" }),
      await get("/demo/logos/no-such-logo.svg"),
    ];
  });
  expect(statuses).toEqual([200, 200, 200, 200, 404]);
  await page.goto("/no-such-menu-here");
  await page.goto("/izakaya-tomoshibi");
  // Give the worker time to store anything it (wrongly) would.
  await page.waitForTimeout(1500);
  const urls = await cachedUrls(page);
  expect(urls.some((u) => u.endsWith("/izakaya-tomoshibi")), urls.join("\n")).toBe(true);
  expect(urls.filter((u) => /\/api(\/|$)|\.md$|no-such/.test(new URL(u).pathname)), urls.join("\n")).toEqual([]);
  // The page's own files are kept with it (its stylesheet, scripts and logo).
  expect(urls.some((u) => /\/_next\/static\/.+\.css$/.test(u)), urls.join("\n")).toBe(true);
  expect(urls.some((u) => /\/_next\/static\/.+\.js$/.test(u)), urls.join("\n")).toBe(true);

  // Offline, Markdown and the API are network errors, not copies.
  await context.setOffline(true);
  const offline = await page.evaluate(async () => {
    // (no-store: the browser's HTTP cache, which holds them for their max-age, is not asked)
    const tryGet = (path: string) => fetch(path, { cache: "no-store" }).then((r) => String(r.status), () => "network error");
    return [await tryGet("/api/public/restaurants/izakaya-tomoshibi"), await tryGet("/izakaya-tomoshibi.md")];
  });
  expect(offline).toEqual(["network error", "network error"]);
  await context.setOffline(false);

  // The script: JavaScript at /sw.js (scope "/" without Service-Worker-Allowed), never kept fresh by a cache.
  const sw = await page.request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/^(application|text)\/javascript/);
  expect(sw.headers()["cache-control"]).toMatch(/max-age=0|no-cache/);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(`${baseUrl()}/`);
  await context.close();
});

test("a new worker deletes the caches of the old one", async ({ browser }) => {
  const { context, page } = await open(browser, SIZES[0]);
  await page.goto("/kappo-aoi");
  await waitUntilKept(page, "/kappo-aoi");
  const before = await page.evaluate(async () => {
    // A cache as an older version of the worker would have left it.
    await (await caches.open("menu-offline-pages-v0")).put("/kappo-aoi", new Response("old copy"));
    return caches.keys();
  });
  expect(before).toContain("menu-offline-pages-v0");
  // An update is a new script: here the same file under another URL, installed and activated at once.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js?update=1");
    const worker = registration.installing ?? registration.waiting ?? registration.active;
    if (worker && worker.state !== "activated") await new Promise<void>((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
  });
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain("menu-offline-pages-v0");
  // The current caches stay, with the saved menu.
  expect(await page.evaluate(async (url) => Boolean(await caches.match(url)), `${baseUrl()}/kappo-aoi`)).toBe(true);
  await context.close();
});

test("at most 30 menus are kept, the oldest saved dropped first", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await open(browser, SIZES[0]);
  const list = await (await page.request.get("/api/public/restaurants?limit=50")).json();
  const slugs: string[] = list.results.map((r: { slug: string }) => r.slug).filter((s: string) => s !== "kappo-aoi");
  expect(slugs.length).toBeGreaterThanOrEqual(34);
  await page.goto("/kappo-aoi");
  await waitUntilKept(page, "/kappo-aoi");
  // 33 more menus asked to be kept, one after another, as 33 opened menus would.
  for (const slug of slugs.slice(0, 33)) {
    await page.evaluate((url) => navigator.serviceWorker.controller!.postMessage({ type: "page", url, assets: [] }), `${baseUrl()}/${slug}`);
    await waitUntilKept(page, `/${slug}`);
  }
  const pages = await cachedUrls(page, { html: true });
  expect(pages).toHaveLength(30);
  // Dropped: the first opened (kappo-aoi) and the next three; kept: the 30 newest.
  for (const slug of ["kappo-aoi", ...slugs.slice(0, 3)]) expect(pages, slug).not.toContain(`${baseUrl()}/${slug}`);
  for (const slug of slugs.slice(3, 33)) expect(pages, slug).toContain(`${baseUrl()}/${slug}`);
  await context.close();
});
