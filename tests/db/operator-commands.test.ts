// Issue 46: what the operator's commands do to the data when a step goes wrong. Each command runs
// as the operator runs it (tsx, or npm run for the flags npm takes), against throw-away SQLite files.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/fixtures/menus.json");
const dir = mkdtempSync(path.join(tmpdir(), "menu-operator-"));
const live = path.join(dir, "live.db");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A command of the project, e.g. run("import.ts", ["--dry-run", file]), with DATABASE_URL=file:<database>. */
function run(script: string, args: string[], database: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), `scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${database}`, ...env },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: result.stdout + result.stderr };
}

/**
 * Every file of a folder with its content's hash: what "nothing was written" means. A read-only
 * connection to a WAL database leaves SQLite's shared-memory index (-shm) and an empty -wal
 * beside it when no other connection has them open (it may not delete them): those are left out,
 * the -wal only while it is empty.
 */
function snapshot(folder: string) {
  return Object.fromEntries(
    readdirSync(folder, { withFileTypes: true })
      .filter((f) => f.isFile() && !f.name.endsWith("-shm") && !(f.name.endsWith("-wal") && readFileSync(path.join(folder, f.name)).length === 0))
      .map((f) => [f.name, createHash("sha256").update(readFileSync(path.join(folder, f.name))).digest("hex")]),
  );
}

beforeAll(() => {
  const migrated = run("db-migrate.ts", [], live, { SEED_DEMO_DATA: "false" });
  expect(migrated.status, migrated.output).toBe(0);
  const imported = run("import.ts", [FIXTURE], live);
  expect(imported.status, imported.output).toBe(0);
}, 120_000);

describe("npm run import never creates a database (point 1)", () => {
  it("refuses a DATABASE_URL naming no file, names the path and how to create one, and creates nothing", () => {
    const typo = path.join(dir, "data", "typo.db");
    const result = run("import.ts", [FIXTURE], typo);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`There is no database at ${typo} (DATABASE_URL)`);
    expect(result.stderr).toContain("npm run db:migrate");
    expect(existsSync(path.join(dir, "data"))).toBe(false);
  });
});

describe("a dry run writes nothing (point 2)", () => {
  it("on a mistyped DATABASE_URL: no file, no folder, no \"nothing was written\"", () => {
    const typo = path.join(dir, "typo", "menu.db");
    const result = run("import.ts", ["--dry-run", FIXTURE], typo);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`There is no database at ${typo}`);
    expect(result.stdout).not.toContain("nothing was written");
    expect(existsSync(path.join(dir, "typo"))).toBe(false);
  });

  it("on the real database: every file of its folder stays byte for byte as it was", () => {
    const folder = path.join(dir, "dry");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "menu.db"), readFileSync(live));
    const before = snapshot(folder);
    const changed = structuredClone(JSON.parse(readFileSync(FIXTURE, "utf8")));
    changed.restaurants[0].name = "Renamed by a dry run";
    writeFileSync(path.join(dir, "changed.json"), JSON.stringify(changed));
    const result = run("import.ts", ["--dry-run", path.join(dir, "changed.json")], path.join(folder, "menu.db"));
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toContain("Dry run: 1 file(s) are valid; nothing was written.");
    expect(snapshot(folder)).toEqual(before);
  });
});

