// npm test — the whole suite, in order of cost. Stops at the first failing stage.
//   typecheck → unit (vitest, lib/**/*.test.ts) → build (once, for every later stage) → HTTP + MCP
//   (vitest against the built app, under npm start, which is the standalone server.js) → run modes
//   (instances behind a proxy, next start) → OpenAPI lint → floods of distinct URLs (tests/flood) →
//   the engine-dependent HTTP files on PostgreSQL → faults (database outage, throttling, shutdown,
//   imports under reads) → edge (attacks and cache checks through nginx, npm run edge) → browser
//   (Playwright in Debian's Chromium) → MCP conformance. Why it takes as long as it does: docs/testing.md.
// `npm test -- <stage>…` runs only the named stages (and the build first when one of them needs it).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);

// Each test runner also writes a JSON report, so the run ends with one "N passed, N failed" line.
// Not test-results/: Playwright empties that folder when it starts.
const reports = path.join(root, "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = (name) => ["--reporter=default", "--reporter=json", `--outputFile.json=${path.join(reports, `${name}.json`)}`];

// Test servers start from a copy of one migrated database holding the fixture, made once per run
// and setting (tests/support/fixture-database.ts): its files and PostgreSQL templates live here.
const templates = mkdtempSync(path.join(tmpdir(), "menu-templates-"));
process.env.TEST_TEMPLATES = templates;
process.env.TEST_TEMPLATES_PG = `menu_tmpl_${process.pid}_${Date.now()}`;

// Every stage but "postgres" runs on the embedded SQLite database.
const postgresUrl = process.env.TEST_POSTGRES_URL ?? "";
delete process.env.TEST_POSTGRES_URL;

const stages = [
  { name: "typecheck", cmd: [bin("tsc"), "--noEmit", "-p", "tsconfig.typecheck.json"] },
  { name: "unit", cmd: [bin("vitest"), "run", ...vitestReport("unit")] },
  // The production build every later stage serves (npm run build: only when the sources changed),
  // made once here: stages that run files in parallel would otherwise start two builds at once.
  { name: "build", cmd: [process.execPath, "scripts/start.mjs", "--build"], beforeServers: true },
  { name: "http", cmd: [bin("vitest"), "run", "--config", "tests/vitest.http.config.ts", ...vitestReport("http")] },
  // npm start runs the standalone server.js itself (scripts/start.mjs), so the suite is not run a
  // second time against `node .next/standalone/server.js`; the modes stage starts that one directly.
  // Several instances of one build behind a round-robin proxy, nothing configured; `next start`.
  // The two-instance change watch runs on PostgreSQL too (MODES_POSTGRES_URL; every other test of the
  // stage stays on SQLite, which TEST_POSTGRES_URL would switch).
  { name: "modes", cmd: [bin("vitest"), "run", "--config", "tests/vitest.modes.config.ts", ...vitestReport("modes")], env: { MODES_POSTGRES_URL: postgresUrl } },
  // Redocly and Spectral (OWASP ruleset) on the served /openapi.json; zero errors and warnings.
  { name: "openapi-lint", cmd: [process.execPath, "tests/openapi/lint.mjs"] },
  // Floods of distinct URLs against a server with npm start's heap cap: alive, correct, within budget.
  { name: "flood", cmd: [bin("vitest"), "run", "--config", "tests/vitest.flood.config.ts", ...vitestReport("flood")] },
  {
    name: "postgres",
    cmd: [bin("vitest"), "run", "--config", "tests/vitest.postgres.config.ts", ...vitestReport("postgres")],
    env: { TEST_POSTGRES_URL: postgresUrl },
    when: postgresAvailable,
  },
  // Faults, each file on servers of its own: throttling at a low budget (also on PostgreSQL, the
  // shared store, when TEST_POSTGRES_URL is set), SIGTERM under load, imports while readers read.
  // Its two projects (tests/vitest.fault.config.ts) run side by side, each one file at a time: the
  // load tests one after another, and beside them the tests that mostly wait.
  {
    name: "fault",
    cmd: [bin("vitest"), "run", "--config", "tests/vitest.fault.config.ts", "--project", "fault-loads", ...vitestReport("fault-loads")],
    beside: [bin("vitest"), "run", "--config", "tests/vitest.fault.config.ts", "--project", "fault", ...vitestReport("fault")],
    env: { FAULT_POSTGRES_URL: postgresUrl },
  },
  // The shipped edge (npm run edge: nginx) in front of npm start's server: floods, slow bodies, Upgrade, cache poisoning.
  { name: "edge", cmd: [bin("vitest"), "run", "--config", "tests/vitest.edge.config.ts", ...vitestReport("edge")] },
  { name: "browser", cmd: [bin("playwright"), "test", "--config", "tests/playwright.config.ts"], when: () => existsSync(path.join(root, "tests/playwright.config.ts")) },
  { name: "conformance", cmd: [process.execPath, "tests/mcp-conformance/run.mjs"], when: () => existsSync(path.join(root, "tests/mcp-conformance/run.mjs")) },
];

// The engine-dependent HTTP files run on PostgreSQL when a server is at hand: TEST_POSTGRES_URL
// (postgresql://user:pw@host:port/db, a role that may CREATE DATABASE). .ci/run installs and
// starts one and sets REQUIRE_POSTGRES=1, so in CI this stage can never be silently left out.
function postgresAvailable() {
  if (postgresUrl) return true;
  const message = "PostgreSQL stage NOT RUN: set TEST_POSTGRES_URL to a PostgreSQL 15+ server (see README, Tests).";
  if (process.env.REQUIRE_POSTGRES === "1") {
    console.error(message);
    rmSync(templates, { recursive: true, force: true });
    process.exit(1);
  }
  console.warn(`\n⚠ ${message}`);
  return false;
}

const only = process.argv.slice(2);
const failed = [];
const serverStages = stages.slice(stages.findIndex((s) => s.beforeServers) + 1).map((s) => s.name);
for (const stage of stages) {
  const wanted = !only.length || only.includes(stage.name) || (stage.beforeServers && only.some((name) => serverStages.includes(name)));
  if (!wanted) continue;
  if (stage.when && !stage.when()) continue;
  console.log(`\n━━ ${stage.name} ━━ ${stage.cmd.map((c) => path.relative(root, c) || c).join(" ")}`);
  const started = Date.now();
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...stage.env };
  // A command beside the stage's own runs at the same time; its output follows the stage's.
  const beside = stage.beside && run(stage.beside, env, "pipe");
  const status = Math.max(...(await Promise.all([run(stage.cmd, env, "inherit"), beside ?? 0])).map(Number));
  console.log(`━━ ${stage.name}: ${status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) {
    failed.push(stage.name);
    break;
  }
}
rmSync(templates, { recursive: true, force: true });
if (postgresUrl) await dropPostgresTemplates();

// The run's PostgreSQL templates (TEST_TEMPLATES_PG…), dropped with the folder.
async function dropPostgresTemplates() {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: postgresUrl });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [process.env.TEST_TEMPLATES_PG]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } catch (error) {
    console.warn(`The run's PostgreSQL templates were not dropped: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs a command; its exit status (1 when it died of a signal). "pipe": its output is printed when it ends. */
function run(cmd, env, stdio) {
  const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ["ignore", stdio, stdio], env });
  const output = [];
  if (stdio === "pipe") for (const stream of [child.stdout, child.stderr]) stream.on("data", (d) => output.push(d));
  return new Promise((resolve) =>
    child.on("close", (code) => {
      if (output.length) {
        console.log(`\n── beside it: ${cmd.map((c) => path.relative(root, c) || c).join(" ")}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? 1);
    }),
  );
}

// Vitest's JSON reports and Playwright's (tests/playwright.config.ts writes test-reports/<stage>.json).
let passed = 0;
let failedTests = 0;
for (const name of [...stages.map((s) => s.name), "fault-loads"]) {
  const file = path.join(reports, `${name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (typeof report.numPassedTests === "number") {
    passed += report.numPassedTests;
    failedTests += report.numFailedTests;
  } else if (report.stats) {
    passed += report.stats.expected ?? 0;
    failedTests += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
  } else if (typeof report.passed === "number") {
    passed += report.passed;
    failedTests += report.failed;
  }
}
if (failed.length) {
  console.error(`\nFailed stage: ${failed.join(", ")}`);
  console.log(`${passed} passed, ${Math.max(failedTests, 1)} failed`);
  process.exit(1);
}
console.log("\nAll test stages passed.");
console.log(`${passed} passed, ${failedTests} failed`);
