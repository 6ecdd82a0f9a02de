// npm run bench:lighthouse — Lighthouse mobile (its defaults: simulated Slow 4G, 4× CPU slowdown)
// on a menu page, /dishes, a page of ours with no client component (/cuisines) and the bare App
// Router reference: the floor app's /static/0 (bench/floor-app, built here when its sources
// changed), one server component in a bare layout. Several runs each, runs of the pages taken in
// turn (so a change in the machine's load falls on every page alike), the median run per page by
// performance score.
//
// Issue 47.12's target: the menu page and /dishes within 0.02 of the reference's performance in
// the same run, with no more than 140 KB of JavaScript (transferred). Issue #25's ≥ 0.95 stays in
// the table for the other three categories. Performance under
// simulated throttling is the page's main-thread work observed on this machine, times four: on a
// shared 2-core machine it follows the machine's load more than the page (a build from before the
// diner features scored the same as today's under the same load, docs/diner.md "At the table"). So each
// run's BenchmarkIndex (Lighthouse's own measure of the host CPU at that moment; higher = faster)
// and the load average are printed with it, and the reference page shows what the framework alone
// scores at that moment.
//
// Lighthouse is not a dependency of the project: it runs through npx at a pinned version (first
// use downloads it). Chromium: $CHROME_PATH, else /usr/bin/chromium (the browser tests' Debian
// package), else Playwright's.
//
// Options: --runs <n> (3) --pages /izakaya-tomoshibi,/dishes,/cuisines --url <running server>
//          (default: a production server started here on a throw-away copy of the demo data)
//          --out <file> (bench/results.md, between the lighthouse markers) --no-write
//          --no-reference (leave out the bare App Router page)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { environment, ROOT, startFloorApp, startServer, table } from "./lib.mjs";

const LIGHTHOUSE = "lighthouse@12.8.2";
const TARGET = 0.95;
/** The most a targeted page's performance may lie below the reference's, and its JavaScript budget. */
const MARGIN = 0.02;
const JS_BUDGET = 140 * 1024;
const REFERENCE = "bare App Router page";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 || process.argv[i + 1] === undefined ? fallback : process.argv[i + 1];
}
const RUNS = Number(option("runs", 3));
const WITH_REFERENCE = !process.argv.includes("--no-reference");
const PAGES = String(option("pages", "/izakaya-tomoshibi,/dishes,/cuisines")).split(",");
/** Pages the target applies to; the others are references. */
const TARGETED = new Set(["/izakaya-tomoshibi", "/dishes"]);
const OUT = path.resolve(ROOT, String(option("out", "bench/results.md")));
const WRITE = !process.argv.includes("--no-write");
const log = (line) => process.stderr.write(`${line}\n`);

function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  return null; // Lighthouse's launcher then looks for a Chrome itself
}

