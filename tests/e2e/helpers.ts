// Shared helpers of the browser tests.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through tests/playwright.config.ts (its global setup starts the app)");
  return url;
}

/**
 * Watches a page for Content-Security-Policy violations (the DOM event and the console message)
 * and keeps it offline: requests to origins other than `origin` (the fixture's banner host) are
 * aborted. `origin` is the server's by default; a test that opens the server under another host
 * name passes that one.
 */
export async function watchPage(page: Page, origin: string = new URL(baseUrl()).origin): Promise<{ violations: () => Promise<string[]>; consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(msg.text());
  });
  page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message}`));
  await page.route("**/*", (route) => (new URL(route.request().url()).origin === origin ? route.continue() : route.abort()));
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return {
    consoleErrors,
    violations: async () => {
      const fromDom = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);
      return [...fromDom, ...consoleErrors.filter((m) => /Content Security Policy/i.test(m))];
    },
  };
}

/** axe-core with WCAG 2.x A/AA rules: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${label}`,
  ).toEqual([]);
}

/**
 * Sums the page's layout shifts not caused by input (CLS), from its first load on: call before
 * `goto`; the returned function reads the sum so far.
 */
export async function trackLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}
