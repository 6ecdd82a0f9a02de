import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { npmStartCommand } from "./npm-start-command.mjs";

function project(start: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "npm-start-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ scripts: { start } }));
  return dir;
}

describe("npm start's command, as the benchmarks and the suites' servers run it", () => {
  it("takes the node options and the variables the shell sets, defaults unless the caller set them", () => {
    const dir = project("MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2} FIXED=x exec node --max-old-space-size=256 scripts/start.mjs");
    expect(npmStartCommand(dir, {})).toEqual({ args: ["--max-old-space-size=256", "scripts/start.mjs"], env: { MALLOC_ARENA_MAX: "2", FIXED: "x" } });
    expect(npmStartCommand(dir, { MALLOC_ARENA_MAX: "8" }).env.MALLOC_ARENA_MAX).toBe("8");
    // As the shell's ":-": an empty value takes the default.
    expect(npmStartCommand(dir, { MALLOC_ARENA_MAX: "" }).env.MALLOC_ARENA_MAX).toBe("2");
  });

  it("reads a plain script, and refuses one that does not run node", () => {
    expect(npmStartCommand(project("node scripts/start.mjs"), {})).toEqual({ args: ["scripts/start.mjs"], env: {} });
    expect(() => npmStartCommand(project("next start"), {})).toThrow(/not "node …"/);
  });
});
