// npm start — everything a fresh clone needs, then Next.js's own server:
//   0. the configuration, checked (lib/config-schema.mjs); `npm start -- --print-config` prints it
//   1. the Prisma client (normally made by npm install's postinstall)
//   2. a production build, when there is none or the sources changed since the last one (the
//      standalone output, with public/ and .next/static copied beside its server.js)
//   3. a clear line when PORT is taken, rather than Next.js's stack trace
//   4. Next.js's standalone server.js, in this process (the same server the container runs):
//      instrumentation.ts creates, migrates and seeds the SQLite database, starts the logs and
//      metrics, and takes over SIGTERM/SIGINT for a graceful stop (lib/server/start-up.ts).
//      package.json starts this with `exec node …` so the signals reach this process directly.
// `npm run dev` runs `next dev` after steps 0–1; `npm run build` (--build) only builds (when the
// sources changed), and records what it built from, so the next `npm start` does not build again.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const buildOnly = process.argv.includes("--build");
process.chdir(root);

// The configuration first (lib/config-schema.mjs): a bad value stops here, before a build, with one
// line per bad variable. --print-config prints the effective configuration and exits.
// Next.js's documented switch: its server leaves SIGTERM/SIGINT to the graceful stop
// (lib/server/start-up.ts). Set before the configuration is read, which records it: set after, the
// server (sharing that reading) warned on every npm start that the graceful stop was off.
if (!dev && !buildOnly) process.env.NEXT_MANUAL_SIG_HANDLE = "true";
// The standalone server's documented KEEP_ALIVE_TIMEOUT: Node's 5 s closes idle connections as
// clients (undici keeps 4 s) and load balancers (60 s) reuse them; above 60 s they close first.
if (!dev && !buildOnly) process.env.KEEP_ALIVE_TIMEOUT ||= "65000";
const { configOrExit, describeConfig } = await import("../lib/config-schema.mjs");
// `npm start --print-config` (no `--`): npm keeps the flag, and the server would start instead.
const { refuseNpmEatenFlags } = await import("./npm-eaten-flags.mjs");
refuseNpmEatenFlags("start", ["--print-config"], process.argv.slice(2).filter((a) => a !== "--dev" && a !== "--build"));
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
  for (const p of ["app", "lib", "public", "middleware.ts", "instrumentation.ts", "next.config.ts", "tsconfig.json", "package-lock.json", "prisma/schema.prisma"]) walk(p);
  return hash.digest("hex");
}

if (!existsSync("lib/db/generated/client.ts")) run(process.execPath, ["scripts/prisma-generate.mjs"]);

const nextBin = path.join(root, "node_modules/.bin/next");
const stampFile = ".next/source-stamp";

function build(stamp) {
  run(nextBin, ["build"], { ...process.env, NEXT_TELEMETRY_DISABLED: "1" });
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
process.env.NEXT_TELEMETRY_DISABLED = "1";

if (dev) {
  run(nextBin, ["dev", "-p", port, "-H", hostname]);
  process.exit(0);
}
buildIfStale();

// Next.js reports a taken port with a stack trace; an operator needs one line.
const listenError = await new Promise((resolve) => {
  const probe = createServer();
  probe.once("error", resolve);
  probe.listen(Number(port), hostname, () => probe.close(() => resolve(undefined)));
});
if (listenError) {
  const { processLog } = await import("../lib/observability/process-log.mjs");
  processLog().fatal(
    listenError.code === "EADDRINUSE"
      ? `Cannot listen on ${hostname}:${port}: the port is in use by another process. Stop it, or choose another port with PORT=…`
      : listenError.code === "EACCES"
        ? `Cannot listen on ${hostname}:${port}: permission denied (ports below 1024 need privileges). Choose another port with PORT=…`
        : `Cannot listen on ${hostname}:${port}: ${listenError.message}`,
  );
  process.exit(1);
}

process.env.PORT = port;
process.env.HOSTNAME = hostname;
await import(pathToFileURL(path.join(root, ".next/standalone/server.js")).href);
