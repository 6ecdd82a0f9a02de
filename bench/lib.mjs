// Shared pieces of the benchmarks (bench/run.mjs, bench/growth.mjs, bench/lighthouse.mjs): a production server on a
// loopback port with a throw-away database, the floor app (bench/floor-app), the shipped edge in front, the load tool (autocannon, bounded in time), RSS
// readings and Markdown tables. Plain JavaScript: the benchmarks run with node alone.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const FIXTURE = path.join(ROOT, "tests/fixtures/menus.json");

/** Headers of an MCP request over HTTP (protocol 2025-11-25) and the body of one tools/call. */
export const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };
export const mcpCall = (name, args) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });

/** Ports handed out so far from BENCH_PORTS: a range is shared by servers that start at once. */
let nextRangePort = 0;

/** A free port: any (the system's choice), or the next free one of BENCH_PORTS=first-last when set (shared machines). */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? "");
  if (range) {
    const [first, last] = [Number(range[1]), Number(range[2])];
    for (let port = Math.max(first, nextRangePort); port <= last; port++) {
      nextRangePort = port + 1;
      if (await listenable(port)) return port;
    }
    throw new Error(`no free port left in BENCH_PORTS=${process.env.BENCH_PORTS}`);
  }
  return listenable(0);
}

function listenable(wanted) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", (error) => (wanted ? resolve(0) : reject(error)));
    srv.listen(wanted, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a TypeScript script of the project (scripts/*.ts) with tsx; throws with its output on failure. */
export function tsx(root, args, env, { inherit = false } = {}) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: inherit ? "inherit" : "pipe",
  });
  if (result.status !== 0) throw new Error(`tsx ${args.join(" ")} failed:\n${result.stdout ?? ""}\n${result.stderr ?? ""}`);
  return result.stdout ?? "";
}

/** Resident set size of a process in bytes (Linux /proc), or null. */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The node options and script of `npm start` (package.json), e.g. ["--max-old-space-size=256",
 * "scripts/start.mjs"]: the benchmark runs the server exactly as production starts it.
 */
export function npmStartArgs(root = ROOT) {
  const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts?.start ?? "node scripts/start.mjs";
  // "exec node …": npm's shell replaces itself with node (package.json), so signals reach the server.
  const words = script.trim().replace(/^exec\s+/, "").split(/\s+/);
  if (words[0] !== "node") throw new Error(`npm start is not "node …": ${script}`);
  return words.slice(1);
}

/**
 * `npm start` (scripts/start.mjs: migrations, build when the sources changed, the node:http
 * front) on a free loopback port. The process it spawns is the server itself, so its RSS is the
 * server's. `nodeArgs` go before npm start's own (e.g. --trace-gc); `onOutput` sees its output.
 */
export async function startServer({ root = ROOT, env = {}, log = () => {}, nodeArgs = [], onOutput = () => {} } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    ...env,
  };
  const child = spawn(process.execPath, [...nodeArgs, ...npmStartArgs(root)], { cwd: root, env: fullEnv, stdio: ["ignore", "pipe", "pipe"] });
  // A profile is written as the server exits: half an hour of CPU samples takes longer than 5 s.
  const exitWait = nodeArgs.some((arg) => /^--(cpu|heap)-prof/.test(arg)) ? 180_000 : 5000;
  // The tail only: a soak with --trace-gc prints for half an hour.
  let output = "";
  const collect = (d) => {
    output = (output + d).slice(-64_000);
    onOutput(String(d));
    if (/Building the app/.test(String(d))) log("  building the production app (sources changed since the last build)…");
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const deadline = Date.now() + 900_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.slice(-4000)}`);
    try {
      const res = await fetch(`${baseUrl}/api/public/plans`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in time:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid,
    rss: () => rssOf(child.pid),
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, exitWait))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/**
 * One load run with autocannon, bounded in time. Returns req/s (mean), latency percentiles (ms:
 * p50, p99, p99.9 and the slowest), the status mix and bytes per response.
 */
export async function load({ url, connections, duration, method = "GET", headers = {}, body, expectStatus = 200 }) {
  const result = await autocannon({ url, connections, duration, method, headers, body, pipelining: 1, timeout: 10 });
  const expected = expectStatus === 200 ? result["2xx"] : expectStatus === 304 ? result["3xx"] : 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    max: result.latency.max,
    requests: result.requests.total,
    unexpected: result.requests.total - expected + result.errors + result.timeouts,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/** Markdown table from a header row and rows of cells. */
export function table(head, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

export const fmt = {
  int: (n) => (n === null || n === undefined || Number.isNaN(n) ? "–" : Math.round(n).toLocaleString("en")),
  ms: (n) => (n === null || n === undefined ? "–" : `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`),
  ratio: (n) => (n === null || n === undefined || !Number.isFinite(n) ? "–" : n.toFixed(2)),
  mb: (b) => (b === null || b === undefined ? "–" : `${(b / 1024 / 1024).toFixed(0)} MB`),
  bytes: (b) => (b < 1024 ? `${b} B` : `${(b / 1024).toFixed(1)} KB`),
};

/** What the numbers were measured on. */
export function environment(root = ROOT) {
  const git = (args) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout?.trim() || null;
  const commit = git(["rev-parse", "--short", "HEAD"]);
  const dirty = git(["status", "--porcelain"]);
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    commit: commit ? `${commit}${dirty ? " (with uncommitted changes)" : ""}` : "(not a git checkout)",
    node: process.version,
    cpu: `${cpus.length} × ${cpus[0]?.model ?? "?"}`,
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB`,
    loadAverage: os.loadavg().map((n) => n.toFixed(2)).join(" "),
  };
}