describe("a flag npm took for itself (point 3)", () => {
  /** `npm run <script> <args…>` as typed, without `--`. */
  function npmRun(script: string, args: string[], database: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${database}` };
    for (const name of Object.keys(env)) if (name.startsWith("npm_")) delete env[name];
    return spawnSync("npm", ["run", script, ...args], { cwd: ROOT, env, encoding: "utf8" });
  }

  it("npm run import --dry-run FILE refuses, with the spelling that works, and imports nothing", () => {
    const folder = path.join(dir, "eaten");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "menu.db"), readFileSync(live));
    const before = snapshot(folder);
    const example = path.join(ROOT, "examples/greek-taverna.jsonc");
    const result = npmRun("import", ["--dry-run", example], path.join(folder, "menu.db"));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("npm took --dry-run for its own option");
    expect(result.stderr).toContain(`npm run import -- --dry-run ${example}`);
    expect(snapshot(folder)).toEqual(before);
  });

  it("npm run db:migrate --no-seed refuses too", () => {
    const result = npmRun("db:migrate", ["--no-seed"], path.join(dir, "never.db"));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("npm run db:migrate -- --no-seed");
    expect(existsSync(path.join(dir, "never.db"))).toBe(false);
  });
});

describe("importing the examples folder (point 5)", () => {
  it("imports the example file and skips the JSON Schema beside it, saying so", () => {
    const folder = path.join(dir, "examples");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "menu.db"), readFileSync(live));
    const result = run("import.ts", ["examples"], path.join(folder, "menu.db"));
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toContain(`Skipped ${path.join("examples", "import-format.schema.json")}: a JSON Schema, not an import file.`);
    expect(result.stdout).toMatch(/added 1 new restaurant\(s\): to-limani-athens/);
  });
});

describe("SQLite's errors name the file and the fix (point 6)", () => {
  it("a DATABASE_URL naming a file that is not a database", () => {
    const notes = path.join(dir, "notes.db");
    writeFileSync(notes, "shopping list\n".repeat(400));
    const result = run("import.ts", ["--dry-run", FIXTURE], notes);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${notes} is not a SQLite database`);
    expect(result.stderr).toContain("check the path");
  });

  it("a DATABASE_URL naming a folder", () => {
    const folder = path.join(dir, "folder.db");
    mkdirSync(folder);
    const result = run("import.ts", [FIXTURE], folder);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`cannot open the SQLite database ${folder}`);
  });

  it("a damaged database", () => {
    const damaged = path.join(dir, "damaged.db");
    const bytes = readFileSync(live);
    // The schema (page 1) intact, the pages after it overwritten: the tables' rows are garbage.
    bytes.fill(0x5a, 4096 * 2, Math.min(bytes.length, 4096 * 400));
    writeFileSync(damaged, bytes);
    const result = run("import.ts", ["--dry-run", FIXTURE], damaged);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`the SQLite database ${damaged} is damaged`);
    expect(result.stderr).toContain("npm run db:restore");
  });
});

describe("the way back out (point 8)", () => {
  it("npm run import -- --list lists the drafts and inactive restaurants, and writes nothing", () => {
    const folder = path.join(dir, "list");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "menu.db"), readFileSync(live));
    const before = snapshot(folder);
    const result = run("import.ts", ["--list"], path.join(folder, "menu.db"));
    expect(result.status, result.output).toBe(0);
    expect(result.stdout).toMatch(/^ {2}draft-hofbraeu-keller {2}draft {2}owner owner\.pro@example\.com/m);
    expect(result.stdout).toMatch(/^ {2}closed-biergarten {2}inactive /m);
    expect(result.stdout).not.toMatch(/^ {2}zunfthaus-am-see /m);
    expect(snapshot(folder)).toEqual(before);
  });

  it("npm run export -- SLUG prints an import file that imports back as a no-op", () => {
    const result = run("export.ts", ["zunfthaus-am-see", "draft-hofbraeu-keller"], live);
    expect(result.status, result.stderr).toBe(0);
    const file = JSON.parse(result.stdout);
    expect(file.scope).toEqual({ restaurants: ["zunfthaus-am-see", "draft-hofbraeu-keller"], owners: [] });
    expect(file.restaurants.map((r: { slug: string }) => r.slug)).toEqual(["zunfthaus-am-see", "draft-hofbraeu-keller"]);
    // The directory entries they use come with them.
    expect(file.cities.map((c: { slug: string }) => c.slug)).toContain(file.restaurants[0].city);
    writeFileSync(path.join(dir, "export.json"), result.stdout);
    const back = run("import.ts", [path.join(dir, "export.json")], live);
    expect(back.status, back.output).toBe(0);
    expect(back.stdout).toContain("0 new, 2 replaced, 0 deleted");
    expect(back.stdout).not.toMatch(/changed (country|city|cuisine)/);
  });

  it("npm run export names a slug it does not know", () => {
    const result = run("export.ts", ["no-such-restaurant"], live);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("no restaurant with the slug no-such-restaurant");
    expect(result.stdout).toBe("");
  });
});
