// npm run bench:growth — how every combination of search filters grows with the data, on SQLite
// and PostgreSQL in the same run.
//
// Users combine filters; a bench that measures them one by one misses the combinations that grow
// (issue #29: q + near + a price bound 15.8× on SQLite, diet + excludeAllergens by cuisine 12.4× on
// PostgreSQL). So the queries are generated: every filter of each search endpoint alone, in pairs
// and in triples, with values drawn from the data (a restaurant, its city, cuisine, a dish word,
// tag, price and place) and, for single filters and pairs, a variant where one value matches
// nothing. Modifiers join the same combinations: cursor page 5 (reached by walking the pages
// before it), limit 1 and limit 50.
//
// Data: the deterministic generator (npm run db:generate; same seed, same data: restaurant n is
// identical at every size, so a value drawn at the smallest size exists at every size), once per
// size into an SQLite file and a PostgreSQL database, kept between runs (--cache; the PostgreSQL
// databases menu_growth_<size>_s<seed>_i<items> on --pg). Then one production server per engine
// and size, all running at once with the in-process caches off (MENU_CACHE_TTL_MS=0) and the
// throttle off, and each combination is timed on each of them back to back (one keep-alive
// connection, p50 of --requests sequential requests after --warmup), so that the load of a shared
// machine falls alike on the figures a ratio compares.
//
// Report (--out, default $TMPDIR/menu-bench-growth.md, outside the repository: bench/results.md keeps the
// summaries worth keeping, the raw tables are not committed): per endpoint and engine the worst ratio (p50 at the
// largest size ÷ p50 at the smallest) and the worst p50 at the largest size, every combination
// that misses the target (≤ 2× and ≤ 50 ms), and the query plans of the worst three on both
// engines (bench/explain.ts: the capability's own queries, EXPLAIN QUERY PLAN / EXPLAIN ANALYZE).
// The LAST line printed is the worst ratio of the run: a regression guard can read it.
//
// Options: --sizes 1000,100000 --items 50 --seed 1 --requests 30 --warmup 3
//          --engines sqlite,postgresql --pg postgresql://…/postgres (default $GROWTH_POSTGRES_URL,
//          then $TEST_POSTGRES_URL) --cache <dir> (default $TMPDIR/menu-bench-growth)
//          --endpoints restaurants,dishes --only <regex on the label> --sample <n per endpoint>
//          --no-explain --out <file> --pg-prefix menu_ (the PostgreSQL databases' name
//          prefix: a copy of them under another prefix keeps a branch's migrations off the shared ones)
//          Env BENCH_PORTS=first-last: the servers' ports from that range only (shared machines).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { mulberry32 } from "../lib/import/mulberry32.mjs";
import { environment, fmt, ROOT, startServer, table, tsx } from "./lib.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 || process.argv[i + 1] === undefined ? fallback : process.argv[i + 1];
}
const flag = (name) => process.argv.includes(`--${name}`);
const SIZES = String(option("sizes", "1000,100000")).split(",").map(Number);
const ITEMS = Number(option("items", 50));
const SEED = Number(option("seed", 1));
const REQUESTS = Number(option("requests", 30));
const WARMUP = Number(option("warmup", 3));
const CACHE = path.resolve(String(option("cache", path.join(os.tmpdir(), "menu-bench-growth"))));
const OUT = path.resolve(ROOT, String(option("out", path.join(os.tmpdir(), "menu-bench-growth.md"))));
const PG = option("pg", process.env.GROWTH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? null);
/** The PostgreSQL databases' prefix: another to bench copies (CREATE DATABASE … TEMPLATE) beside the shared ones. */
const PG_PREFIX = String(option("pg-prefix", "menu_"));
const ENGINES = String(option("engines", PG ? "sqlite,postgresql" : "sqlite")).split(",");
const ENDPOINTS = String(option("endpoints", "restaurants,dishes")).split(",");
const ONLY = option("only", null) ? new RegExp(option("only", "")) : null;
const SAMPLE = option("sample", null) === null ? null : Number(option("sample", 0));
const EXPLAIN = !flag("no-explain");
/** The issue #29 target: every combination within 2× of its p50 at the smallest size, and at most 50 ms. */
const TARGET = { ratio: 2, ms: 50 };
const log = (line) => process.stderr.write(`${line}\n`);
mkdirSync(CACHE, { recursive: true });
if (ENGINES.includes("postgresql") && !PG) throw new Error("PostgreSQL needs --pg postgresql://…/postgres (or GROWTH_POSTGRES_URL)");

