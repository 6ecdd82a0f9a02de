// npm start — everything a fresh clone needs, then the server:
//   0. the configuration, checked (lib/config-schema.mjs); `npm start -- --print-config` prints it
//   1. the Prisma client (normally made by npm install's postinstall)
//   2. a production build, when there is none or the sources changed since the last one (the
//      standalone output too, with public/ and .next/static copied beside its server.js)
//   3. the server on PORT (default 3000) and HOSTNAME (default 0.0.0.0), under the same guard as
//      every run mode's (lib/http/server-guard.mjs: connection cap, header and request deadlines,
//      no upgrades, the requests Next.js would answer itself with bare text or a redirect)
//      The database is checked (PostgreSQL: migrated by `npm run db:migrate`) or migrated and
//      seeded (SQLite, by default) as the server starts (instrumentation.ts: the same in every
//      run mode).
//   4. on SIGTERM/SIGINT a graceful stop (lib/http/server-guard.mjs gracefulStop, the same in every
//      run mode; package.json starts this with `exec node …` because npm forwards the signals it
//      gets to its child, and a shell in between would die of SIGTERM and leave the server
//      running as an orphan): readiness 503, still accepting for SHUTDOWN_DELAY_MS (SIGTERM only), then no new
//      connections, requests in flight answered (with Connection: close) for at most 10 s,
//      database pools closed, exit 0
// `npm run dev` does the same with Next's dev server; `npm run build` (--build) only builds (when
// the sources changed), and records what it built from, so the next `npm start` does not build again.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { dedupeServerChunks } from "./dedupe-server-chunks.mjs";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const dev = process.argv.includes("--dev");
const buildOnly = process.argv.includes("--build");
process.chdir(root);

// The configuration first (lib/config-schema.mjs): a bad value stops here, before a build, with one
// line per bad variable. --print-config prints the effective configuration and exits.
const { configOrExit, describeConfig } = await import("../lib/config-schema.mjs");
const settings = buildOnly ? undefined : configOrExit();
if (process.argv.includes("--print-config")) {
  console.log(describeConfig());
  process.exit(0);
}

function run(cmd, args, env = process.env) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Inputs of the build: a change to any of them means the build on disk is stale.
function sourceStamp() {
  const hash = createHash("sha256");
  const walk = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (name !== "generated" && name !== "node_modules") walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(p).update(readFileSync(p));
    }
  };
  for (const p of ["app", "lib", "public", "middleware.ts", "instrumentation.ts", "next.config.ts", "tsconfig.json", "package-lock.json", "prisma/schema.prisma", "scripts/dedupe-server-chunks.mjs"]) walk(p);
  // The benchmark's build has routes the production build does not (next.config.ts).
  hash.update(`bench=${process.env.BENCH_FLOOR === "1"}`); // as next.config.ts reads it, at build time
  return hash.digest("hex");
}

if (!existsSync("lib/db/generated/client.ts")) run(process.execPath, ["scripts/prisma-generate.mjs"]);

const nextBin = require.resolve("next/dist/bin/next");
const stampFile = ".next/source-stamp";

function build(stamp) {
  run(process.execPath, [nextBin, "build"], { ...process.env, NEXT_TELEMETRY_DISABLED: "1" });
  // Turbopack's byte-identical copies of server chunks, loaded once each (scripts/dedupe-server-chunks.mjs).
  for (const dir of [".next/server", ".next/standalone/.next/server"]) {
    const { files, bytes, traces } = dedupeServerChunks(dir);
    console.log(`${dir}: ${files} duplicate server chunks (${(bytes / 1e6).toFixed(1)} MB) now load their first copy; ${traces} route traces now name that copy too`);
  }
  // The standalone server serves public/ and .next/static from beside itself (Next.js leaves the
  // copy to us): with them it runs as `node .next/standalone/server.js`, as in the Dockerfile.
  for (const [from, to] of [["public", ".next/standalone/public"], [".next/static", ".next/standalone/.next/static"]]) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
  writeFileSync(stampFile, stamp);
}

function buildIfStale() {
  const stamp = sourceStamp();
  const built = existsSync(".next/BUILD_ID") && existsSync(".next/standalone/server.js") && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (built) return false;
  console.log("Building the app (first start or changed sources)…");
  build(stamp);
  return true;
}

if (buildOnly) {
  console.log(buildIfStale() ? "Built." : "The build is up to date with the sources.");
  process.exit(0);
}

const port = String(settings.PORT);
const hostname = settings.HOSTNAME;

if (!dev) buildIfStale();

process.env.NEXT_TELEMETRY_DISABLED = "1";
const { default: next } = await import("next");
const guard = await import("../lib/http/server-guard.mjs");
guard.installServerGuard();
const { recordListener } = await import("../lib/pages/render-listener.mjs");
// Stamps each request with its TCP peer for the throttle, before any request can arrive.
(await import("../lib/http/client-address-tap.mjs")).installClientAddressTap();
// In production, the config the build serialized, handed over as Next's own standalone server.js
// does (this variable is how Next reads it): without it the server transpiles next.config.ts at
// start, which loads Next's native SWC compiler and keeps ~25 MB of it resident for good.
if (!dev) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(".next/required-server-files.json", "utf8")).config);
const app = next({ dev, dir: root, hostname, port: Number(port) });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer(handle);
guard.guardServer(server);
// The HTML handler fetches the App Router's render over loopback (lib/pages/internal-render.ts):
// here on a listener of its own, which stays open while the public one drains.
const internal = createServer(handle);
guard.guardServer(internal, { internal: true });
await new Promise((resolve) => internal.listen(0, "127.0.0.1", resolve));
recordListener(internal.address(), { own: true });
const { processLog } = await import("../lib/observability/process-log.mjs");
server.on("error", (error) => {
  processLog().fatal(
    error.code === "EADDRINUSE"
      ? `Cannot listen on ${hostname}:${port}: the port is in use by another process. Stop it, or choose another port with PORT=…`
      : error.code === "EACCES"
        ? `Cannot listen on ${hostname}:${port}: permission denied (ports below 1024 need privileges). Choose another port with PORT=…`
        : `Cannot listen on ${hostname}:${port}: ${error.message}`,
  );
  process.exit(1);
});
server.listen(Number(port), hostname, () => {
  processLog().info(`Menu service ${dev ? "(dev) " : ""}listening on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
});
// SIGTERM and SIGINT are handled as in every run mode: lib/server/start-up.ts (instrumentation)
// takes them over with lib/http/server-guard.mjs takeOverSignals.
