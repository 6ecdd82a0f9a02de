// `npm run import --dry-run menu.json` (without `--`) does not pass --dry-run to the script: npm
// takes every flag before `--` for its own configuration, sets npm_config_dry_run=true and runs the
// import for real (issue 46). npm tells the script which of its flags it took, through those
// variables; the scripts refuse to run then, and show the spelling that works.
// Plain JS: scripts/start.mjs (run by node itself) can use it as well as the tsx scripts. It reads
// npm's own variables, not the service's configuration (lib/config-schema.mjs).

/**
 * The flags among `flags` that npm took for itself when it ran `script` (an npm_config_ variable
 * of that name is set: "true", or "" for a --no- flag); none when the script was not run by
 * `npm run <script>`.
 *
 * @param {string} script the package.json script name, e.g. "import"
 * @param {string[]} flags the script's own flags, e.g. ["--dry-run", "--no-seed"]
 * @param {Record<string, string | undefined>} [env]
 * @returns {string[]}
 */
export function npmEatenFlags(script, flags, env = process.env) {
  if (env.npm_lifecycle_event !== script) return [];
  return flags.filter((flag) => env[`npm_config_${flag.replace(/^--(no-)?/, "").replaceAll("-", "_")}`] !== undefined);
}

/**
 * Exits 2, having said what npm did and the spelling that works, when npm took any of `flags`;
 * otherwise returns.
 *
 * @param {string} script
 * @param {string[]} flags
 * @param {string[]} args the arguments the script did get (npm passes them on)
 * @param {Record<string, string | undefined>} [env]
 */
export function refuseNpmEatenFlags(script, flags, args, env = process.env) {
  const eaten = npmEatenFlags(script, flags, env);
  if (!eaten.length) return;
  const command = ["npm", script === "start" ? "start" : `run ${script}`, "--", ...eaten, ...args].join(" ");
  console.error(
    `npm took ${eaten.join(" ")} for its own option${eaten.length > 1 ? "s" : ""} (options of the script go after "--"), so nothing was done. Run:\n  ${command}`,
  );
  process.exit(2);
}