export function hasBuild(root = ROOT) {
  return existsSync(path.join(root, ".next/BUILD_ID"));
}

/**
 * Latency of one client sending requests back to back (keep-alive) for `duration` seconds:
 * microsecond resolution, which autocannon's whole milliseconds lack at these latencies.
 */
export async function sequentialLatency({ url, duration, headers = {} }) {
  const { request, Agent } = await import("node:http");
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = request(url, { agent, headers }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode }));
      });
      req.on("error", reject);
      req.end();
    });
  const samples = [];
  let unexpected = 0;
  const end = Date.now() + duration * 1000;
  while (Date.now() < end) {
    const r = await once();
    if (r.status !== 200) unexpected++;
    samples.push(r.ms);
  }
  agent.destroy();
  samples.sort((a, b) => a - b);
  const at = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  return { p50: at(0.5), p99: at(0.99), rps: samples.length / duration, requests: samples.length, unexpected };
}

/**
 * The server's event-loop delay since the previous call, from prom-client's default metrics on the
 * metrics listener (METRICS_PORT): every scrape reads and then resets the histogram of
 * perf_hooks.monitorEventLoopDelay, so scraping before a measurement and after it gives that
 * window's delay. Milliseconds (p50, p99, max), or null without a metrics listener.
 */
export async function eventLoopDelay(metricsUrl) {
  if (!metricsUrl) return null;
  const text = await (await fetch(metricsUrl)).text();
  const read = (name) => {
    const m = new RegExp(`^nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, "m").exec(text);
    return m ? Number(m[1]) * 1000 : null;
  };
  return { p50: read("p50"), p99: read("p99"), max: read("max") };
}

// The floor app (bench/floor-app): a Next.js app of its own, built with the repository's Next.js
// into bench/floor-app/.next when its sources (or the Next.js/React versions) changed since the
// last build, and started with `next start` as production runs Next.js.
const FLOOR_APP = path.join(ROOT, "bench/floor-app");
const nextBin = path.join(ROOT, "node_modules/.bin/next");

function floorAppStamp() {
  const hash = createHash("sha256");
  const walk = (p) => {
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (name !== ".next" && name !== "node_modules") walk(path.join(p, name));
    } else {
      hash.update(path.relative(FLOOR_APP, p)).update(readFileSync(p));
    }
  };
  walk(FLOOR_APP);
  for (const pkg of ["next", "react", "react-dom"]) hash.update(`${pkg}@${JSON.parse(readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")).version}`);
  return hash.digest("hex");
}

/** Builds the floor app when needed and starts it with `next start` on a free loopback port. */
export async function startFloorApp({ log = () => {} } = {}) {
  const stamp = floorAppStamp();
  const stampFile = path.join(FLOOR_APP, ".next/bench-source-stamp");
  if (!existsSync(path.join(FLOOR_APP, ".next/BUILD_ID")) || !existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp) {
    log("Building the floor app (bench/floor-app: its sources changed since the last build) …");
    const built = spawnSync(nextBin, ["build", FLOOR_APP], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" }, encoding: "utf8" });
    if (built.status !== 0) throw new Error(`next build bench/floor-app failed:\n${built.stdout}\n${built.stderr}`);
    writeFileSync(stampFile, stamp);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(nextBin, ["start", FLOOR_APP, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output = (output + d).slice(-8000)));
  child.stderr.on("data", (d) => (output = (output + d).slice(-8000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the floor app exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/floor?bytes=100`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the floor app did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, rss: () => rssOf(child.pid), stop };
}

/**
 * The shipped edge (npm run edge) in front of `upstream` (host:port), its rendered template in `dir`,
 * with the per-client shares lifted: the load comes from one address, and measures the proxy and its
 * one-second cache, not the 429s.
 */
export async function startEdge(upstream, dir) {
  const port = await freePort();
  const template = path.join(dir, "edge.conf.template");
  const shipped = readFileSync(path.join(ROOT, "edge/nginx.conf.template"), "utf8");
  // autocannon writes its next request on a connection nginx has just closed at keepalive_requests
  // (measured: 3 errors in 66 622 at 1 000, none at 1 000 000), so the bench lifts that too.
  const lifted = shipped.replace(/^\s*limit_conn edge_conn \d+;\n/m, "").replace(/^\s*limit_req zone=edge_req[^;]*;\n/m, "");
  writeFileSync(template, lifted.replace(/keepalive_requests \d+;/, "keepalive_requests 1000000;"));
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/edge.mjs")], {
    env: { ...process.env, EDGE_PORT: `127.0.0.1:${port}`, EDGE_UPSTREAM: upstream, EDGE_TEMPLATE: template },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    if (await fetch(`${baseUrl}/`, { method: "HEAD" }).then(() => true, () => false)) return { baseUrl, stop: () => child.kill("SIGTERM") };
  }
  child.kill("SIGTERM");
  throw new Error("the edge (npm run edge) did not start in time");
}
