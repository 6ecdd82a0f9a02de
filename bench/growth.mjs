// npm run bench:growth — how search and menu lookups grow with the data.
//
// For each size (default 1k, 10k, 100k restaurants, ~50 items each) the deterministic generator
// fills a database (npm run db:generate; kept between runs in --cache, default
// $TMPDIR/menu-bench-growth, since 100k takes a while), then the production server runs on it
// with the in-process caches off (MENU_CACHE_TTL_MS=0: every request reaches the database; the
// throttle off, RATE_LIMIT_PER_MINUTE=0) and
// each query is timed over HTTP with one connection (sequential requests on one keep-alive connection, bounded in time): search by
// q (a unique term, a restaurant name, a dish), by city, by cuisine, and one menu lookup. The
// query plans come from bench/explain.ts: the capability's own queries, explained on that data.
// Same seed, same data: restaurant n is identical at every size, so the terms are the same.
//
// Dish search (GET /api/public/dishes) joins the same runs: a typical filtered query, q alone (a
// word and a one-letter term), near, openAt and a page deep into a result set (its cursor reached
// by walking the pages before it), against the first page of the same search.
//
// Options: --sizes 1000,10000,100000 --items 50 --seed 1 --duration 5 --cache <dir>
//          --out bench/growth.md; DATABASE_URL=postgresql://…/<server> runs it on PostgreSQL
//          (one scratch database per size on that server, kept).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { environment, fmt, ROOT, sequentialLatency, startServer, table, tsx } from "./lib.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 || process.argv[i + 1] === undefined ? fallback : process.argv[i + 1];
}
const SIZES = String(option("sizes", "1000,10000,100000")).split(",").map(Number);
const ITEMS = Number(option("items", 50));
const SEED = Number(option("seed", 1));
const DURATION = Number(option("duration", 5));
const CACHE = path.resolve(String(option("cache", path.join(os.tmpdir(), "menu-bench-growth"))));
const OUT = path.resolve(ROOT, String(option("out", "bench/growth.md")));
const POSTGRES = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL : null;
const log = (line) => process.stderr.write(`${line}\n`);
mkdirSync(CACHE, { recursive: true });

async function postgresDatabase(name) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database with `size` generated restaurants, made once and reused. */
async function database(size) {
  const name = `growth_${size}_s${SEED}_i${ITEMS}`;
  const marker = path.join(CACHE, `${name}${POSTGRES ? ".pg" : ""}.done`);
  const url = POSTGRES ? await postgresDatabase(name) : `file:${path.join(CACHE, `${name}.db`)}`;
  if (!existsSync(marker)) {
    log(`Generating ${size} restaurants (${ITEMS} items each) into ${POSTGRES ? name : url} …`);
    tsx(ROOT, ["scripts/generate.ts", "--restaurants", String(size), "--seed", String(SEED), "--items", String(ITEMS)], { ...process.env, DATABASE_URL: url }, { inherit: true });
    writeFileSync(marker, new Date().toISOString());
  }
  return url;
}

const env = environment();
const results = [];
let terms = null;