/** The page rendered once: the runs measure the page, not its first render. */
async function warm(url) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch (error) {
      // A kept-alive socket the server closed during the previous Lighthouse run: once more.
      if (attempt > 0) throw error;
    }
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), "menu-lighthouse-"));
let server = null;
let floor = null;
let base = option("url", null);
try {
  if (!base) {
    log("Starting a production server on a throw-away copy of the demo data …");
    // SEED_DEMO_DATA: the server creates a file DATABASE_URL names only when asked for the demo data.
    server = await startServer({ env: { DATABASE_URL: `file:${path.join(work, "lighthouse.db")}`, SEED_DEMO_DATA: "true" }, log });
    base = server.baseUrl;
  }
  if (WITH_REFERENCE) {
    floor = await startFloorApp({ log });
    PAGES.push(REFERENCE);
  }
  const urlOf = (page) => (page === REFERENCE ? `${floor.baseUrl}/static/0` : base + page);
  const runs = [];
  for (const page of PAGES) await warm(urlOf(page));
  for (let i = 0; i < RUNS; i++) {
    for (const page of PAGES) {
      const out = path.join(work, `run-${runs.length}.json`);
      const load = os.loadavg()[0];
      const chrome = chromePath();
      const lighthouse = () =>
        spawnSync(
          "npx",
          ["--yes", LIGHTHOUSE, urlOf(page), `--only-categories=${CATEGORIES.join(",")}`, "--output=json", `--output-path=${out}`, "--quiet", '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
          { cwd: work, env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) }, encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] },
        );
      let result = lighthouse();
      // On a heavily loaded machine Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP): once more.
      if (result.status !== 0 && /NO_NAVSTART|NO_FCP|Please run Lighthouse again/.test(result.stderr)) {
        log(`  ${page}: Lighthouse lost the trace (${/NO_\w+/.exec(result.stderr)?.[0] ?? "runtime error"}), running it again`);
        result = lighthouse();
      }
      if (result.status !== 0 || !existsSync(out)) throw new Error(`lighthouse failed on ${page}:\n${result.stderr.slice(-2000)}`);
      const report = JSON.parse(readFileSync(out, "utf8"));
      const audit = (id) => report.audits[id]?.numericValue ?? null;
      const run = {
        page,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, report.categories[c]?.score ?? null])),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        si: audit("speed-index"),
        cls: audit("cumulative-layout-shift"),
        // JavaScript as transferred (compressed), every script the page loaded.
        jsBytes: (report.audits["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
        benchmarkIndex: report.environment?.benchmarkIndex ?? null,
        load,
      };
      runs.push(run);
      log(`  ${page} run ${i + 1}: performance ${run.scores.performance} (TBT ${Math.round(run.tbt)} ms, LCP ${Math.round(run.lcp)} ms, JS ${Math.round(run.jsBytes / 1024)} KB), BenchmarkIndex ${run.benchmarkIndex}, load ${load.toFixed(2)}`);
    }
  }

  const median = (page) => {
    const own = runs.filter((r) => r.page === page).sort((a, b) => a.scores.performance - b.scores.performance);
    return own[Math.floor(own.length / 2)];
  };
  const pct = (n) => (n === null ? "–" : String(Math.round(n * 100)));
  const ms = (n) => (n === null ? "–" : `${Math.round(n).toLocaleString("en")} ms`);
  const ref = WITH_REFERENCE ? median(REFERENCE) : null;
  const kb = (n) => `${Math.round(n / 1024)} KB`;
  /** A targeted page: within MARGIN of the reference's performance, JavaScript within budget, the other categories ≥ TARGET. */
  const verdict = (page) => {
    const m = median(page);
    const close = ref === null || (m.scores.performance ?? 0) >= (ref.scores.performance ?? 0) - MARGIN - 1e-9;
    return close && m.jsBytes <= JS_BUDGET && CATEGORIES.slice(1).every((c) => (m.scores[c] ?? 0) >= TARGET);
  };
  const rows = PAGES.map((page) => {
    const m = median(page);
    const all = runs.filter((r) => r.page === page);
    const delta = ref && page !== REFERENCE ? (m.scores.performance ?? 0) - (ref.scores.performance ?? 0) : null;
    return [
      page === REFERENCE ? `${REFERENCE} (reference, bench/floor-app /static/0)` : `\`${page}\`${TARGETED.has(page) ? "" : " (no client component of ours)"}`,
      ...CATEGORIES.map((c) => pct(m.scores[c])),
      delta === null ? "" : `${delta >= 0 ? "+" : "−"}${Math.abs(delta).toFixed(2)}`,
      ms(m.fcp),
      ms(m.lcp),
      ms(m.tbt),
      m.cls === null ? "–" : m.cls.toFixed(3),
      kb(m.jsBytes),
      all.map((r) => pct(r.scores.performance)).join(", "),
      all.map((r) => Math.round(r.benchmarkIndex ?? 0)).join(", "),
      all.map((r) => r.load.toFixed(2)).join(", "),
      TARGETED.has(page) ? (verdict(page) ? "✅" : "❌") : "",
    ];
  });
  const env = environment();
  const section = `<!-- lighthouse:start -->
### Lighthouse, mobile (\`npm run bench:lighthouse\`)

${LIGHTHOUSE} with its defaults (mobile, simulated Slow 4G, 4× CPU slowdown), ${RUNS} runs per page taken in turn, the
median run by performance score. Target (issue 47.12): the menu page and \`/dishes\` within ${MARGIN} of the bare App Router
reference page's performance in the same run, JavaScript ≤ ${kb(JS_BUDGET)} (transferred), ≥ ${Math.round(TARGET * 100)} in the other three categories.
${env.date}, commit ${env.commit}, ${env.cpu}, load average at the end ${env.loadAverage}. BenchmarkIndex is Lighthouse's
measure of the host CPU during each run (higher is faster): the performance score follows it, so figures from a loaded
machine read low; the reference, measured in turn with the pages, reads low with them.

${table(["page", "performance", "accessibility", "best practices", "SEO", "vs reference", "FCP", "LCP", "TBT", "CLS", "JS", "performance, each run", "BenchmarkIndex, each run", "load (1 min), each run", "target"], rows)}
<!-- lighthouse:end -->`;
  console.log(section);
  if (WRITE) {
    const text = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
    const next = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/.test(text)
      ? text.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, section)
      : `${text ? `${text.trimEnd()}\n\n` : ""}${section}\n`;
    writeFileSync(OUT, next);
    log(`Written to ${path.relative(ROOT, OUT)}.`);
  }
  const missed = PAGES.filter((p) => TARGETED.has(p)).filter((p) => !verdict(p));
  if (missed.length) {
    log(`Target missed on ${missed.join(", ")}.`);
    process.exitCode = 1;
  }
} finally {
  await floor?.stop();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
