// The page's Content-Security-Policy protects against a script that got into the HTML by some flaw
// (issue 24.7): the policy the service computes for a page (lib/pages/security-headers.ts) allows
// Next.js' own inline scripts by hash and nothing else. Here a real menu page is taken as the
// server sends it, a script is injected into it as a flaw would, and the policy is computed for
// that very HTML by the service's own function: the injected script gets no hash, the browser
// refuses to run it and reports the violation, and the page's own scripts still run.
import { expect, test } from "@playwright/test";
import { contentSecurityPolicy, hashSource } from "../../lib/pages/security-headers";
import { baseUrl, watchPage } from "./helpers";

const INJECTED = "window.__injected = true;";

test("an injected inline script has no hash in the page's policy and the browser blocks it", async ({ page }) => {
  const list = await (await fetch(`${baseUrl()}/api/public/restaurants?limit=1`)).json();
  const path = `/${list.results[0].slug}`;
  const watched = await watchPage(page);
  let policy = "";
  await page.route(`${baseUrl()}${path}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</body>", `<script>${INJECTED}</script></body>`);
    policy = contentSecurityPolicy(html);
    await route.fulfill({ status: 200, headers: { ...response.headers(), "content-security-policy": policy }, body: html });
  });
  await page.goto(path);
  await page.waitForLoadState("load");

  expect(policy).not.toContain(hashSource(INJECTED));
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  // The framework's own inline scripts ran: the flight data was pushed and the page hydrated.
  expect(await page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f))).toBe(true);
  // The browser reported the refusal, and it is the only one: nothing of the page's own was refused.
  const reported = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  await expect.poll(async () => (await reported()).length).toBeGreaterThan(0);
  // (A report carries no sample of the script: the policy does not ask for 'report-sample'.)
  expect(await reported()).toEqual(["script-src-elem inline "]);
  expect(watched.consoleErrors.filter((m) => !/Content Security Policy/i.test(m))).toEqual([]);
});
