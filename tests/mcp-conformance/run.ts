// The official MCP conformance suite against the running app, in both protocol generations.
// Started by run.mjs (through tsx, to reuse tests/support/test-server.ts). Installs nothing: the
// suite is a pinned devDependency, run on Node 20 with the fs.globSync shim next to this file.
//
// Set MCP_CONFORMANCE_URL to test a server that is already running instead.
//
// For each generation: list the suite's server scenarios for that revision, skip the ones
// NOT-APPLICABLE.md names for it, run each remaining scenario on its own, and treat any FAILURE
// or WARNING as a failure, except single checks NOT-APPLICABLE.md names. Exits 1 on any failure,
// and also when NOT-APPLICABLE.md names a scenario the suite does not have (a stale list).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, startTestServer } from "../support/test-server";

const HERE = path.join(ROOT, "tests/mcp-conformance");
const CLI = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const SHIM = path.join(HERE, "globsync-shim.mjs");
const GENERATIONS = ["2025-11-25", "2026-07-28"] as const;
type Generation = (typeof GENERATIONS)[number];

interface Exclusion {
  scenario: string;
  check?: string;
  generations: string;
}

function conformance(args: string[]) {
  return spawnSync(process.execPath, ["--import", SHIM, CLI, ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** Rows of the two tables in NOT-APPLICABLE.md: | `scenario[:check]` | generations | why | */
function readExclusions(): Exclusion[] {
  const text = readFileSync(path.join(HERE, "NOT-APPLICABLE.md"), "utf8");
  const rows: Exclusion[] = [];
  for (const line of text.split("\n")) {
    const m = /^\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (!m) continue;
    const [scenario, check] = m[1].split(":");
    if (!["both", "extension", ...GENERATIONS].includes(m[2])) throw new Error(`NOT-APPLICABLE.md: unknown generation "${m[2]}" for ${m[1]}`);
    rows.push({ scenario, check, generations: m[2] });
  }
  return rows;
}

const appliesTo = (e: Exclusion, g: Generation) => e.generations === "both" || e.generations === g;

/** `  - name [tags]` lines of `conformance list --server`. */
function listScenarios(extraArgs: string[]): { name: string; tags: string }[] {
  const out = conformance(["list", "--server", ...extraArgs]);
  if (out.status !== 0) throw new Error(`conformance list failed:\n${out.stdout}\n${out.stderr}`);
  return [...out.stdout.matchAll(/^\s+- (\S+)(?: \[([^\]]*)\])?$/gm)].map((m) => ({ name: m[1], tags: m[2] ?? "" }));
}

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

function readChecks(dir: string): Check[] {
  if (!existsSync(dir)) return [];
  const checks: Check[] = [];
  for (const sub of readdirSync(dir)) {
    const file = path.join(dir, sub, "checks.json");
    if (existsSync(file)) checks.push(...(JSON.parse(readFileSync(file, "utf8")) as Check[]));
  }
  return checks;
}

async function main() {
  const exclusions = readExclusions();
  const all = listScenarios([]);
  const known = new Set(all.map((s) => s.name));
  const problems: string[] = [];

  for (const e of exclusions) {
    if (!known.has(e.scenario)) problems.push(`NOT-APPLICABLE.md names "${e.scenario}", which this version of the suite does not have`);
  }
  for (const s of all.filter((s) => s.tags === "extension")) {
    if (!exclusions.some((e) => e.scenario === s.name && e.generations === "extension")) {
      problems.push(`extension scenario "${s.name}" is neither run nor listed in NOT-APPLICABLE.md`);
    }
  }

  const work = mkdtempSync(path.join(tmpdir(), "mcp-conformance-"));
  // MCP_CONFORMANCE_URL runs the suite against a server that is already up (a dev server, a
  // deployment) instead of starting the app with the test fixtures.
  const server = process.env.MCP_CONFORMANCE_URL ? undefined : await startTestServer();
  const url = process.env.MCP_CONFORMANCE_URL ?? `${server!.baseUrl}/api/mcp`;
  console.log(`MCP conformance against ${url}\n`);
  const summary: string[] = [];
  const totals = { passed: 0, failed: 0 };
  try {
    for (const generation of GENERATIONS) {
      const scenarios = listScenarios(["--spec-version", generation]).map((s) => s.name);
      const skipped = scenarios.filter((name) => exclusions.some((e) => !e.check && e.scenario === name && appliesTo(e, generation)));
      const toRun = scenarios.filter((name) => !skipped.includes(name));
      const allowed = exclusions.filter((e) => e.check && appliesTo(e, generation));
      const baseline = path.join(work, `expected-${generation}.yaml`);
      const entries = allowed.map((e) => `  - "${e.scenario}:${e.check}"`);
      writeFileSync(baseline, entries.length ? `server:\n${entries.join("\n")}\n` : "server: []\n");

      let passed = 0;
      let failedScenarios = 0;
      console.log(`━━ protocol ${generation}: ${toRun.length} scenarios run, ${skipped.length} not applicable`);
      for (const scenario of toRun) {
        const out = path.join(work, generation, scenario);
        const result = conformance(["server", "--url", url, "--scenario", scenario, "--spec-version", generation, "--expected-failures", baseline, "-o", out]);
        const checks = readChecks(out);
        const failing = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
        const isAllowed = (c: Check) => allowed.some((e) => e.scenario === scenario && e.check === c.id);
        const bad = failing.filter((c) => !isAllowed(c));
        const notApplicable = failing.length - bad.length;
        const ok = result.status === 0 && bad.length === 0;
        const count = (status: string) => checks.filter((c) => c.status === status).length;
        passed += count("SUCCESS");
        console.log(
          `  ${ok ? "✓" : "✗"} ${scenario}: ${count("SUCCESS")} passed` +
            (notApplicable ? `, ${notApplicable} not applicable` : "") +
            (count("SKIPPED") ? `, ${count("SKIPPED")} skipped by the suite` : "") +
            (count("INFO") ? `, ${count("INFO")} informational` : "") +
            (bad.length ? `, ${bad.length} FAILED` : ""),
        );
        if (!ok) {
          failedScenarios++;
          for (const c of bad) console.log(`      ${c.status} ${c.id}: ${c.errorMessage ?? ""}`);
          if (!bad.length) console.log(result.stdout.split("\n").slice(-25).join("\n"), result.stderr);
          problems.push(`${generation} ${scenario} failed`);
        }
      }
      summary.push(`protocol ${generation}: ${toRun.length - failedScenarios}/${toRun.length} scenarios passed (${passed} checks), ${skipped.length} not applicable`);
      totals.passed += toRun.length - failedScenarios;
      totals.failed += failedScenarios;
      console.log("");
    }
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }

  for (const line of summary) console.log(line);
  // Scenario counts for the "N passed, N failed" line npm test ends with.
  mkdirSync(path.join(ROOT, "test-reports"), { recursive: true });
  writeFileSync(path.join(ROOT, "test-reports/conformance.json"), JSON.stringify(totals));
  if (problems.length) {
    console.error(`\nMCP conformance FAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log("\nMCP conformance passed in both protocol generations.");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
