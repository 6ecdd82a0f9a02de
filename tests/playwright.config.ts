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
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "../test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two browsers at a time, test by test rather than file by file (the long tests are in one
  // file): the pages and the server share the two cores, but much of a test is waiting.
  fullyParallel: true,
  workers: 2,
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
