// One per-endpoint measurement of a running server, in a process of its own: the soak bench runs
// it fresh, aged and rested, so every measurement has an equally fresh load generator and only
// the server has aged (autocannon shares the 2 cores with the server it measures).
//
//   node bench/measure-endpoints.mjs <baseUrl> <slug> [seconds per endpoint] [connections] [label] [metricsUrl]
// prints {"json":{rps,p99,p999,max,eld,…},"html":…,"markdown":…,"mcp":…} on stdout, progress on
// stderr. With the server's metrics URL, each endpoint's row has the server's event-loop delay
// during that endpoint's measured run (eld: p50, p99, max in ms).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { eventLoopDelay, fmt, load, MCP_HEADERS, mcpCall } from "./lib.mjs";

export const endpointsFor = (slug) => [
  { id: "json", name: "menu JSON", path: `/api/public/restaurants/${slug}` },
  { id: "html", name: "menu HTML", path: `/${slug}`, headers: { accept: "text/html" } },
  { id: "markdown", name: "Markdown twin", path: `/${slug}.md` },
  { id: "mcp", name: "MCP tools/call", path: "/api/mcp", method: "POST", headers: MCP_HEADERS, body: mcpCall("get_restaurant_menu", { slug }) },
];

/** Runs the measurement in a child process and resolves to its rows. */
export function measureInChild({ baseUrl, slug, seconds, connections, label, log, metricsUrl = "" }) {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [fileURLToPath(import.meta.url), baseUrl, slug, String(seconds), String(connections), label, metricsUrl], { maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout));
    });
    child.stderr.on("data", (d) => log(String(d).trimEnd()));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseUrl, slug, seconds = "15", connections = "50", label = "measured", metricsUrl = ""] = process.argv.slice(2);
  const rows = {};
  for (const e of endpointsFor(slug)) {
    const run = (duration) => load({ url: baseUrl + e.path, connections: Number(connections), duration, method: e.method, headers: e.headers, body: e.body });
    await run(2); // warm-up, not counted
    await eventLoopDelay(metricsUrl); // resets the server's histogram: the next read covers the run only
    rows[e.id] = await run(Number(seconds));
    rows[e.id].eld = await eventLoopDelay(metricsUrl);
    const r = rows[e.id];
    process.stderr.write(`  ${label} ${e.name}: ${fmt.int(r.rps)} req/s, p99 ${fmt.ms(r.p99)}, p99.9 ${fmt.ms(r.p999)}, max ${fmt.ms(r.max)}, event-loop delay p99 ${fmt.ms(r.eld?.p99)} max ${fmt.ms(r.eld?.max)}, unexpected ${r.unexpected}\n`);
  }
  process.stdout.write(JSON.stringify(rows));
}
