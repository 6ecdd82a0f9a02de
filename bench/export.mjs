// npm run bench:export -- --database file:/path/to/100k.db [--clients 3] [--out file]
//
// The bulk export (GET /api/public/export.ndjson) at scale: starts `npm start` (its heap cap
// included) on the given database — make one with `npm run db:generate -- --restaurants 100000`
// — and measures, on 127.0.0.1:
//   1. one client, plain and gzip: time to first byte, time to the end line, restaurants per second,
//      bytes, the server's peak RSS;
//   2. --clients clients at once (default 3): the same per client, and the server's peak RSS;
//   3. a slow client (reads 64 KB, then 1 KB a second) and a client that disconnects after
//      1 MB: the server's RSS while they hang on, and its CPU time after the disconnect (a
//      cancelled export reads nothing more).
// Prints a Markdown report on stdout, and writes it to --out as well when given (no default file:
// bench/results.md keeps the summaries worth keeping). `npm run bench -- --export-database <url>`
// runs it after the endpoint benchmark.
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { environment, fmt, ROOT, startServer, table } from "./lib.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 || process.argv[i + 1] === undefined ? fallback : process.argv[i + 1];
}
const DATABASE = option("database", process.env.DATABASE_URL);
if (!DATABASE) {
  console.error("usage: npm run bench:export -- --database file:/path/to/generated.db [--clients 3] [--out file]");
  process.exit(2);
}
const CLIENTS = Number(option("clients", 3));
const OUT = option("out", null) === null ? null : path.resolve(ROOT, option("out", ""));
const log = (line) => process.stderr.write(`${line}\n`);

const env = environment();
log(`Export benchmark on ${DATABASE}; load average ${env.loadAverage}`);
// The throttle off: the figures are of the export, not of the budget.
const server = await startServer({ env: { DATABASE_URL: DATABASE, RATE_LIMIT_PER_MINUTE: "0", EXPORT_MAX_CONCURRENT: String(Math.max(3, CLIENTS)) }, log });
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, server.rss() ?? 0)), 100);
const cpuSeconds = () => {
  // utime + stime of the server process, in seconds (Linux /proc, 100 ticks a second).
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** One export: ms to the first body byte, ms to the end, restaurant lines, bytes on the wire. */
function exportOnce({ gzip = false, slowAfter = Infinity, abortAfter = Infinity } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(`${server.baseUrl}/api/public/export.ndjson`, { headers: gzip ? { "accept-encoding": "gzip" } : {} }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
      let first = null;
      let wire = 0;
      let lines = 0;
      let tail = "";
      let end = null;
      const body = gzip ? res.pipe(zlib.createGunzip()) : res;
      res.on("data", (chunk) => {
        first ??= performance.now() - started;
        wire += chunk.length;
        if (wire > abortAfter) {
          req.destroy();
          resolve({ aborted: true, first, wire });
        } else if (wire > slowAfter) {
          res.pause();
          setTimeout(() => res.resume(), 1000);
        }
      });
      body.on("data", (chunk) => {
        const text = tail + chunk.toString("utf8");
        const parts = text.split("\n");
        tail = parts.pop();
        for (const line of parts) {
          if (line.startsWith('{"end":true')) end = JSON.parse(line);
          else if (line) lines++;
        }
      });
      body.on("end", () => resolve({ first, total: performance.now() - started, lines, wire, end, encoding: res.headers["content-encoding"] ?? "identity" }));
      body.on("error", reject);
    });
    req.on("error", (error) => (abortAfter < Infinity ? resolve({ aborted: true }) : reject(error)));
  });
}

const rows = [];
const record = (label, r, rss) =>
  rows.push([label, fmt.ms(r.first), `${(r.total / 1000).toFixed(1)} s`, fmt.int(r.lines), fmt.int(r.lines / (r.total / 1000)), `${(r.wire / 1024 / 1024).toFixed(0)} MB`, r.encoding, fmt.mb(rss)]);

try {
  for (const gzip of [false, true]) {
    peak = server.rss() ?? 0;
    const r = await exportOnce({ gzip });
    if (!r.end || r.end.count !== r.lines) throw new Error(`incomplete export: ${r.lines} lines, end ${JSON.stringify(r.end)}`);
    log(`  one client${gzip ? ", gzip" : ""}: first byte ${fmt.ms(r.first)}, ${r.lines} restaurants in ${(r.total / 1000).toFixed(1)} s`);
    record(`1 client${gzip ? ", gzip" : ""}`, r, peak);
  }
  peak = server.rss() ?? 0;
  const together = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => exportOnce({ gzip: i % 2 === 1 })));
  together.forEach((r, i) => record(`${CLIENTS} at once: client ${i + 1}${i % 2 === 1 ? ", gzip" : ""}`, r, peak));
  log(`  ${CLIENTS} clients at once: peak RSS ${fmt.mb(peak)}`);

  // A slow reader and one that leaves: the server holds a batch, not the export, and stops reading.
  peak = server.rss() ?? 0;
  const slow = exportOnce({ slowAfter: 64 * 1024 });
  await exportOnce({ abortAfter: 1024 * 1024 });
  await new Promise((r) => setTimeout(r, 1000));
  const cpuBefore = cpuSeconds();
  await new Promise((r) => setTimeout(r, 10_000));
  const slowPeak = peak;
  const cpuIdle = cpuSeconds() - cpuBefore;
  log(`  slow reader + a client that left: peak RSS ${fmt.mb(slowPeak)}, server CPU ${cpuIdle.toFixed(2)} s in 10 s`);
  void slow.catch(() => {});

  const report = [
    `## Bulk export at scale (npm run bench:export)`,
    "",
    `${env.date}, commit ${env.commit}, Node ${env.node}, ${env.cpu}, ${env.memory}, load average ${env.loadAverage}. Database ${DATABASE}. Server: npm start (its heap cap), on 127.0.0.1 with the client.`,
    "",
    table(["run", "first byte", "to the end line", "restaurants", "restaurants/s", "on the wire", "encoding", "server peak RSS"], rows),
    "",
    `A slow reader (64 KB, then 1 KB a second) and a client that disconnected after 1 MB: server peak RSS ${fmt.mb(slowPeak)} meanwhile; server CPU ${cpuIdle.toFixed(2)} s over the next 10 s (the slow reader's batches and the change watch's polls; the client that left costs nothing).`,
    "",
  ].join("\n");
  if (OUT) writeFileSync(OUT, report);
  process.stdout.write(report);
} finally {
  clearInterval(sampler);
  await server.stop();
}
