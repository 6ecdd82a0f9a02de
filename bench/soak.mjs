// npm run bench:soak — does the server age? Fresh measurement, a long mixed flood, the same
// measurement again, with RSS and the V8 heap sampled every minute.
//
// The server is `npm start`'s command (its heap cap included) plus --trace-gc, whose Mark-Compact
// lines give the live heap after each full collection, on a throw-away SQLite database (demo data
// + tests/fixtures/menus.json). Load is autocannon on 127.0.0.1, bounded in time:
//   0. warm-up: the mixed flood of step 2 for --warmup seconds (default 60), not measured
//   1. per endpoint, 50 connections: menu JSON, menu HTML, Markdown twin, MCP tools/call
//   2. the mixed flood (--minutes, default 30): distinct HTML search pages (restaurants and
//      dishes), distinct languages (/{slug}/{lang} and ?lang=), distinct Markdown and JSON
//      searches of both kinds, MCP searches of both kinds, menus in
//      every representation and 404s — most URLs never seen before, as a crawler or an abusive
//      client sends them
//   3. step 1 again
// Targets (issue #11): every endpoint ≥ 0.9× its fresh throughput and ≤ 1.5× its fresh p99; RSS
// ≤ 300 MB throughout and < 5 % growth from minute 5 to the end (each minute's mean RSS); no errors (socket errors,
// timeouts, 5xx). Stalls (issue #29): every endpoint, fresh and aged, p99.9 ≤ 250 ms and max ≤ 1 s, and
// the server's event-loop delay p99 ≤ 50 ms while it is measured. The delay comes from the server's
// own perf_hooks histogram (prom-client's default metrics on the metrics listener, METRICS_PORT, which
// the soak turns on): scraped before and after each measured run, and each minute of the flood. Writes its section of bench/results.md (between the soak markers) and exits 1
// when a target is missed.
//
// Options: --minutes <n> (30) --measure <s> (15 per endpoint) --connections <n> (50) --out <file>
//          --rounds <n> (3: each measurement is every endpoint in turn this many times; see below)
//          --node-args "<flags>" (added to the server's node options, to try one)
//          --rest <s> (0: after the aged measurement, rest and measure once more)
//          --warmup <s> (60: the mixed flood before the fresh measurement; 0 measures a cold server)
//          --edge (the load goes through the shipped edge, nginx, as in production: its connection
//          reuse and one-second cache in front; the per-client shares lifted, the load has one address)
//
// Why the warm-up: a server that has only ever answered one endpoint runs it on code V8 optimised
// for that one kind of request. One fresh server measured twice in a row (no flood between, each
// time every endpoint in turn) gave menu JSON 1 336 then 1 126 req/s, p99 63 then 92 ms: the
// first figure is the cold JIT state, not the fresh server. With the warm-up the fresh
// measurement meets a server that has run every kind of request once, as the aged one has, so
// aged ÷ fresh measures what 30 minutes change.
//
// Why rounds: one 15-s run per endpoint moved aged ÷ fresh by ±20 % between soaks of the same
// code (MCP's fresh figure 2 279, 2 677 and 3 075 req/s in three soaks of one day; a CPU profile
// of fresh and aged showed the same work in the same shares). The load generator shares the 2
// cores with the server, so one run measures the machine's moment as much as the server. Each
// measurement is now --rounds runs of every endpoint in turn; throughput and p99 are the rounds'
// medians, and the stall figures (p99.9, max, event-loop delay) the worst round's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { environment, eventLoopDelay, fmt, FIXTURE, freePort, MCP_HEADERS, mcpCall, npmStartArgs, ROOT, startEdge, startServer, table, tsx } from "./lib.mjs";
import { endpointsFor, measureInChild } from "./measure-endpoints.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 || process.argv[i + 1] === undefined ? fallback : process.argv[i + 1];
}
const MINUTES = Number(option("minutes", 30));
const MEASURE = Number(option("measure", 15));
const ROUNDS = Math.max(1, Number(option("rounds", 3)));
const CONNECTIONS = Number(option("connections", 50));
const OUT = path.resolve(ROOT, option("out", "bench/results.md"));
// Extra V8/Node options for the server, to try a setting before it goes into npm start.
const NODE_ARGS = String(option("node-args", "")).split(/\s+/).filter(Boolean);
// After the aged measurement, rest this long and measure once more: tells a slowdown that stays
// (aging) from one that passes once the flood's work has drained.
const REST = Number(option("rest", 0));
const WARMUP = Number(option("warmup", 60));
const EDGE = process.argv.includes("--edge");
const TARGETS = { throughput: 0.9, p99: 1.5, rssMb: 300, growth: 0.05, p999Ms: 250, maxMs: 1000, eldP99Ms: 50 };
const log = (line) => process.stderr.write(`${line}\n`);

