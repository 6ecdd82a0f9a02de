// npm run screenshots (through tsx: it takes the browser tests' Chromium flags from their config) — retakes every screenshot the table in docs/diner.md lists, at 390×844 (a
// phone, touch) and 1280×800, into docs/screenshots/: the first screen a visitor sees, in Debian's
// Chromium (as the browser tests), an en-GB browser.
//
// Each table row names its address in backticks, then optionally in parentheses: "remembered:
// `<filter query>`" puts that filter in the browser's storage first, as a diner who set it on
// another menu has it (issue 47.10); "dark" takes the shot in dark mode; "offline" opens the page,
// waits until the service worker kept it, and takes it again with the network off (47.11).
// The image names come from the row's own image links, so the table and the files agree.
//
// Options: --url <running server> (default: a production server started here on a throw-away copy
// of the demo data, built first when the sources changed), --only <image name part>.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../tests/playwright.config.ts";
import { ROOT, startServer } from "../bench/lib.mjs";

const SIZES = {
  390: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  1280: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
};
const SAVED_FILTER_KEY = "menu-service:filter"; // lib/pages/saved-menu-filter.ts

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? null : process.argv[i + 1];
}
const log = (line) => process.stderr.write(`${line}\n`);

/** The table's shots: address, remembered filter and the image file for each width. */
function shotsOf(markdown) {
  const shots = [];
  for (const line of markdown.split("\n")) {
    const address = /^\|[^|]*\|\s*`([^`]+)`(?:\s*\((?:remembered: `([^`]+)`|(dark|offline))\))?\s*\|/.exec(line);
    if (!address) continue;
    for (const [, file, width] of line.matchAll(/\]\(screenshots\/([\w-]+-(390|1280)\.png)\)/g)) {
      shots.push({ address: address[1], remembered: address[2] ?? null, mode: address[3] ?? null, file, size: SIZES[width] });
    }
  }
  return shots;
}

const shots = shotsOf(readFileSync(path.join(ROOT, "docs/diner.md"), "utf8")).filter((s) => !option("only") || s.file.includes(option("only")));
if (shots.length === 0) throw new Error("docs/diner.md lists no screenshot (rows: | what | `address` | ![…](screenshots/name-390.png) | ![…](screenshots/name-1280.png) |)");

const work = mkdtempSync(path.join(os.tmpdir(), "menu-screenshots-"));
let server = null;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  let base = option("url");
  if (!base) {
    log("Starting a production server on a throw-away copy of the demo data …");
    server = await startServer({ env: { DATABASE_URL: `file:${path.join(work, "screenshots.db")}`, SEED_DEMO_DATA: "true" }, log });
    base = server.baseUrl;
  }
  for (const shot of shots) {
    const context = await browser.newContext({ ...shot.size, locale: "en-GB", baseURL: base, colorScheme: shot.mode === "dark" ? "dark" : "light", serviceWorkers: "allow" });
    if (shot.remembered) await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [SAVED_FILTER_KEY, shot.remembered]);
    const page = await context.newPage();
    const response = await page.goto(shot.address, { waitUntil: "networkidle" });
    if (!response?.ok()) throw new Error(`${shot.address} answered ${response?.status()}`);
    if (shot.mode === "offline") {
      const url = new URL(shot.address, base).href;
      for (const until = Date.now() + 15_000; !(await page.evaluate(async (u) => Boolean(await caches.match(u)), url)); await page.waitForTimeout(200)) {
        if (Date.now() > until) throw new Error(`${shot.address} was not kept by the service worker within 15 s`);
      }
      await context.setOffline(true);
      await page.reload({ waitUntil: "load" });
    }
    // Lazy images below the first screen do not matter; fonts and the ones on it do.
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(ROOT, "docs/screenshots", shot.file) });
    log(`  ${shot.file}  ${shot.address}${shot.remembered ? ` (remembered ${shot.remembered})` : ""}${shot.mode ? ` (${shot.mode})` : ""}`);
    await context.close();
  }
  log(`${shots.length} screenshots in docs/screenshots/.`);
} finally {
  await browser.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