// ————— data —————

async function postgresDatabase(name) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database of `size` generated restaurants on `engine`, generated once and reused. */
async function database(engine, size) {
  const name = `growth_${size}_s${SEED}_i${ITEMS}`;
  const marker = path.join(CACHE, `${name}${engine === "postgresql" ? ".pg" : ""}.done`);
  const url = engine === "postgresql" ? await postgresDatabase(`${PG_PREFIX}${name}`) : `file:${path.join(CACHE, `${name}.db`)}`;
  if (!existsSync(marker)) {
    log(`Generating ${size} restaurants (${ITEMS} items each) on ${engine} …`);
    tsx(ROOT, ["scripts/generate.ts", "--restaurants", String(size), "--seed", String(SEED), "--items", String(ITEMS)], { ...process.env, DATABASE_URL: url }, { inherit: true });
    writeFileSync(marker, new Date().toISOString());
  }
  return url;
}

// ————— the combinations —————

const random = mulberry32;

/**
 * Values from the data of the smallest size (so they exist at every size): a restaurant drawn at
 * random, its city, cuisine, place and currency, one of its dishes with a tag, that dish's word
 * and price.
 */
async function drawValues(baseUrl) {
  const rand = random(SEED * 7919);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const { results } = await (await fetch(`${baseUrl}/api/public/restaurants?limit=50`)).json();
  for (let attempt = 0; attempt < 50; attempt++) {
    const slug = pick(results).slug;
    const menu = await (await fetch(`${baseUrl}/api/public/restaurants/${slug}`)).json();
    const items = (menu.categories ?? []).flatMap((c) => c.items ?? []).filter((i) => i.tags?.length && i.price != null);
    if (!items.length || menu.contact?.latitude == null) continue;
    const dish = pick(items);
    const words = dish.name.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 4);
    if (!words.length) continue;
    const cities = (await (await fetch(`${baseUrl}/api/public/locations`)).json()).cities ?? [];
    const cuisines = (await (await fetch(`${baseUrl}/api/public/cuisines`)).json()).cuisines ?? [];
    const word = pick(words);
    const nameWord = menu.name.split(/\s+/).sort((a, b) => b.length - a.length)[0];
    return {
      restaurant: slug,
      city: cities.find((c) => c.name === menu.contact.city)?.slug ?? menu.contact.city,
      cuisine: cuisines.find((c) => c.name === menu.cuisine)?.slug ?? menu.cuisine,
      dishWord: word,
      nameWord,
      diet: pick(dish.tags),
      allergen: "nuts",
      currency: menu.currency,
      maxPrice: String(Math.ceil(dish.price)),
      near: `${menu.contact.latitude},${menu.contact.longitude}`,
    };
  }
  throw new Error("no restaurant with a tagged, priced dish and coordinates on the first page");
}

// Every filter as the query string carries it: the value that exists ("hit") and one that matches
// nothing ("miss"; none for the modifiers and the times).
// q short: two characters (no trigram: the scan path); q long: a word of a dish or of a name.
const OPEN_AT = "2026-07-10T19:30:00Z";
function filters(endpoint, v) {
  const q = endpoint === "dishes" ? v.dishWord : v.nameWord.toLowerCase();
  const list = [
    { name: "qShort", hit: { q: q.slice(0, 2) }, miss: { q: "qj" }, group: "q" },
    { name: "qLong", hit: { q }, miss: { q: "xqzvwk" }, group: "q" },
    { name: "city", hit: { city: v.city }, miss: { city: "atlantis" } },
    { name: "cuisine", hit: { cuisine: v.cuisine }, miss: { cuisine: "martian" } },
    ...(endpoint === "dishes"
      ? [
          { name: "diet", hit: { diet: v.diet }, miss: { diet: "no-such-diet" } },
          // Excluding every EU-14 allergen keeps only the dishes that declare none.
          { name: "excludeAllergens", hit: { excludeAllergens: v.allergen }, miss: { excludeAllergens: "celery,crustaceans,eggs,fish,gluten,lupin,milk,molluscs,mustard,nuts,peanuts,sesame,soy,sulphites" } },
          { name: "maxPrice", hit: { maxPrice: v.maxPrice, currency: v.currency }, miss: { maxPrice: "0", currency: v.currency } },
        ]
      : []),
    { name: "near", hit: { near: v.near, radiusKm: "5" }, miss: { near: "0,-150", radiusKm: "5" } },
    { name: "openNow", hit: { openNow: "true" }, group: "open" },
    { name: "openAt", hit: { openAt: OPEN_AT }, group: "open" },
    { name: "page5", hit: {}, pages: 4, group: "page" },
    { name: "limit1", hit: { limit: "1" }, group: "limit" },
    { name: "limit50", hit: { limit: "50" }, group: "limit" },
  ];
  return list;
}

