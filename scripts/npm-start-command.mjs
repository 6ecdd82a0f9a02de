// What `npm start` runs (package.json "start"), read by the tools that start the server as
// production does: the benchmarks (bench/lib.mjs) and the suites' servers (tests/support/test-server.ts).
// The script is `NAME=${NAME:-value} exec node <node options> scripts/start.mjs`: npm's shell sets
// each variable unless the caller has, and replaces itself with node, so signals reach the server.
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * npm start's node arguments (options and script, e.g. ["--max-old-space-size=256",
 * "scripts/start.mjs"]) and the environment it sets before node, resolved against `env` as the
 * shell would (`${NAME:-value}`: the caller's non-empty value, else the default).
 *
 * @param {string} root the project directory
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ args: string[], env: Record<string, string> }}
 */
export function npmStartCommand(root, env = process.env) {
  const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts?.start ?? "node scripts/start.mjs";
  const words = script.trim().split(/\s+/);
  /** @type {Record<string, string>} */
  const assigned = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const word = words.shift();
    const name = word.slice(0, word.indexOf("="));
    const value = word.slice(name.length + 1);
    const fallback = /^\$\{([A-Z_][A-Z0-9_]*):-([^}]*)\}$/.exec(value);
    assigned[name] = fallback ? env[fallback[1]] || fallback[2] : value;
  }
  if (words[0] === "exec") words.shift();
  if (words[0] !== "node") throw new Error(`npm start is not "node …": ${script}`);
  return { args: words.slice(1), env: assigned };
}
