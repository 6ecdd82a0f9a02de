// Browser tests (npm test's "browser" stage): Playwright in Debian's Chromium against the real
// app, started by tests/e2e/global-setup.ts (production build, demo data + tests/fixtures).
// No browser download: executablePath is the system Chromium (see /work/shared/ENVIRONMENT.md).
import { defineConfig } from "@playwright/test";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

export default defineConfig({
  testDir: "./e2e",
  // The standalone run (npm test's "browser-standalone" stage) is there to catch what the way of
  // running changes: headers, CSP, assets and hosts, every page type once (pages.spec and the
  // others). The diner's page behaviour (diner.spec, diner-search.spec) comes from the same build whatever serves
  // it, and the standalone server's HTML is checked by the HTTP suite's standalone run; running
  // those 5 minutes twice bought nothing but CI time.
  testIgnore: process.env.TEST_SERVER_MODE === "standalone" ? ["**/diner.spec.ts", "**/diner-search.spec.ts"] : [],
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "../test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report feeds the one "N passed, N failed" line that npm test ends with.
  reporter: [["list"], ["json", { outputFile: `../test-reports/${process.env.PLAYWRIGHT_REPORT || "browser"}.json` }]],
  use: {
    // Set by the global setup before the workers start.
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    viewport: { width: 1280, height: 900 },
    locale: "en-GB",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
});
