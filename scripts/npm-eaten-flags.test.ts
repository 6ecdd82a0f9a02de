import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { npmEatenFlags } from "./npm-eaten-flags.mjs";

describe("npmEatenFlags", () => {
  const flags = ["--dry-run", "--allow-owner-change", "--no-seed"];

  it("finds the flags npm took, from the variables npm sets for them", () => {
    const env = { npm_lifecycle_event: "import", npm_config_dry_run: "true", npm_config_seed: "", npm_config_yes: "" };
    expect(npmEatenFlags("import", flags, env)).toEqual(["--dry-run", "--no-seed"]);
  });

  it("finds none when the script was not run by npm run <script>", () => {
    expect(npmEatenFlags("import", flags, { npm_config_dry_run: "true" })).toEqual([]);
    expect(npmEatenFlags("import", flags, { npm_lifecycle_event: "test", npm_config_dry_run: "true" })).toEqual([]);
  });

  // What npm itself does with a flag before `--`, so the variable names above are npm's, not ours.
  const dir = mkdtempSync(path.join(tmpdir(), "npm-flags-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("matches what npm run sets", () => {
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "x", version: "1.0.0", scripts: { import: "node probe.mjs" } }));
    writeFileSync(
      path.join(dir, "probe.mjs"),
      `import { npmEatenFlags } from ${JSON.stringify(path.join(import.meta.dirname, "npm-eaten-flags.mjs"))};\nconsole.log(JSON.stringify({ eaten: npmEatenFlags("import", ${JSON.stringify(flags)}), args: process.argv.slice(2) }));\n`,
    );
    const result = spawnSync("npm", ["run", "--silent", "import", "--dry-run", "--no-seed", "menu.json"], { cwd: dir, encoding: "utf8", env: { ...process.env, npm_lifecycle_event: "" } });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split("\n").at(-1)!)).toEqual({ eaten: ["--dry-run", "--no-seed"], args: ["menu.json"] });
  });
});
