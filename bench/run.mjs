// npm run bench — throughput of the main endpoints against references served in the same run.
//
// Starts the production build (scripts/start.mjs, building it first when the sources changed)
// with a throw-away SQLite database (demo data + tests/fixtures/menus.json), and the benchmark's
// own floor app (bench/floor-app, built the same way when its sources changed), then loads each endpoint with autocannon on 127.0.0.1 for a bounded time at 10 and 50
// connections:
//   restaurant JSON   GET /api/public/restaurants/{slug}
//   search            GET /api/public/restaurants?q=…
//   Markdown twin     GET /{slug}.md
//   menu HTML         GET /{slug}
//   MCP tools/call    POST /api/mcp (get_restaurant_menu)
// and, right after each, its references with a body of the same size:
//   (a) floor  — a Next.js route handler (same Next.js, next start) returning a prebuilt constant
//                body: bench/floor-app/app/floor/route.js, a separate app; the product has no such route
//   (b) plain  — a plain node:http server sending the same bytes (bench/plain-server.mjs)
//   (c) static — for the menu HTML: a prerendered page of the same size (bench/floor-app/app/static)
// Also: the shipped edge (npm run edge) in front of the app and of the plain server; 304 for every conditional GET, middleware never on /api (the compiled matcher, and API
// throughput with vs without middleware.ts in a second build), server RSS during and after.
// An endpoint that is not there (404/500 on the probe) is skipped with the reason printed.
//
// Options: --duration <s> (10, per endpoint and reference, split over --rounds 2 interleaved rounds)
//          --warmup <s> (2) --connections 10,50 --only json,search,…
//          --skip-edge (no nginx in front) --skip-middleware (no second build) --middleware-rounds <n> (6) --out <file> (bench/results.md)
//          --skip-observability (no logs/traces comparison) --observability-only (only that comparison,
//          written into its own section of the results file: bench/observability.mjs)
//          --export-database <url> (or BENCH_EXPORT_DATABASE): also the bulk export at scale on that
//          generated database — time to first byte, restaurants/s, peak RSS (bench/export.mjs)
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { environment, fmt, FIXTURE, freePort, load, MCP_HEADERS, mcpCall, npmStartArgs, ROOT, rssOf, startEdge, startFloorApp, startServer, table, tsx } from "./lib.mjs";
import { observabilityCost, observabilitySection, writeObservabilitySection } from "./observability.mjs";

// ————— options —————

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = process.argv[i + 1];
  return value === undefined || value.startsWith("--") ? true : value;
}
const DURATION = Number(option("duration", 10));
const WARMUP = Number(option("warmup", 2));
const CONNECTIONS = String(option("connections", "10,50")).split(",").map(Number);
const ONLY = option("only", null) ? String(option("only")).split(",") : null;
const SKIP_MIDDLEWARE = option("skip-middleware", false) === true;
const OUT = path.resolve(ROOT, String(option("out", "bench/results.md")));
const MIDDLEWARE_ROUNDS = Number(option("middleware-rounds", 6));
const SKIP_OBSERVABILITY = option("skip-observability", false) === true;
const OBSERVABILITY_ONLY = option("observability-only", false) === true;
const ROUNDS = Math.max(1, Number(option("rounds", 2)));
const log = (line) => process.stderr.write(`${line}\n`);

const TARGETS = { json: 0.8, markdown: 0.8, search: 0.6, html: 0.8, middleware: 0.95, rssMb: 300 };

// ————— setup —————

