// Issue 13.3: a page opened at a host other than PUBLIC_BASE_URL (127.0.0.1 vs localhost, a LAN
// address, a proxy's name) must still show its banner, logo and dish images, and its own CSP must
// not block them. The shared server (global setup) publishes http://127.0.0.1:PORT and is opened
// here at http://localhost:PORT; a second server publishes https://menus.example.org, a host the
// browser cannot reach at all, and is opened at http://localhost:PORT too.
// Demo restaurants only: their images are all this site's own files (the fixture's banner is on an
// external host that watchPage keeps offline).
import { expect, test, type Page } from "@playwright/test";
import { startTestServer, type TestServer } from "../support/test-server";
import { baseUrl, watchPage } from "./helpers";

// Banner, logo and one dish; four dishes in a translated menu; the home page (logos of featured restaurants, if any).
const PAGES = ["/alpenstuebli-naegeli", "/the-larder-and-lamp/fr", "/"];

const atLocalhost = (url: string) => {
  const u = new URL(url);
  u.hostname = "localhost";
  return u.origin;
};

/** Every <img> of the page, each scrolled into view (dish images load lazily) and settled. */
async function settledImages(page: Page): Promise<{ src: string; currentSrc: string; naturalWidth: number }[]> {
  const images = page.locator("img");
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await images.nth(i).evaluate(
      (img: HTMLImageElement) =>
        img.complete ||
        new Promise((done) => {
          img.addEventListener("load", done, { once: true });
          img.addEventListener("error", done, { once: true });
        }),
    );
  }
  return images.evaluateAll((list) => (list as HTMLImageElement[]).map((img) => ({ src: img.getAttribute("src") ?? "", currentSrc: img.currentSrc, naturalWidth: img.naturalWidth })));
}

async function expectImagesLoad(page: Page, origin: string, path: string, minImages: number) {
  const watch = await watchPage(page, origin);
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status(), path).toBe(200);
  const images = await settledImages(page);
  expect(images.length, `${path}: images on the page`).toBeGreaterThanOrEqual(minImages);
  for (const img of images) {
    // Each one from the host the page was opened at, and actually decoded.
    expect(new URL(img.currentSrc).origin, `${path}: ${img.src}`).toBe(origin);
    expect(img.naturalWidth, `${path}: ${img.src} is broken`).toBeGreaterThan(0);
  }
  expect(await watch.violations(), path).toEqual([]);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp.split("; ").find((d) => d.startsWith("img-src ")), `${path}: img-src`).toBe("img-src 'self'");
}

test.describe("images on a host other than PUBLIC_BASE_URL", () => {
  test("PUBLIC_BASE_URL http://127.0.0.1:PORT, opened at http://localhost:PORT", async ({ page }) => {
    const origin = atLocalhost(baseUrl());
    await expectImagesLoad(page, origin, PAGES[0], 3);
    await expectImagesLoad(page, origin, PAGES[1], 5);
    await expectImagesLoad(page, origin, PAGES[2], 0);
  });

  test.describe("PUBLIC_BASE_URL https://menus.example.org, opened at http://localhost:PORT", () => {
    let server: TestServer;
    test.beforeAll(async () => {
      test.setTimeout(300_000);
      server = await startTestServer({ extraEnv: { PUBLIC_BASE_URL: "https://menus.example.org" } });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test("images load from the page's host; published URLs keep the public base", async ({ page }) => {
      const origin = atLocalhost(server.baseUrl);
      await expectImagesLoad(page, origin, PAGES[0], 3);
      await expectImagesLoad(page, origin, PAGES[1], 5);
      // The same page still publishes absolute URLs on PUBLIC_BASE_URL where they are read away from it.
      await page.goto(`${origin}${PAGES[0]}`);
      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
      expect(jsonLd).toContain("https://menus.example.org/demo/");
      // Its banner is an SVG: the link preview is the PNG drawn from the menu (issue 25.7), on the public base too.
      expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^https:\/\/menus\.example\.org\/og\/[a-z0-9-]+\.png$/);
    });
  });
});