for (const size of SIZES) {
  const databaseUrl = await database(size);
  log(`\n${size} restaurants: starting the server (in-process caches off) …`);
  // The throttle off (RATE_LIMIT_PER_MINUTE=0): one client sends thousands of searches a minute here.
  const server = await startServer({ env: { DATABASE_URL: databaseUrl, MENU_CACHE_TTL_MS: "0", RATE_LIMIT_PER_MINUTE: "0" }, log });
  try {
    terms ??= await pickTerms(server.baseUrl);
    const queries = [
      { label: `q=${terms.unique} (one restaurant)`, kind: "q", path: `/api/public/restaurants?q=${encodeURIComponent(terms.unique)}`, search: { q: terms.unique } },
      { label: `q=${terms.name} (a restaurant name)`, kind: "q", path: `/api/public/restaurants?q=${encodeURIComponent(terms.name)}`, search: { q: terms.name } },
      { label: `q=${terms.dish} (a dish)`, kind: "q", path: `/api/public/restaurants?q=${encodeURIComponent(terms.dish)}`, search: { q: terms.dish } },
      { label: `city=${terms.city}`, kind: "city", path: `/api/public/restaurants?city=${encodeURIComponent(terms.city)}`, search: { city: terms.city } },
      { label: `cuisine=${terms.cuisine}`, kind: "cuisine", path: `/api/public/restaurants?cuisine=${encodeURIComponent(terms.cuisine)}`, search: { cuisine: terms.cuisine } },
      // What a search-as-you-type box sends first: terms in most names, counted up to the bound.
      ...["a", "e", "re"].map((q) => ({ label: `q=${q} (short term)`, kind: "q", path: `/api/public/restaurants?q=${q}`, search: { q } })),
      { label: `menu ${terms.slug}`, kind: "menu", path: `/api/public/restaurants/${terms.slug}`, menu: terms.slug },
      ...dishQueries(terms),
    ];
    for (const query of queries) {
      if (query.pages) query.path = await deepPath(server.baseUrl, query.path, query.pages);
      const probe = await fetch(server.baseUrl + query.path);
      const body = await probe.json();
      if (probe.status !== 200) throw new Error(`${query.path} answered ${probe.status}: ${JSON.stringify(body)}`);
      await sequentialLatency({ url: server.baseUrl + query.path, duration: 1 });
      const r = await sequentialLatency({ url: server.baseUrl + query.path, duration: DURATION });
      log(`  ${query.label.padEnd(48)} total ${String(body.total ?? "–").padStart(6)}  p50 ${fmt.ms(r.p50)}  p99 ${fmt.ms(r.p99)}  ${fmt.int(r.rps)} req/s`);
      results.push({ size, ...query, total: body.total ?? null, p50: r.p50, p99: r.p99, rps: r.rps });
    }
    const explained = JSON.parse(
      tsx(ROOT, ["bench/explain.ts", JSON.stringify(queries.map((q) => ({ label: q.label, ...(q.menu ? { menu: q.menu } : q.dishes ? { dishes: q.dishes, pages: q.pages } : { search: q.search }) })))], {
        ...process.env,
        DATABASE_URL: databaseUrl,
        MENU_CACHE_TTL_MS: "0",
      }),
    );
    for (const e of explained) results.find((r) => r.size === size && r.label === e.label).plans = e.statements;
  } finally {
    await server.stop();
  }
}

/** Terms from the first published restaurant: the same restaurant exists at every size. */
async function pickTerms(baseUrl) {
  const { results: list } = await (await fetch(`${baseUrl}/api/public/restaurants?limit=50`)).json();
  const slugs = list.map((r) => r.slug);
  // The lowest generated number among the first page: a small index exists at every size.
  const first = slugs.map((slug) => ({ slug, n: Number(/-(\d{6})$/.exec(slug)?.[1] ?? 1e9) })).sort((a, b) => a.n - b.n)[0];
  const menu = await (await fetch(`${baseUrl}/api/public/restaurants/${first.slug}`)).json();
  const dish = (menu.description ?? "").match(/serving ([^,]+),/)?.[1]?.split(" ").pop() ?? menu.name.split(" ")[0];
  const cities = (await (await fetch(`${baseUrl}/api/public/locations`)).json()).cities ?? [];
  const city = cities.find((c) => c.name === menu.contact?.city)?.slug ?? menu.contact?.city;
  const cuisines = (await (await fetch(`${baseUrl}/api/public/cuisines`)).json()).cuisines;
  const cuisine = cuisines.find((c) => c.name === menu.cuisine)?.slug ?? menu.cuisine;
  // Dish terms from the same menu: its first vegetarian dish without nuts, so the typical filtered
  // query matches at least that dish at every size.
  const items = (menu.categories ?? []).flatMap((c) => c.items ?? []);
  const veggie = items.find((i) => i.tags?.includes("vegetarian") && !i.allergens?.includes("nuts")) ?? items[0];
  const dishWord = veggie.name.toLowerCase().split(/\s+/).sort((a, b) => b.length - a.length)[0];
  return {
    slug: first.slug,
    unique: first.slug.slice(-6),
    name: menu.name,
    dish,
    city,
    cuisine,
    dishWord,
    currency: menu.currency,
    maxPrice: Math.ceil(veggie.price) + 5,
    near: menu.contact?.latitude != null ? `${menu.contact.latitude},${menu.contact.longitude}` : null,
  };
}

/** The dish searches of the bench, as query objects (the HTTP query string and the capability's input). */
function dishQueries(terms) {
  const typical = { q: terms.dishWord, city: terms.city, diet: "vegetarian", excludeAllergens: "nuts", maxPrice: String(terms.maxPrice), currency: terms.currency };
  const list = [
    { label: `dishes ${new URLSearchParams(typical)} (typical)`, dishes: typical },
    { label: `dishes q=${terms.dishWord}`, dishes: { q: terms.dishWord } },
    { label: `dishes q=a (short term)`, dishes: { q: "a" } },
    ...(terms.near ? [{ label: `dishes near=${terms.near}&radiusKm=5`, dishes: { near: terms.near, radiusKm: "5" } }] : []),
    { label: `dishes openAt=2026-07-10T19:30:00Z`, dishes: { openAt: "2026-07-10T19:30:00Z" } },
    { label: `dishes diet=vegetarian (first page)`, dishes: { diet: "vegetarian" } },
    // 100 pages of 20 in: keyset paging should make it cost what the first page costs.
    { label: `dishes diet=vegetarian (page 101, cursor)`, dishes: { diet: "vegetarian" }, pages: 100 },
  ];
  return list.map((d) => ({ ...d, kind: "dish", path: `/api/public/dishes?${new URLSearchParams(d.dishes)}` }));
}

