// The interactive reference in a real browser (Debian's Chromium via playwright-core): /docs/api
// renders every operation of /openapi.json under its strict Content-Security-Policy, with no CSP
// violation, no script error and no request to any other origin (no CDN).
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, get } from "../support/http";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

describe.skipIf(!existsSync(CHROMIUM))("/docs/api in Chromium", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("renders every operation with no CSP violation, no error and no outside request", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const foreign: string[] = [];
    const origin = new URL(baseUrl()).origin;
    page.on("console", (msg) => {
      if (msg.type() === "error" || /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console ${msg.type()}: ${msg.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("response", (res) => {
      if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
    });
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith("data:")) foreign.push(url);
    });

    const response = await page.goto(`${baseUrl()}/docs/api`, { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    await page.waitForSelector("#swagger-ui[data-ready='true'] .opblock", { timeout: 30_000 });

    const doc = (await get("/openapi.json")).json;
    const operations = Object.values<any>(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(await page.locator(".opblock").count()).toBe(operations);
    const text = await page.locator("#swagger-ui").innerText();
    for (const p of Object.keys(doc.paths)) expect(text).toContain(p);

    // Open one operation: its parameters, responses and real example render too.
    await page.locator(".opblock-summary", { hasText: "/api/public/restaurants/{slug}" }).first().click();
    await page.waitForSelector(".opblock.is-open .responses-table", { timeout: 10_000 });

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  }, 90_000);
});