const env = environment();
log(`Benchmark: ${DURATION} s per run (+${WARMUP} s warm-up), connections ${CONNECTIONS.join(", ")}; load average ${env.loadAverage}`);
const tmp = mkdtempSync(path.join(os.tmpdir(), "menu-bench-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));
const databaseUrl = `file:${path.join(tmp, "bench.db")}`;
// SEED_DEMO_DATA: a database DATABASE_URL names gets the demo data only when asked (issue 46).
const dbEnv = { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "true" };
log("Database: demo data + tests/fixtures/menus.json …");
tsx(ROOT, ["scripts/db-migrate.ts"], dbEnv);
tsx(ROOT, ["scripts/import.ts", FIXTURE], dbEnv);

log("Starting the production server …");
// The throttle off (RATE_LIMIT_PER_MINUTE=0): one client sends thousands of searches a minute here,
// and the figure is of the search, not of the 429 that would answer most of them.
const server = await startServer({ env: { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "0" }, log });
const plain = await startPlainServer();
let floor = null; // the floor app, started once the endpoints are known (not for --observability-only)
let rssMax = server.rss() ?? 0;
const cleanup = async () => {
  await server.stop();
  plain.stop();
  await floor?.stop();
  rmSync(tmp, { recursive: true, force: true });
};
process.on("SIGINT", () => cleanup().then(() => process.exit(130)));

async function startPlainServer() {
  const child = spawn(process.execPath, [path.join(ROOT, "bench/plain-server.mjs"), "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve) => child.stdout.once("data", (d) => resolve(Number(String(d).trim()))));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

// ————— what to load —————

async function fetchBytes(url, init = {}) {
  const res = await fetch(url, init);
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes: buf.length, text: buf.toString("utf8") };
}

/** A restaurant with a menu of typical-to-large size (75th percentile of the first 50 by name). */
async function pickRestaurant() {
  const list = await fetchBytes(`${server.baseUrl}/api/public/restaurants?limit=50`);
  const slugs = JSON.parse(list.text).results.map((r) => r.slug);
  const sized = [];
  for (const slug of slugs) sized.push({ slug, ...(await fetchBytes(`${server.baseUrl}/api/public/restaurants/${slug}`)) });
  sized.sort((a, b) => a.bytes - b.bytes);
  const chosen = sized[Math.floor(sized.length * 0.75)];
  return { slug: chosen.slug, menu: JSON.parse(chosen.text) };
}

/** A search term (3+ letters, so the index answers it) that finds a handful of restaurants. */
async function pickQuery(menu) {
  const words = [...new Set(`${menu.name} ${menu.description ?? ""} ${menu.cuisine ?? ""}`.toLowerCase().match(/\p{L}{4,}/gu) ?? [])];
  let best = { q: words[0] ?? menu.slug.slice(0, 5), total: 0 };
  for (const q of words.slice(0, 12)) {
    const { total } = JSON.parse((await fetchBytes(`${server.baseUrl}/api/public/restaurants?q=${encodeURIComponent(q)}`)).text);
    if (total >= 2 && total <= 20 && (best.total < 2 || total > best.total)) best = { q, total };
  }
  return best.q;
}

const { slug, menu } = await pickRestaurant();
const q = await pickQuery(menu);
log(`Restaurant: ${slug}; search: q=${q}`);

const observabilityOptions = { databaseUrl, slug, connections: CONNECTIONS[0], duration: DURATION, warmup: WARMUP, rounds: ROUNDS, log };
if (OBSERVABILITY_ONLY) {
  await server.stop();
  plain.stop();
  const section = observabilitySection(await observabilityCost(observabilityOptions));
  writeObservabilitySection(OUT, section);
  process.stdout.write(`\n${section}\n`);
  log(`Written to ${path.relative(process.cwd(), OUT) || OUT}`);
  process.exit(0);
}

const mcpBody = mcpCall("get_restaurant_menu", { slug });

const ENDPOINTS = [
  { id: "json", name: "restaurant JSON", path: `/api/public/restaurants/${slug}`, type: "json", target: TARGETS.json },
  { id: "search", name: "search", path: `/api/public/restaurants?q=${encodeURIComponent(q)}`, type: "json", target: TARGETS.search },
  { id: "markdown", name: "Markdown twin", path: `/${slug}.md`, headers: { accept: "text/markdown" }, type: "markdown", target: TARGETS.markdown },
  { id: "html", name: "menu HTML", path: `/${slug}`, headers: { accept: "text/html" }, type: "html", target: TARGETS.html, versus: "static" },
  { id: "mcp", name: "MCP tools/call", path: "/api/mcp", method: "POST", headers: MCP_HEADERS, body: mcpBody, type: "json", target: null },
].filter((e) => !ONLY || ONLY.includes(e.id));

const skipped = [];
const active = [];
for (const e of ENDPOINTS) {
  const probe = await fetchBytes(server.baseUrl + e.path, { method: e.method ?? "GET", headers: e.headers, body: e.body });
  if (probe.status !== 200) {
    const reason = `${e.method ?? "GET"} ${e.path} answered ${probe.status} (${probe.text.slice(0, 80).replace(/\s+/g, " ")}…) — not implemented in this build?`;
    skipped.push({ ...e, reason });
    log(`  skip ${e.name}: ${reason}`);
    continue;
  }
  if (e.id === "mcp" && !/"result"/.test(probe.text)) {
    skipped.push({ ...e, reason: `tools/call did not return a result: ${probe.text.slice(0, 120)}` });
    continue;
  }
  active.push({ ...e, bytes: probe.bytes, etag: probe.headers.get("etag"), contentType: probe.headers.get("content-type") });
}

// References of the same size.
floor = await startFloorApp({ log });
log(`Floor app (bench/floor-app): ${floor.baseUrl}`);
const floorUrl = (e) => `${floor.baseUrl}/floor?bytes=${e.bytes}&type=${e.type}`;
const plainUrl = (e) => `${plain.url}/bytes?n=${e.bytes}&type=${e.type}`;

let staticPage = null;
const html = active.find((e) => e.id === "html");
if (html) {
  const base = await fetchBytes(`${floor.baseUrl}/static/0`, { headers: { accept: "text/html" } });
  if (base.status === 200) {
    // The padding shows up twice in the document (the HTML and React's payload for hydration):
    // size ≈ base + k·padding. Measure k, aim, then correct once.
    const sizeAt = async (padding) => (await fetchBytes(`${floor.baseUrl}/static/${padding}`, { headers: { accept: "text/html" } })).bytes;
    const probe = 10_000;
    const k = Math.max(1, ((await sizeAt(probe)) - base.bytes) / probe);
    let padding = Math.max(0, Math.round((html.bytes - base.bytes) / k));
    padding = Math.max(0, padding + Math.round((html.bytes - (await sizeAt(padding))) / k));
    const page = await fetchBytes(`${floor.baseUrl}/static/${padding}`, { headers: { accept: "text/html" } });
    staticPage = { url: `${floor.baseUrl}/static/${padding}`, bytes: page.bytes, cache: page.headers.get("x-nextjs-cache") };
  } else {
    log(`  no prerendered reference page (the floor app's /static/0 answered ${base.status})`);
  }
}

// ————— load —————

async function measure(label, spec) {
  if (WARMUP > 0) await load({ ...spec, duration: WARMUP });
  const r = await load({ ...spec, duration: DURATION });
  rssMax = Math.max(rssMax, server.rss() ?? 0);
  log(`  ${label.padEnd(34)} ${fmt.int(r.rps).padStart(7)} req/s  p50 ${fmt.ms(r.p50)}  p99 ${fmt.ms(r.p99)}${r.unexpected ? `  (${r.unexpected} unexpected)` : ""}`);
  return r;
}

// Each endpoint and its references are measured in ROUNDS interleaved slices of DURATION/ROUNDS
// seconds, the order rotating every round, so a slow minute on a shared machine hits them alike.
async function measureInterleaved(targets) {
  const slices = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < targets.length; k++) {
      const i = (k + round) % targets.length;
      const { spec } = targets[i];
      if (round === 0 && WARMUP > 0) await load({ ...spec, duration: WARMUP });
      slices[i].push(await load({ ...spec, duration: DURATION / ROUNDS }));
      rssMax = Math.max(rssMax, server.rss() ?? 0);
    }
  }
  return targets.map((t, i) => {
    const mean = (key) => slices[i].reduce((n, r) => n + r[key], 0) / slices[i].length;
    const r = { rps: mean("rps"), p50: mean("p50"), p99: Math.max(...slices[i].map((x) => x.p99)), unexpected: slices[i].reduce((n, x) => n + x.unexpected, 0) };
    log(`  ${t.label.padEnd(34)} ${fmt.int(r.rps).padStart(7)} req/s  p50 ${fmt.ms(r.p50)}  p99 ${fmt.ms(r.p99)}${r.unexpected ? `  (${r.unexpected} unexpected)` : ""}`);
    return r;
  });
}

const runs = [];
for (const connections of CONNECTIONS) {
  log(`\n${connections} connections`);
  for (const e of active) {
    const spec = { connections, method: e.method ?? "GET", headers: e.headers ?? {}, body: e.body };
    const targets = [
      { key: "self", label: e.name, spec: { ...spec, url: server.baseUrl + e.path } },
      { key: "floor", label: `  floor route (${fmt.bytes(e.bytes)})`, spec: { ...spec, url: floorUrl(e), headers: {} } },
      { key: "plain", label: `  plain node:http (${fmt.bytes(e.bytes)})`, spec: { ...spec, url: plainUrl(e), headers: {} } },
    ];
    if (e.id === "html" && staticPage) {
      targets.push({ key: "static", label: `  prerendered page (${fmt.bytes(staticPage.bytes)})`, spec: { connections, url: staticPage.url, headers: { accept: "text/html" } } });
    }
    const measured = await measureInterleaved(targets);
    const row = { endpoint: e, connections };
    targets.forEach((t, i) => (row[t.key] = measured[i]));
    runs.push(row);
  }
}

// ————— 304 —————

log("\nConditional GETs");
const conditional = [];
for (const e of active.filter((x) => (x.method ?? "GET") === "GET")) {
  const res = e.etag ? await fetchBytes(server.baseUrl + e.path, { headers: { ...e.headers, "if-none-match": e.etag } }) : null;
  conditional.push({ endpoint: e, etag: e.etag, status: res?.status ?? null, bytes: res?.bytes ?? null });
}
let notModifiedLoad = null;
const jsonEndpoint = active.find((e) => e.id === "json");
if (jsonEndpoint?.etag) {
  notModifiedLoad = await measure("restaurant JSON, If-None-Match → 304", {
    connections: CONNECTIONS[0],
    url: server.baseUrl + jsonEndpoint.path,
    headers: { "if-none-match": jsonEndpoint.etag },
    expectStatus: 304,
  });
}

// ————— the edge in front —————

const edgeRuns = [];
const mcpEndpoint = active.find((e) => e.id === "mcp");
if (jsonEndpoint && !option("skip-edge", false)) {
  log("\nThe edge (nginx) in front of the app and of the plain server");
  const appEdge = await startEdge(new URL(server.baseUrl).host, tmp);
  const plainEdge = await startEdge(new URL(plain.url).host, tmp);
  try {
    for (const connections of CONNECTIONS) {
      const spec = { connections };
      const targets = [
        { key: "app", label: "restaurant JSON, app", spec: { ...spec, url: server.baseUrl + jsonEndpoint.path } },
        { key: "appEdge", label: "  through the edge", spec: { ...spec, url: appEdge.baseUrl + jsonEndpoint.path } },
        { key: "plain", label: `  plain node:http (${fmt.bytes(jsonEndpoint.bytes)})`, spec: { ...spec, url: plainUrl(jsonEndpoint) } },
        { key: "plainEdge", label: "  plain node:http through the edge", spec: { ...spec, url: plainUrl(jsonEndpoint).replace(plain.url, plainEdge.baseUrl) } },
      ];
      if (mcpEndpoint) {
        const mcp = { ...spec, method: "POST", headers: mcpEndpoint.headers, body: mcpEndpoint.body };
        targets.push({ key: "mcp", label: "MCP tools/call, app", spec: { ...mcp, url: server.baseUrl + mcpEndpoint.path } });
        targets.push({ key: "mcpEdge", label: "  through the edge (never cached)", spec: { ...mcp, url: appEdge.baseUrl + mcpEndpoint.path } });
      }
      log(`${connections} connections`);
      const measured = await measureInterleaved(targets);
      const row = { connections };
      targets.forEach((t, i) => (row[t.key] = measured[i]));
      edgeRuns.push(row);
    }
  } finally {
    appEdge.stop();
    plainEdge.stop();
  }
}

// ————— middleware never on /api —————

function compiledMatchers(root) {
  for (const file of ["functions-config-manifest.json", "middleware-manifest.json"]) {
    const p = path.join(root, ".next/server", file);
    if (!existsSync(p)) continue;
    const manifest = JSON.parse(readFileSync(p, "utf8"));
    const fn = manifest.functions?.["/_middleware"] ?? Object.values(manifest.middleware ?? {})[0];
    if (fn?.matchers) return fn.matchers.map((m) => new RegExp(m.regexp));
  }
  return null;
}
const matchers = compiledMatchers(ROOT);
const apiPaths = ["/api/public", "/api/public/restaurants", `/api/public/restaurants/${slug}`, "/api/mcp", "/api/internal/revalidate", "/api/nope"];
const matcherCheck = apiPaths.map((p) => ({ path: p, entersMiddleware: matchers ? matchers.some((re) => re.test(p)) : null }));
const pageCheck = [`/${slug}`, `/${slug}.md`].map((p) => ({ path: p, entersMiddleware: matchers ? matchers.some((re) => re.test(p)) : null }));

let middlewareCompare = null;
// RSS "after the run" is that of the server that took every endpoint's load, read before it stops.
const rssAfter = server.rss();
if (!SKIP_MIDDLEWARE && jsonEndpoint && existsSync(path.join(ROOT, "middleware.ts"))) {
  log("\nMiddleware: the same app without middleware.ts (a second build, cached between runs) …");
  // Two fresh servers, started together: the one above has served every endpoint by now and holds
  // full caches and a larger heap, which alone made it measure slower than a fresh copy of
  // itself. Only the middleware should differ between the two sides.
  await server.stop();
  const withMiddleware = await startServer({ env: { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "0" }, log });
  try {
    const variant = await startVariantWithoutMiddleware();
    // Interleaved rounds, alternating which goes first, so drift on a shared machine hits both.
    const rounds = [];
    for (let i = 0; i < MIDDLEWARE_ROUNDS; i++) {
      const run = (label, base) => measure(`restaurant JSON (${label}) #${i + 1}`, { connections: CONNECTIONS[0], url: base + jsonEndpoint.path });
      const round = {};
      if (i % 2 === 0) {
        round.withMw = await run("with middleware", withMiddleware.baseUrl);
        round.without = await run("no middleware", variant.baseUrl);
      } else {
        round.without = await run("no middleware", variant.baseUrl);
        round.withMw = await run("with middleware", withMiddleware.baseUrl);
      }
      rounds.push(round);
    }
    // Where the middleware does run (page paths), what it costs: informational.
    const pages = [];
    for (const e of active.filter((x) => x.id === "markdown" || x.id === "html")) {
      const spec = { connections: CONNECTIONS[0], headers: e.headers ?? {} };
      const withMw = await measure(`${e.name} (with middleware)`, { ...spec, url: withMiddleware.baseUrl + e.path });
      const without = await measure(`${e.name} (no middleware)`, { ...spec, url: variant.baseUrl + e.path });
      pages.push({ name: e.name, with: withMw.rps, without: without.rps });
    }
    await variant.stop();
    // All requests of all rounds over all their time: one figure per side.
    const w = rounds.reduce((n, r) => n + r.withMw.rps, 0) / rounds.length;
    const wo = rounds.reduce((n, r) => n + r.without.rps, 0) / rounds.length;
    middlewareCompare = { with: w, without: wo, ratio: w / wo, rounds, pages };
  } catch (error) {
    log(`  middleware comparison failed: ${error.message.split("\n")[0]}`);
    middlewareCompare = { error: error.message.split("\n")[0] };
  } finally {
    await withMiddleware.stop();
  }
}

async function startVariantWithoutMiddleware() {
  const dir = path.join(os.tmpdir(), "menu-bench-no-middleware");
  mkdirSync(dir, { recursive: true });
  const keep = new Set(["node_modules", ".next"]);
  for (const name of existsSync(dir) ? spawnSync("ls", ["-A", dir], { encoding: "utf8" }).stdout.split("\n").filter(Boolean) : []) {
    if (!keep.has(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  const skip = new Set(["node_modules", ".next", ".git", "data", "test-results", "middleware.ts", "proxy.ts"]);
  cpSync(ROOT, dir, { recursive: true, filter: (src) => !skip.has(path.relative(ROOT, src).split(path.sep)[0]) || path.relative(ROOT, src) === "" });
  rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
  // Hard links: Next.js's build does not follow a symlinked node_modules.
  const cp = spawnSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  if (cp.status !== 0) throw new Error(`cp -al node_modules failed: ${cp.stderr}`);
  return startServer({ root: dir, env: { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "0" }, log });
}

// The logs/traces comparison starts servers of its own: the one above is stopped first.
await server.stop();
let observability = null;
if (!SKIP_OBSERVABILITY) {
  try {
    observability = await observabilityCost(observabilityOptions);
  } catch (error) {
    log(`  observability comparison failed: ${error.message.split("\n")[0]}`);
  }
}

await cleanup();

// ————— report —————

const ratio = (a, b) => (a && b ? a.rps / b.rps : null);
const verdict = (value, target) => (value === null || target === null ? "" : value >= target ? "✅" : "❌");
const sections = [];
sections.push(`# Benchmark results

Generated by \`npm run bench\` (bench/run.mjs). Each figure is autocannon's mean over ${DURATION} s (after a ${WARMUP} s warm-up), measured in
${ROUNDS} interleaved rounds with the references of the same endpoint, on 127.0.0.1, load generator and server on the same machine
(p99: the worst round). Ratios compare runs made side by side in the same process.

| | |
|---|---|
| date | ${env.date} |
| commit | ${env.commit} |
| machine | ${env.cpu}, ${env.memory}, Node ${env.node} |
| load average at start | ${env.loadAverage} (other work on the machine lowers every figure alike; the ratios are what count) |
| data | demo data + test fixture (SQLite); restaurant \`${slug}\`, search \`q=${q}\` |
| in-process cache TTL | ${process.env.MENU_CACHE_TTL_MS ?? "30000 (default)"} ms |
| server | \`node ${npmStartArgs().join(" ")}\` (as \`npm start\`), NODE_ENV=production |
| floor and prerendered page | bench/floor-app (\`next start\`, its own build; the product has no benchmark route) |
`);

for (const connections of CONNECTIONS) {
  const rows = runs
    .filter((r) => r.connections === connections)
    .map((r) => {
      const versusStatic = r.endpoint.versus === "static";
      const main = versusStatic ? ratio(r.self, r.static) : ratio(r.self, r.floor);
      return [
        r.endpoint.name,
        fmt.bytes(r.endpoint.bytes),
        fmt.int(r.self.rps),
        fmt.ms(r.self.p50),
        fmt.ms(r.self.p99),
        fmt.int(r.floor.rps),
        fmt.ratio(ratio(r.self, r.floor)),
        fmt.int(r.plain.rps),
        fmt.ratio(ratio(r.self, r.plain)),
        versusStatic ? `${fmt.int(r.static?.rps)} (${fmt.ratio(main)})` : "",
        // A figure made of answers other than the endpoint's own (a 429, a 503) measures nothing.
        r.self.unexpected
          ? `❌ ${fmt.int(r.self.unexpected)} unexpected responses`
          : r.endpoint.target === null
            ? "–"
            : `${versusStatic ? "static" : "floor"} ≥ ${r.endpoint.target} ${verdict(main, r.endpoint.target)}`,
      ];
    });
  sections.push(`## ${connections} connections

${table(["endpoint", "body", "req/s", "p50", "p99", "floor req/s", "÷ floor", "plain req/s", "÷ plain", "prerendered page req/s (÷)", "target"], rows)}
`);
}

if (skipped.length) {
  sections.push(`## Skipped\n\n${skipped.map((s) => `- ${s.name}: ${s.reason}`).join("\n")}\n`);
}

if (edgeRuns.length) {
  const cell = (r) => (r ? `${fmt.int(r.rps)} (p99 ${fmt.ms(r.p99)})${r.unexpected ? ` ❌ ${fmt.int(r.unexpected)} unexpected` : ""}` : "–");
  sections.push(`## The edge (nginx) in front

The shipped edge (\`npm run edge\`, per-client shares lifted for a one-address load) in front of the
app and of the plain node:http server, restaurant JSON (the edge's 1-second cache answers most
repeats) and MCP tools/call (POST, always passed through). req/s:

${table(
  ["connections", "app", "app through the edge", "plain node:http", "plain through the edge", "MCP, app", "MCP through the edge"],
  edgeRuns.map((r) => [r.connections, cell(r.app), cell(r.appEdge), cell(r.plain), cell(r.plainEdge), cell(r.mcp), cell(r.mcpEdge)]),
)}
`);
}

sections.push(`## Conditional GETs (304)

${table(
  ["endpoint", "ETag", "If-None-Match →", "body"],
  conditional.map((c) => [c.endpoint.name, c.etag ? "yes" : "**none**", c.status === 304 ? "304 ✅" : `${c.status ?? "–"} ❌`, c.bytes === null ? "–" : `${c.bytes} B`]),
)}
${notModifiedLoad ? `\nUnder load (${CONNECTIONS[0]} connections): ${fmt.int(notModifiedLoad.rps)} req/s of 304, p50 ${fmt.ms(notModifiedLoad.p50)}, p99 ${fmt.ms(notModifiedLoad.p99)}${notModifiedLoad.unexpected ? `, ${notModifiedLoad.unexpected} not 304 ❌` : ""}.\n` : ""}`);

sections.push(`## Middleware never on /api

The compiled matcher (.next/server/functions-config-manifest.json) against the paths:

${table(["path", "enters middleware"], [...matcherCheck, ...pageCheck].map((m) => [`\`${m.path}\``, m.entersMiddleware === null ? "(no middleware in the build)" : m.entersMiddleware ? "yes" : "no"]))}

${
  middlewareCompare?.error
    ? `Throughput comparison failed: ${middlewareCompare.error}`
    : middlewareCompare
      ? `Restaurant JSON at ${CONNECTIONS[0]} connections, mean of ${MIDDLEWARE_ROUNDS} interleaved rounds (${middlewareCompare.rounds.map((r) => fmt.ratio(r.withMw.rps / r.without.rps)).join(", ")} per round): with middleware.ts ${fmt.int(middlewareCompare.with)} req/s, same app built without it ${fmt.int(middlewareCompare.without)} req/s → **${fmt.ratio(middlewareCompare.ratio)}** (target ≥ ${TARGETS.middleware} ${verdict(middlewareCompare.ratio, TARGETS.middleware)}).` +
        (middlewareCompare.pages.length
          ? `\n\nFor comparison, page paths, where the middleware does run (one round each; without it the page handler negotiates itself):\n\n${table(
              ["page", "with middleware", "without", "ratio"],
              middlewareCompare.pages.map((p) => [p.name, `${fmt.int(p.with)} req/s`, `${fmt.int(p.without)} req/s`, fmt.ratio(p.with / p.without)]),
            )}`
          : "")
      : "Throughput comparison not run (--skip-middleware, or no middleware.ts)."
}
`);

sections.push(`## Memory

Server RSS: highest seen during the runs ${fmt.mb(rssMax)}; after the run ${fmt.mb(rssAfter)} (target ≤ ${TARGETS.rssMb} MB ${verdict(rssAfter !== null ? -rssAfter : null, -TARGETS.rssMb * 1024 * 1024)}).
`);

if (observability) sections.push(observabilitySection(observability));
// The bulk export at scale, on a generated database (npm run db:generate): bench/export.mjs.
const EXPORT_DATABASE = option("export-database", process.env.BENCH_EXPORT_DATABASE ?? null);
if (typeof EXPORT_DATABASE === "string") {
  log(`Bulk export on ${EXPORT_DATABASE} (bench/export.mjs) …`);
  const exportReport = path.join(tmp, "export.md");
  const run = spawnSync(process.execPath, [path.join(ROOT, "bench/export.mjs"), "--database", EXPORT_DATABASE, "--out", exportReport], { stdio: ["ignore", "ignore", "inherit"] });
  sections.push(run.status === 0 ? readFileSync(exportReport, "utf8") : `## Bulk export at scale\n\nbench/export.mjs failed (exit ${run.status}).\n`);
} else {
  sections.push("## Bulk export at scale\n\nNot run: pass `--export-database file:/path/to/generated.db` (made by `npm run db:generate -- --restaurants 100000`), or run `npm run bench:export -- --database …`.\n");
}

const report = sections.join("\n");
// Everything from the first other benchmark's marker on (the growth summary, bench/soak.mjs's
// section and the notes on its runs) is theirs: keep it.
const previous = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
const others = previous.search(/<!-- (growth-dishes|soak):start -->/);
writeFileSync(OUT, others >= 0 ? `${report.trimEnd()}\n\n${previous.slice(others)}` : report);
process.stdout.write(`\n${report}\n`);
log(`Written to ${path.relative(process.cwd(), OUT) || OUT}`);