/** Subsets of 1–3 filters, no two of one group (q short and long, openNow and openAt, the two limits). */
function subsets(list) {
  const out = [];
  const n = list.length;
  const ok = (set) => new Set(set.map((f) => f.group ?? f.name)).size === set.length;
  for (let i = 0; i < n; i++) {
    out.push([list[i]]);
    for (let j = i + 1; j < n; j++) {
      if (ok([list[i], list[j]])) out.push([list[i], list[j]]);
      for (let k = j + 1; k < n; k++) if (ok([list[i], list[j], list[k]])) out.push([list[i], list[j], list[k]]);
    }
  }
  return out;
}

function combinations(endpoint, values) {
  const list = filters(endpoint, values);
  const out = [];
  for (const set of subsets(list)) {
    const build = (missing) => {
      const params = {};
      for (const f of set) Object.assign(params, f === missing ? f.miss : f.hit);
      const pages = set.find((f) => f.pages)?.pages ?? 0;
      const label = set.map((f) => (f === missing ? `${f.name}∅` : f.name)).join(" + ");
      return { endpoint, label, params, pages, size: set.length };
    };
    out.push(build(null));
    // A value that matches nothing, for one filter of singles and pairs: an empty result must not
    // cost a scan of everything either. A page 5 of nothing does not exist.
    if (set.length <= 2 && !set.some((f) => f.pages)) for (const f of set.filter((x) => x.miss)) out.push(build(f));
  }
  return out;
}

// ————— measuring —————

/** p50 of REQUESTS sequential requests on one keep-alive connection (after WARMUP). */
async function p50Of(url) {
  const { request, Agent } = await import("node:http");
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = request(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode, body }));
      });
      req.on("error", reject);
      req.end();
    });
  const samples = [];
  let last;
  let ok;
  const failures = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    last = await once();
    if (last.status === 200) ok = last;
    else failures.push(last.status);
    // A failed request counts with its time: a timeout is the slowest answer, not a missing one.
    if (i >= WARMUP) samples.push(last.status === 200 ? last.ms : Math.max(last.ms, 10_000));
  }
  agent.destroy();
  if (failures.length) log(`    ${url}: ${failures.length} of ${WARMUP + REQUESTS} answered ${[...new Set(failures)].join(", ")} (${last.body.slice(0, 160)})`);
  samples.sort((a, b) => a - b);
  const body = ok ? JSON.parse(ok.body) : {};
  return { p50: samples[Math.floor(samples.length / 2)], p90: samples[Math.floor(samples.length * 0.9)], total: body.total ?? null, count: body.count ?? null, failures: failures.length };
}

/** The path of page pages + 1 (following nextCursor), or of the last page when there are fewer. */
async function pagePath(baseUrl, base, pages) {
  let url = base;
  let reached = 1;
  for (let i = 0; i < pages; i++) {
    const body = await (await fetch(baseUrl + url)).json();
    if (!body.nextCursor) break;
    url = `${base}&cursor=${encodeURIComponent(body.nextCursor)}`;
    reached++;
  }
  return { url, reached };
}

const env = environment();
const servers = [];
const stopAll = () => Promise.all(servers.map((s) => s.server.stop()));
process.on("SIGINT", () => stopAll().then(() => process.exit(130)));

