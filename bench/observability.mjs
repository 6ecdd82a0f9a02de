// What logs and traces cost (bench/run.mjs; `npm run bench -- --observability-only` runs this part
// alone): the same load on three servers of the same build and database, started side by side and
// measured in interleaved rounds —
//   off     LOG_LEVEL=silent, no tracing
//   logs    LOG_LEVEL=info (one JSON access line a request, on the bench's pipe)
//   traces  LOG_LEVEL=info and OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP sink
//           (protobuf, the default), which accepts and discards what it is sent
// — printed as throughput ratios to "off". Tracing "off" loads no SDK at all (lib/observability):
// the "off" server is what every deployment without OTEL_EXPORTER_OTLP_ENDPOINT runs.
import { createServer } from "node:http";
import os from "node:os";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fmt, load, startServer, table } from "./lib.mjs";

const START = "<!-- observability:start -->";
const END = "<!-- observability:end -->";

async function startSink() {
  let requests = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on("data", (d) => (bytes += d.length));
    req.on("end", () => {
      requests++;
      res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stats: () => ({ requests, bytes }), stop: () => new Promise((r) => server.close(r)) };
}

/**
 * @param {{ databaseUrl: string, slug: string, connections: number, duration: number, warmup: number, rounds: number, log: (line: string) => void }} o
 */
export async function observabilityCost({ databaseUrl, slug, connections, duration, warmup, rounds, log }) {
  log("\nObservability cost: three servers (logs off, logs on, logs and traces on) …");
  const sink = await startSink();
  const base = { DATABASE_URL: databaseUrl, RATE_LIMIT_PER_MINUTE: "0", LOG_FORMAT: "json" };
  const variants = [
    { key: "off", label: "logs off (LOG_LEVEL=silent)", env: { ...base, LOG_LEVEL: "silent" } },
    { key: "logs", label: "logs on (LOG_LEVEL=info)", env: { ...base, LOG_LEVEL: "info" } },
    { key: "traces", label: "logs + traces (OTLP to a local sink)", env: { ...base, LOG_LEVEL: "info", OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } },
  ];
  const servers = [];
  let logLines = 0;
  const loadBefore = os.loadavg()[0];
  try {
    for (const v of variants) {
      const onOutput = v.key === "off" ? () => {} : (d) => (logLines += (d.match(/"msg":"request"/g) ?? []).length);
      servers.push(await startServer({ env: v.env, log, onOutput }));
    }
    const endpoints = [
      { name: "restaurant JSON", path: `/api/public/restaurants/${slug}`, headers: {} },
      { name: "menu HTML", path: `/${slug}`, headers: { accept: "text/html" } },
    ];
    const results = [];
    for (const e of endpoints) {
      const slices = variants.map(() => []);
      for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < variants.length; k++) {
          const i = (k + round) % variants.length;
          const spec = { url: servers[i].baseUrl + e.path, headers: e.headers, connections };
          if (round === 0 && warmup > 0) await load({ ...spec, duration: warmup });
          slices[i].push(await load({ ...spec, duration: duration / rounds }));
        }
      }
      const row = { endpoint: e.name };
      variants.forEach((v, i) => {
        const rps = slices[i].reduce((n, r) => n + r.rps, 0) / slices[i].length;
        const p50 = slices[i].reduce((n, r) => n + r.p50, 0) / slices[i].length;
        const unexpected = slices[i].reduce((n, r) => n + r.unexpected, 0);
        row[v.key] = { rps, p50, unexpected };
        log(`  ${`${e.name}, ${v.label}`.padEnd(58)} ${fmt.int(rps).padStart(7)} req/s  p50 ${fmt.ms(p50)}${unexpected ? `  (${unexpected} unexpected)` : ""}`);
      });
      results.push(row);
    }
    return { connections, duration, rounds, results, sink: sink.stats(), logLines, load: [loadBefore, os.loadavg()[0]], cores: os.cpus().length };
  } finally {
    for (const s of servers) await s.stop();
    await sink.stop();
  }
}

export function observabilitySection(r) {
  const rows = r.results.map((row) => [
    row.endpoint,
    fmt.int(row.off.rps),
    `${fmt.int(row.logs.rps)} (**${fmt.ratio(row.logs.rps / row.off.rps)}**)`,
    `${fmt.int(row.traces.rps)} (**${fmt.ratio(row.traces.rps / row.off.rps)}**)`,
    `${fmt.ms(row.off.p50)} / ${fmt.ms(row.logs.p50)} / ${fmt.ms(row.traces.p50)}`,
    row.off.unexpected + row.logs.unexpected + row.traces.unexpected ? "❌ unexpected responses" : "",
  ]);
  return `${START}
## Observability cost (logs and traces)

The same load (${r.connections} connections, ${r.duration} s per server in ${r.rounds} interleaved rounds) on three servers of one build and
database, started side by side: logs off (\`LOG_LEVEL=silent\`), logs on (\`LOG_LEVEL=info\`: one JSON access line a request, read
by the benchmark from the server's stdout) and logs plus traces (\`OTEL_EXPORTER_OTLP_ENDPOINT\` to a local OTLP/HTTP sink, protobuf).
Req/s, and in parentheses the ratio to logs off. Without \`OTEL_EXPORTER_OTLP_ENDPOINT\` the tracing SDK is not loaded at all: the
"logs off" server is also the "traces off" one.

${table(["endpoint", "logs off req/s", "logs on (÷ off)", "logs + traces (÷ off)", "p50 off / logs / traces", ""], rows)}

Machine load (1-minute average) ${r.load.map((n) => n.toFixed(1)).join(" at the start, ")} at the end, on ${r.cores} cores: on a machine shared with other work
the three servers share the same disturbance only within a round, so read the ratios with the rounds' spread in mind.
During the runs the servers wrote ${fmt.int(r.logLines)} access lines and sent the sink ${fmt.int(r.sink.requests)} OTLP exports (${fmt.mb(r.sink.bytes)}).
${END}
`;
}

/** Puts the section into the results file in place of the previous one (or before the other benchmarks' sections). */
export function writeObservabilitySection(file, section) {
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  const start = previous.indexOf(START);
  const end = previous.indexOf(END);
  let next;
  if (start >= 0 && end > start) next = previous.slice(0, start) + section.trimEnd() + previous.slice(end + END.length);
  else {
    const others = previous.search(/<!-- (growth-dishes|soak):start -->/);
    next = others >= 0 ? `${previous.slice(0, others)}${section}\n${previous.slice(others)}` : `${previous.trimEnd()}\n\n${section}`;
  }
  writeFileSync(file, next);
}
