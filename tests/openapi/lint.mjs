// Lints the published /openapi.json with Redocly CLI and Spectral (+ the OWASP API Security ruleset).
// Zero errors required; the rules switched off or narrowed, and why, are in redocly.yaml and
// spectral.yaml next to this file.
//
//   node tests/openapi/lint.mjs            starts the real app (tests/support/test-server.ts) as the
//                                          quick start runs it and lints what it serves
//   node tests/openapi/lint.mjs <url>      lints the document of a running server instead: a
//                                          deployment, or the quick start (http://localhost:3000/openapi.json)
//
// The document is fetched, not generated in-process, so what is linted is exactly what is served,
// examples from the database included (both linters validate every example against its schema).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "../..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
// Spectral's override for the one exempted parameter names this path (see spectral.yaml).
const output = path.join(root, "test-results/openapi/openapi.json");

// https and a non-example host, as in production: the linters rightly reject http and localhost servers.
const LINT_BASE_URL = "https://menu-service.test";

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The document as a deployment serves it. A server on this machine (the quick start, the test
 * server) publishes its own http://localhost… base URL, which both linters rightly reject for a
 * deployment: that base URL is replaced by LINT_BASE_URL wherever it appears (servers, links,
 * examples), as if PUBLIC_BASE_URL were set. Any other document is linted as served.
 */
function asDeployed(text) {
  const servers = JSON.parse(text).servers ?? [];
  let base;
  try {
    base = new URL(servers[0]?.url ?? "");
  } catch {
    return { text, replaced: null };
  }
  if (!LOOPBACK.test(base.hostname)) return { text, replaced: null };
  return { text: text.split(base.origin).join(LINT_BASE_URL), replaced: base.origin };
}

async function fetchText(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.text();
}

async function fetchDocument() {
  const url = process.argv[2];
  if (url) return { text: await fetchText(url), stop: async () => {} };
  register();
  const { startTestServer } = await import("../support/test-server.ts");
  // As the quick start runs it (its own http://127.0.0.1 base URL): the same path as a <url> run.
  const server = await startTestServer();
  try {
    return { text: await fetchText(`${server.baseUrl}/openapi.json`), stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

function run(name, cmd, args) {
  console.log(`\n── ${name}: ${[path.relative(root, cmd), ...args].join(" ")}`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  return result.status === 0;
}

const fetched = await fetchDocument();
await fetched.stop();
const { text, replaced } = asDeployed(fetched.text);
if (replaced) console.log(`A local server's document: its base URL ${replaced} is linted as ${LINT_BASE_URL} (the linters reject http and localhost servers, rightly for a deployment).`);
const document = JSON.parse(text);
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, JSON.stringify(document, null, 2));
const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(`OpenAPI ${document.openapi}, ${Object.keys(document.paths).length} paths, ${operations} operations → ${path.relative(root, output)}`);

const redocly = run("Redocly CLI", bin("redocly"), ["lint", output, "--config", "tests/openapi/redocly.yaml"]);
const spectral = run("Spectral + OWASP", bin("spectral"), ["lint", output, "--ruleset", "tests/openapi/spectral.yaml", "--fail-severity", "warn"]);

// The unmodified OWASP ruleset must be able to lint the document: Spectral exits 1 for findings
// (the waivers in spectral.yaml judge those) and 2 when a rule crashes on the document.
console.log(`\n── Spectral, the OWASP ruleset unmodified (must not crash; findings are judged above)`);
const unmodified = spawnSync(bin("spectral"), ["lint", output, "--ruleset", "tests/openapi/owasp-unmodified.yaml", "--quiet"], { cwd: root, encoding: "utf8" });
const crashed = unmodified.status !== 0 && unmodified.status !== 1;
const summary = /✖ .*problems.*/.exec(unmodified.stdout)?.[0] ?? unmodified.stdout.trim().split("\n").pop();
console.log(crashed ? `Spectral crashed (exit ${unmodified.status}): ${unmodified.stderr || unmodified.stdout}` : `Ran to the end: ${summary ?? "no findings"}`);

if (!redocly || !spectral || crashed) {
  console.error(`\nOpenAPI lint FAILED: ${[!redocly && "Redocly", !spectral && "Spectral", crashed && "Spectral (OWASP ruleset unmodified) crashed"].filter(Boolean).join(", ")}`);
  process.exit(1);
}
console.log("\nOpenAPI lint passed: Redocly and Spectral (OWASP, with the waivers of spectral.yaml) report no problems; the unmodified OWASP ruleset runs to the end.");