const results = [];
let cases = [];
try {
  for (const engine of ENGINES) {
    for (const size of SIZES) {
      const databaseUrl = await database(engine, size);
      log(`${engine}, ${size.toLocaleString("en")} restaurants: starting a server (in-process caches off) …`);
      // The throttle off (RATE_LIMIT_PER_MINUTE=0): one client sends thousands of searches a minute here.
      const server = await startServer({ env: { DATABASE_URL: databaseUrl, MENU_CACHE_TTL_MS: "0", RATE_LIMIT_PER_MINUTE: "0" }, log });
      servers.push({ engine, size, databaseUrl, server });
    }
  }
  const values = await drawValues(servers[0].server.baseUrl);
  log(`Values drawn from the data: ${JSON.stringify(values)}`);
  cases = ENDPOINTS.flatMap((e) => combinations(e, values)).filter((c) => !ONLY || ONLY.test(`${c.endpoint} ${c.label}`));
  if (SAMPLE !== null) {
    // A deterministic sample per endpoint, singles always kept.
    const rand = random(SEED * 104729);
    cases = ENDPOINTS.flatMap((e) => {
      const mine = cases.filter((c) => c.endpoint === e);
      const singles = mine.filter((c) => c.size === 1);
      const rest = mine.filter((c) => c.size > 1).map((c) => ({ c, r: rand() })).sort((a, b) => a.r - b.r).map((x) => x.c);
      return [...singles, ...rest.slice(0, Math.max(0, SAMPLE - singles.length))];
    });
  }
  log(`${cases.length} combinations × ${servers.length} servers, p50 of ${REQUESTS} requests each …`);
  const started = Date.now();
  for (const [n, c] of cases.entries()) {
    const query = new URLSearchParams(c.params).toString();
    const base = `/api/public/${c.endpoint}?${query}`;
    const row = { ...c, query, by: {} };
    // Each engine's sizes back to back: the ratio compares figures measured moments apart.
    for (const s of servers) {
      const { url, reached } = c.pages ? await pagePath(s.server.baseUrl, base, c.pages) : { url: base, reached: 1 };
      const r = await p50Of(s.server.baseUrl + url);
      row.by[`${s.engine}:${s.size}`] = { ...r, page: reached };
    }
    for (const engine of ENGINES) {
      const small = row.by[`${engine}:${SIZES[0]}`];
      const large = row.by[`${engine}:${SIZES[SIZES.length - 1]}`];
      row[engine] = { ratio: large.p50 / small.p50, large: large.p50, small: small.p50, total: large.total, page: large.page, failures: small.failures + large.failures };
    }
    results.push(row);
    const cells = ENGINES.map((e) => `${e} ${fmt.ms(row[e].small)} → ${fmt.ms(row[e].large)} ${fmt.ratio(row[e].ratio)}×`).join("  ");
    log(`  [${n + 1}/${cases.length}] ${c.endpoint} ${c.label.padEnd(44)} ${cells}`);
  }
  log(`Measured in ${Math.round((Date.now() - started) / 1000)} s.`);
} catch (error) {
  await stopAll();
  throw error;
}
await stopAll();

// ————— report —————

const misses = (row, engine) => row[engine].ratio > TARGET.ratio || row[engine].large > TARGET.ms || row[engine].failures > 0;
const worstBy = (rows, engine, field) => rows.reduce((a, b) => (b[engine][field] > a[engine][field] ? b : a));
const largest = SIZES[SIZES.length - 1].toLocaleString("en");
const smallest = SIZES[0].toLocaleString("en");
const cell = (row, engine) =>
  `${fmt.ms(row[engine].small)} → ${fmt.ms(row[engine].large)} (${fmt.ratio(row[engine].ratio)}×${row[engine].total === null ? "" : `, ${row[engine].total.toLocaleString("en")} matches`}${row[engine].failures ? `, ${row[engine].failures} failed requests` : ""})`;

const summary = [];
for (const endpoint of ENDPOINTS) {
  const rows = results.filter((r) => r.endpoint === endpoint);
  if (!rows.length) continue;
  for (const engine of ENGINES) {
    const byRatio = worstBy(rows, engine, "ratio");
    const byP50 = worstBy(rows, engine, "large");
    const missed = rows.filter((r) => misses(r, engine)).length;
    summary.push([endpoint, engine, String(rows.length), `${byRatio.label}: ${cell(byRatio, engine)}`, `${byP50.label}: ${cell(byP50, engine)}`, missed ? `❌ ${missed} miss` : "✅ all met"]);
  }
}

const missRows = [];
for (const row of results) for (const engine of ENGINES) if (misses(row, engine)) missRows.push([row.endpoint, engine, row.label, `\`${row.query}\``, cell(row, engine)]);