/** The URL of the page after `pages` pages of `path`, following nextCursor. */
async function deepPath(baseUrl, path, pages) {
  let url = path;
  for (let i = 0; i < pages; i++) {
    const body = await (await fetch(baseUrl + url)).json();
    if (!body.nextCursor) throw new Error(`${path}: no page ${i + 2} (${body.total} matches)`);
    url = `${path}&cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  return url;
}

// ————— report —————

const labels = [...new Set(results.map((r) => r.label))];
const ratioRow = (label) => {
  const at = (size) => results.find((r) => r.label === label && r.size === size);
  const small = at(SIZES[0]);
  const large = at(SIZES[SIZES.length - 1]);
  const growth = small && large ? large.p50 / small.p50 : null;
  const kind = small?.kind;
  // Issue #14: restaurant searches within 2×, dish search within 3× (and ≤ 50 ms for the typical query).
  const bound = kind === "dish" ? 3 : 2;
  const target = kind === "menu" ? "flat" : kind === "dish" && /\(typical\)/.test(label) ? "≤ 3, ≤ 50 ms" : `≤ ${bound}`;
  const ok = growth === null ? "" : growth <= bound && (!/\(typical\)/.test(label) || large.p50 <= 50) ? "✅" : "❌";
  return [
    label,
    ...SIZES.map((size) => {
      const r = at(size);
      return r ? `${fmt.ms(r.p50)} (${r.total === null ? "–" : r.total.toLocaleString("en")})` : "–";
    }),
    growth === null ? "–" : `${fmt.ratio(growth)} ${ok}`,
    target,
  ];
};

const planSections = [];
for (const size of [SIZES[SIZES.length - 1]]) {
  for (const r of results.filter((x) => x.size === size)) {
    const lines = (r.plans ?? []).map((s) => `${s.sql.replace(/\s+/g, " ").slice(0, 160)}${s.sql.length > 160 ? " …" : ""}\n${s.plan.map((p) => `    ${p}`).join("\n")}`);
    planSections.push(`### ${r.label} (${size.toLocaleString("en")} restaurants)\n\n\`\`\`\n${lines.join("\n")}\n\`\`\`\n`);
  }
}

const report = `# Growth: search and menu lookup as the data grows

Generated by \`npm run bench:growth\` (bench/growth.mjs): ${SIZES.map((s) => s.toLocaleString("en")).join(" / ")} restaurants from the
deterministic generator (seed ${SEED}, ${ITEMS} items each) on ${POSTGRES ? "PostgreSQL" : "SQLite"}; the production server with the
in-process caches off (MENU_CACHE_TTL_MS=0, every request reaches the database); each query for ${DURATION} s over HTTP with one
connection on 127.0.0.1. Cells: p50 latency (total matches). The restaurant and terms are the same at every size.

| | |
|---|---|
| date | ${env.date} |
| commit | ${env.commit} |
| machine | ${env.cpu}, ${env.memory}, Node ${env.node}; load average at start ${env.loadAverage} |

${table(["query", ...SIZES.map((s) => `${s.toLocaleString("en")} restaurants`), `p50 ${SIZES[SIZES.length - 1].toLocaleString("en")} ÷ ${SIZES[0].toLocaleString("en")}`, "target"], labels.map(ratioRow))}

p99 at ${SIZES[SIZES.length - 1].toLocaleString("en")}: ${results
  .filter((r) => r.size === SIZES[SIZES.length - 1])
  .map((r) => `${r.label} ${fmt.ms(r.p99)}`)
  .join("; ")}.

## Query plans

Every statement the capability runs for the query, with ${POSTGRES ? "EXPLAIN (ANALYZE)" : "EXPLAIN QUERY PLAN"}, at the largest size.

${planSections.join("\n")}`;

writeFileSync(OUT, report);
process.stdout.write(`\n${report}\n`);
log(`Written to ${path.relative(process.cwd(), OUT) || OUT}`);