const env = environment();
const tmp = mkdtempSync(path.join(os.tmpdir(), "menu-soak-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));
const databaseUrl = `file:${path.join(tmp, "soak.db")}`;
log("Database: demo data + tests/fixtures/menus.json …");
// SEED_DEMO_DATA: a database DATABASE_URL names gets the demo data only when asked (issue 46).
tsx(ROOT, ["scripts/db-migrate.ts"], { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "true" });
tsx(ROOT, ["scripts/import.ts", FIXTURE], { ...process.env, DATABASE_URL: databaseUrl });

// The live heap after the latest full collection, from --trace-gc.
const heap = { live: null, committed: null, mu: null };
let pending = "";
function readGcTrace(chunk) {
  const lines = (pending + chunk).split("\n");
  pending = lines.pop() ?? "";
  for (const line of lines) {
    const m = /Mark-Compact[^\d]*[\d.]+ \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB.*?average mu = ([\d.]+)/.exec(line);
    if (m) Object.assign(heap, { live: Number(m[2]), committed: Number(m[3]), mu: Number(m[4]) });
    // The pause each collection cost the main thread ("…MB, 12.3 / 0.0 ms"): a long one is a stall.
    const pause = /: (Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact)\b.*?MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
    if (pause && Number(pause[2]) > gcPause.ms) Object.assign(gcPause, { ms: Number(pause[2]), kind: pause[1] });
  }
}
// The longest GC pause since the last reset (each minute of the flood, each measurement).
const gcPause = { ms: 0, kind: null };
function takeGcPause() {
  const longest = { ...gcPause };
  Object.assign(gcPause, { ms: 0, kind: null });
  return longest;
}

log("Starting the server as npm start does, with --trace-gc …");
// Throttling off: the flood comes from one address, and it must reach the caches and renders.
// The metrics listener on: its event-loop delay histogram is how the soak sees stalls from inside.
const metricsPort = await freePort();
const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
// No shutdown delay: the server exits at once on SIGTERM, so a --cpu-prof given with --node-args is written.
const server = await startServer({ env: { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "0", METRICS_PORT: String(metricsPort), SHUTDOWN_DELAY_MS: "0" }, log, nodeArgs: ["--trace-gc", ...NODE_ARGS], onOutput: readGcTrace });
const edge = EDGE ? await startEdge(new URL(server.baseUrl).host, tmp) : null;
process.on("exit", () => edge?.stop());
process.on("SIGINT", () => server.stop().then(() => process.exit(130)));
/** Where the load goes: the server, or the edge in front of it. */
const target = edge ? edge.baseUrl : server.baseUrl;

const slugs = (await (await fetch(`${server.baseUrl}/api/public/restaurants?limit=50`)).json()).results.map((r) => r.slug);
const slug = slugs[Math.floor(slugs.length / 2)];
const words = [...new Set(slugs.flatMap((s) => s.split("-")).filter((w) => w.length >= 3))];
const ENDPOINTS = endpointsFor(slug);

// Each measurement runs in a fresh process (bench/measure-endpoints.mjs), so the load generator
// is as fresh for the aged measurement as for the fresh one.
// Each resolves with the longest GC pause while it ran, as rows.gc.
const measure = async (label) => {
  takeGcPause();
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    rounds.push(await measureInChild({ baseUrl: target, slug, seconds: MEASURE, connections: CONNECTIONS, label: ROUNDS > 1 ? `${label} ${round}/${ROUNDS}` : label, log, metricsUrl }));
  }
  return { ...Object.fromEntries(ENDPOINTS.map((e) => [e.id, combineRounds(rounds.map((r) => r[e.id]))])), gc: takeGcPause() };
};

/** The median of numbers (the lower middle of an even count). */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** One endpoint's rounds as one row: throughput and p99 their medians, the stall figures the worst round's. */
function combineRounds(rows) {
  const worst = (pick) => Math.max(...rows.map(pick));
  const elds = rows.map((r) => r.eld);
  return {
    rps: median(rows.map((r) => r.rps)),
    p99: median(rows.map((r) => r.p99)),
    p999: worst((r) => r.p999),
    max: worst((r) => r.max),
    eld: elds.includes(null) ? null : { p50: median(elds.map((e) => e.p50)), p99: worst((r) => r.eld.p99), max: worst((r) => r.eld.max) },
    unexpected: rows.reduce((sum, r) => sum + r.unexpected, 0),
    rounds: rows.map((r) => r.rps),
  };
}

// The mixed flood: every request picks its kind in turn; most URLs are new.
const ALLERGEN_CODES = ["gluten", "milk", "nuts", "eggs", "fish", "soy", "sesame"];
let n = 0;
const pick = (list) => list[n % list.length];
const word = () => `${words[(n * 7) % words.length]}${n % 3 === 0 ? "" : n}`;
const FLOOD = [
  () => ({ path: `/search?q=${encodeURIComponent(word())}`, headers: { accept: "text/html" } }),
  () => ({ path: `/${pick(slugs)}?lang=${String.fromCharCode(97 + (n % 26), 97 + ((n >> 5) % 26))}`, headers: { accept: "text/html" } }),
  () => ({ path: `/${pick(slugs)}/${String.fromCharCode(97 + (n % 26), 97 + ((n >> 3) % 26))}`, headers: { accept: "text/html" } }),
  () => ({ path: `/search.md?q=${encodeURIComponent(word())}&city=${n % 5 === 0 ? "zurich" : ""}` }),
  () => ({ path: `/dishes?q=${encodeURIComponent(word())}&diet=vegan&excludeAllergens=${ALLERGEN_CODES[n % ALLERGEN_CODES.length]}`, headers: { accept: "text/html" } }),
  () => ({ path: `/dishes.md?q=${encodeURIComponent(word())}${n % 4 === 0 ? "&city=zurich" : ""}` }),
  () => ({ path: `/api/public/dishes?q=${encodeURIComponent(word())}&maxPrice=${(n % 40) + 5}&currency=CHF&limit=${(n % 50) + 1}` }),
  () => ({ path: `/api/public/restaurants?q=${encodeURIComponent(word())}&limit=${(n % 50) + 1}` }),
  () => ({ path: `/api/public/restaurants/${pick(slugs)}` }),
  () => ({ path: `/${pick(slugs)}`, headers: { accept: "text/html" } }),
  () => ({ path: `/${pick(slugs)}.md` }),
  () => ({ method: "POST", path: "/api/mcp", headers: MCP_HEADERS, body: mcpCall("search_restaurants", { q: word() }) }),
  () => ({ method: "POST", path: "/api/mcp", headers: MCP_HEADERS, body: mcpCall("search_dishes", { q: word(), excludeAllergens: [ALLERGEN_CODES[n % ALLERGEN_CODES.length]] }) }),
  () => ({ method: "POST", path: "/api/mcp", headers: MCP_HEADERS, body: mcpCall("get_restaurant_menu", { slug: pick(slugs) }) }),
  () => ({ path: `/api/public/restaurants/no-such-${n}` }),
  () => ({ path: `/no-such-page-${n}`, headers: { accept: "text/html" } }),
];

function flood(seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            setupRequest: (req) => {
              n++;
              const next = FLOOD[n % FLOOD.length]();
              return { ...req, method: next.method ?? "GET", path: next.path, headers: next.headers ?? {}, body: next.body };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

if (WARMUP > 0) {
  log(`Warm-up: ${WARMUP} s of the mixed flood …`);
  const w = await flood(WARMUP);
  log(`  ${fmt.int(w.requests.average)} req/s, errors ${w.errors + w.timeouts + w["5xx"]}`);
}
log(`Fresh measurement (${ROUNDS} × ${MEASURE} s per endpoint, ${CONNECTIONS} connections) …`);
const fresh = await measure("fresh");

const samples = [];
let rssMax = server.rss() ?? 0;
let floodErrors = 0;
let floodRequests = 0;
let shed = 0;
const started = Date.now();
for (let minute = 1; minute <= MINUTES; minute++) {
  // RSS every 2 s: the highest for the bound, the minute's mean for the growth. One reading at the
  // minute's end swings ±10 MB with where the collector happens to be (committed heap), which is
  // as large as the growth the target allows.
  const readings = [];
  const sampler = setInterval(() => {
    const value = server.rss();
    if (value !== null) readings.push(value);
    rssMax = Math.max(rssMax, value ?? 0);
  }, 2000);
  await eventLoopDelay(metricsUrl);
  takeGcPause();
  const r = await flood(60);
  const eld = await eventLoopDelay(metricsUrl);
  const gc = takeGcPause();
  clearInterval(sampler);
  const rss = server.rss();
  rssMax = Math.max(rssMax, rss ?? 0);
  floodRequests += r.requests.total;
  floodErrors += r.errors + r.timeouts + r["5xx"];
  // 503 service_unavailable is load shedding, counted apart (it is also inside 5xx above).
  const rssMean = readings.length ? readings.reduce((a, b) => a + b, 0) / readings.length : rss;
  samples.push({ minute, rss, rssMean, heapLive: heap.live, heapCommitted: heap.committed, mu: heap.mu, rps: r.requests.average, p99: r.latency.p99, max: r.latency.max, eld, gc, errors: r.errors + r.timeouts + r["5xx"] });
  log(`  minute ${minute}: ${fmt.int(r.requests.average)} req/s, RSS ${fmt.mb(rss)}, live heap ${heap.live ?? "–"} MB (mu ${heap.mu ?? "–"}), errors ${r.errors + r.timeouts + r["5xx"]}, max latency ${fmt.ms(r.latency.max)}, event-loop delay p99 ${fmt.ms(eld?.p99)} max ${fmt.ms(eld?.max)}, longest GC pause ${fmt.ms(gc.ms)} (${gc.kind ?? "–"}); RSS mean ${fmt.mb(rssMean)}; load generator heap ${fmt.mb(process.memoryUsage().heapUsed)}`);
  if (server.rss() === null) throw new Error(`the server died in minute ${minute}:\n${server.output().slice(-3000)}`);
}
const floodMinutes = (Date.now() - started) / 60000;

log("Aged measurement …");
const aged = await measure("aged");
const rssAfter = server.rss();
let rested = null;
if (REST > 0) {
  log(`Resting ${REST} s, then measuring again …`);
  await new Promise((resolve) => setTimeout(resolve, REST * 1000));
  rested = await measure("rested");
}
edge?.stop();
await server.stop();

// ————— verdicts and the report —————
const ok = (pass) => (pass ? "✅" : "❌");
const endpointRows = ENDPOINTS.map((e) => {
  const f = fresh[e.id];
  const a = aged[e.id];
  const tp = a.rps / f.rps;
  const p99 = a.p99 / Math.max(f.p99, 1);
  return { e, f, a, tp, p99, pass: tp >= TARGETS.throughput && p99 <= TARGETS.p99 && f.unexpected === 0 && a.unexpected === 0 };
});
// A measurement without a stall: its slowest requests and the server's event loop within bounds.
const calm = (m) => m.p999 <= TARGETS.p999Ms && m.max <= TARGETS.maxMs && m.eld !== null && m.eld.p99 <= TARGETS.eldP99Ms;
const stallRows = ENDPOINTS.flatMap((e) =>
  [["fresh", fresh], ["aged", aged], ...(rested ? [["rested", rested]] : [])].map(([state, m]) => ({ e, state, m: m[e.id], pass: state === "rested" || calm(m[e.id]) })),
);
const at5 = samples.find((s) => s.minute === Math.min(5, MINUTES))?.rssMean ?? null;
const last = samples.at(-1)?.rssMean ?? null;
const growth = at5 && last ? (last - at5) / at5 : null;
const checks = {
  endpoints: endpointRows.every((r) => r.pass),
  stalls: stallRows.every((r) => r.pass),
  rss: rssMax <= TARGETS.rssMb * 1024 * 1024,
  growth: growth !== null && growth < TARGETS.growth,
  errors: floodErrors === 0,
};

const section = `<!-- soak:start -->
## Soak: ${MINUTES} minutes of mixed flood (\`npm run bench:soak${EDGE ? " -- --edge" : ""}\`)

| | |
|---|---|
| date | ${env.date} |
| commit | ${env.commit} |
| machine | ${env.cpu}, ${env.memory}, Node ${env.node} (load generator on the same machine); load average at the start ${env.loadAverage}, at the end ${os.loadavg().map((n) => n.toFixed(2)).join(" ")} |
| server | \`METRICS_PORT=… node --trace-gc ${[...NODE_ARGS, ...npmStartArgs()].join(" ")}\` (as \`npm start\`), SQLite, demo data + fixture${EDGE ? "; the load through the shipped edge (edge/nginx.conf.template, per-client shares lifted)" : ""} |
| load | autocannon, ${CONNECTIONS} connections; ${ROUNDS} rounds of ${MEASURE} s per endpoint fresh and aged (every endpoint in turn each round), each round from a fresh load-generator process; req/s and p99 the rounds' medians, p99.9, max and event-loop delay the worst round's; ${WARMUP ? `fresh = after a ${WARMUP}-s warm-up of the same mixed flood` : "fresh = a cold server (no warm-up)"}; flood ${floodMinutes.toFixed(1)} min, ${fmt.int(floodRequests)} requests, ${FLOOD.length} request kinds, mostly URLs never seen before |

${table(
  ["endpoint", "fresh req/s", "aged req/s", "aged ÷ fresh (≥ 0.9)", "fresh p99", "aged p99", "p99 aged ÷ fresh (≤ 1.5)", "met"],
  endpointRows.map((r) => [r.e.name, fmt.int(r.f.rps), fmt.int(r.a.rps), fmt.ratio(r.tp), fmt.ms(r.f.p99), fmt.ms(r.a.p99), fmt.ratio(r.p99), ok(r.pass)]),
)}

${ROUNDS > 1 ? `req/s of each round, fresh → aged: ${endpointRows.map((r) => `${r.e.name} ${r.f.rounds.map(fmt.int).join(" / ")} → ${r.a.rounds.map(fmt.int).join(" / ")}`).join("; ")}.\n\n` : ""}Stalls: the slowest requests of each measurement, and the server's event-loop delay (perf_hooks, 10 ms resolution) during it (targets: p99.9 ≤ ${TARGETS.p999Ms} ms, max ≤ ${fmt.int(TARGETS.maxMs)} ms, event-loop delay p99 ≤ ${TARGETS.eldP99Ms} ms${rested ? "; the rested row is for comparison" : ""}):

${table(
  ["endpoint", "state", "req/s", "p99", "p99.9", "max", "event-loop delay p99", "event-loop delay max", "met"],
  stallRows.map((r) => [r.e.name, r.state, fmt.int(r.m.rps), fmt.ms(r.m.p99), fmt.ms(r.m.p999), fmt.ms(r.m.max), fmt.ms(r.m.eld?.p99), fmt.ms(r.m.eld?.max), r.state === "rested" ? "–" : ok(r.pass)]),
)}

Longest GC pause (--trace-gc) during the measurements: fresh ${fmt.ms(fresh.gc.ms)} (${fresh.gc.kind ?? "–"}), aged ${fmt.ms(aged.gc.ms)} (${aged.gc.kind ?? "–"})${rested ? `, rested ${fmt.ms(rested.gc.ms)} (${rested.gc.kind ?? "–"})` : ""}.

${rested ? `After ${REST} s of rest: ${ENDPOINTS.map((e) => `${e.name} ${fmt.int(rested[e.id].rps)} req/s (${fmt.ratio(rested[e.id].rps / fresh[e.id].rps)} × fresh), p99 ${fmt.ms(rested[e.id].p99)}`).join("; ")}.\n\n` : ""}Flood errors (socket errors, timeouts, 5xx): ${floodErrors} ${ok(checks.errors)}. RSS: highest ${fmt.mb(rssMax)} (≤ ${TARGETS.rssMb} MB ${ok(checks.rss)}); mean of minute ${Math.min(5, MINUTES)} ${fmt.mb(at5)}, of the last minute ${fmt.mb(last)}, growth ${growth === null ? "–" : `${(growth * 100).toFixed(1)} %`} (< 5 % ${ok(checks.growth)}; single readings as those minutes ended: ${fmt.mb(samples.find((s) => s.minute === Math.min(5, MINUTES))?.rss ?? null)} and ${fmt.mb(samples.at(-1)?.rss ?? null)}); after the aged measurement ${fmt.mb(rssAfter)}.

RSS and heap each minute of the flood (RSS (mean): every 2 s through the minute; RSS (at the end): one reading as the minute ends; live heap: after the latest full collection; mu: V8's mutator utilisation, the share of time not spent in GC):

${table(
  ["minute", "RSS (mean)", "RSS (at the end)", "live heap", "heap committed", "mu", "flood req/s", "flood p99", "flood max", "event-loop delay p99", "event-loop delay max", "longest GC pause", "errors"],
  samples.map((s) => [s.minute, fmt.mb(s.rssMean), fmt.mb(s.rss), s.heapLive === null ? "–" : `${s.heapLive} MB`, s.heapCommitted === null ? "–" : `${s.heapCommitted} MB`, s.mu ?? "–", fmt.int(s.rps), fmt.ms(s.p99), fmt.ms(s.max), fmt.ms(s.eld?.p99), fmt.ms(s.eld?.max), s.gc.kind ? `${fmt.ms(s.gc.ms)} (${s.gc.kind})` : "–", s.errors]),
)}
<!-- soak:end -->`;

const previous = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
const marked = /<!-- soak:start -->[\s\S]*<!-- soak:end -->/;
writeFileSync(OUT, marked.test(previous) ? previous.replace(marked, section) : `${previous.trimEnd()}\n\n${section}\n`);
log(`\nWrote the soak section of ${path.relative(ROOT, OUT)}`);
console.log(section);
const passed = Object.values(checks).every(Boolean);
log(passed ? "Every soak target met." : `Missed: ${Object.entries(checks).filter(([, v]) => !v).map(([k]) => k).join(", ")}`);
process.exit(passed ? 0 : 1);