// The worst three: by ratio, over both engines (a combination worst on one is explained on both).
const score = (row) => Math.max(...ENGINES.map((e) => row[e].ratio));
const worst3 = [...results].sort((a, b) => score(b) - score(a)).slice(0, 3);
const planSections = [];
if (EXPLAIN) {
  for (const row of worst3) {
    for (const s of servers.filter((x) => x.size === SIZES[SIZES.length - 1])) {
      const input = row.endpoint === "dishes" ? { dishes: row.params } : { restaurants: row.params };
      let statements = [];
      try {
        statements = JSON.parse(tsx(ROOT, ["bench/explain.ts", JSON.stringify([{ label: row.label, ...input, pages: row.pages || undefined }])], { ...process.env, DATABASE_URL: s.databaseUrl, MENU_CACHE_TTL_MS: "0" }))[0].statements;
      } catch (error) {
        statements = [{ sql: "(explain failed)", plan: [String(error.message).slice(0, 500)] }];
      }
      const lines = statements.map((st) => `${st.sql.replace(/\s+/g, " ").slice(0, 200)}${st.sql.length > 200 ? " …" : ""}\n${st.plan.map((p) => `    ${p}`).join("\n")}`);
      planSections.push(`### ${row.endpoint} ${row.label} — ${s.engine}, ${largest} restaurants\n\n\`${row.query}\`\n\n\`\`\`\n${lines.join("\n")}\n\`\`\`\n`);
    }
  }
}

const worstRatio = Math.max(...results.flatMap((r) => ENGINES.map((e) => r[e].ratio)));
const worstRow = results.find((r) => ENGINES.some((e) => r[e].ratio === worstRatio));
const worstEngine = ENGINES.find((e) => worstRow[e].ratio === worstRatio);
const allRows = results.map((r) => [r.endpoint, r.label, `\`${r.query}\``, ...ENGINES.map((e) => `${cell(r, e)}${misses(r, e) ? " ❌" : ""}`)]);

const report = `# Growth: every combination of search filters, SQLite and PostgreSQL

Generated by \`npm run bench:growth\` (bench/growth.mjs): ${SIZES.map((s) => s.toLocaleString("en")).join(" and ")} restaurants from the
deterministic generator (seed ${SEED}, ${ITEMS} items each) on ${ENGINES.join(" and ")}, the same generated data on each; one production
server per engine and size with the in-process caches off (MENU_CACHE_TTL_MS=0); each combination on each server back to back,
p50 of ${REQUESTS} sequential requests on one keep-alive connection (after ${WARMUP}). Combinations: every filter alone, in pairs and
in triples (q short and long, city, cuisine${ENDPOINTS.includes("dishes") ? ", diet, excludeAllergens, maxPrice+currency" : ""}, near+radiusKm, openNow/openAt,
cursor page 5, limit 1 and 50), values drawn from the data; ∅ marks the one value that matches nothing.${SAMPLE !== null ? ` A sample of ${SAMPLE} per endpoint.` : ""}${ONLY ? ` Only ${ONLY}.` : ""}
Target (issue #29): p50 at ${largest} ≤ ${TARGET.ratio}× its p50 at ${smallest}, and ≤ ${TARGET.ms} ms.

| | |
|---|---|
| date | ${env.date} |
| commit | ${env.commit} |
| machine | ${env.cpu}, ${env.memory}, Node ${env.node}; load average at start ${env.loadAverage}, at the end ${os.loadavg().map((n) => n.toFixed(2)).join(" ")} |
| combinations | ${results.length} |

## Worst per endpoint and engine (p50 ${smallest} → ${largest} restaurants)

${table(["endpoint", "engine", "combinations", "worst ratio", "worst p50", "target"], summary)}

## Combinations that miss the target

${missRows.length ? table(["endpoint", "engine", "combination", "query", `p50 ${smallest} → ${largest}`], missRows) : "None."}

## Query plans of the worst three

${EXPLAIN ? planSections.join("\n") : "(run without --no-explain)"}

## Every combination

${table(["endpoint", "combination", "query", ...ENGINES.map((e) => `${e} p50 ${smallest} → ${largest}`)], allRows)}
`;

writeFileSync(OUT, report);
log(`Written to ${path.relative(process.cwd(), OUT) || OUT}`);
process.stdout.write(`${table(["endpoint", "engine", "combinations", "worst ratio", "worst p50", "target"], summary)}\n`);
// The last line: the regression guard.
process.stdout.write(`worst ratio ${fmt.ratio(worstRatio)}× (${worstEngine}, ${worstRow.endpoint} ${worstRow.label}: ${fmt.ms(worstRow[worstEngine].small)} → ${fmt.ms(worstRow[worstEngine].large)})\n`);
