// npm run db:generate -- --from n: a database grown from n restaurants holds what one run of the
// full size writes (same restaurants, owners and menus), and a --from the database cannot honour is refused.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "menu-generate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function generate(database: string, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/generate.ts", "--seed", "7", "--items", "2", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${path.join(dir, database)}` },
    encoding: "utf8",
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** Every restaurant with its owner and its menu's dishes, in slug order. */
function contents(database: string) {
  const sqlite = new Database(path.join(dir, database), { readonly: true });
  try {
    return sqlite
      .prepare(
        `SELECT r."slug", r."name", a."email", r."menuPublished",
                (SELECT group_concat(m."name" || ':' || m."priceMinor", '|') FROM "Category" c JOIN "MenuItem" m ON m."categoryId" = c."id" WHERE c."restaurantId" = r."id") AS dishes
         FROM "Restaurant" r JOIN "Account" a ON a."id" = r."ownerId" ORDER BY r."slug"`,
      )
      .all();
  } finally {
    sqlite.close();
  }
}

describe("db:generate --from", () => {
  it("grows 500 restaurants to 1 000 exactly as one run of 1 000 writes them", () => {
    const whole = generate("whole.db", ["--restaurants", "1000"]);
    expect(whole.status, whole.output).toBe(0);
    const first = generate("grown.db", ["--restaurants", "500"]);
    expect(first.status, first.output).toBe(0);
    const rest = generate("grown.db", ["--restaurants", "1000", "--from", "500"]);
    expect(rest.status, rest.output).toBe(0);
    expect(rest.output).toContain("Resuming after restaurant 500.");
    expect(rest.output).toContain("Generated 500 more restaurants");

    const expected = contents("whole.db");
    expect(expected).toHaveLength(1000);
    expect(contents("grown.db")).toEqual(expected);
  }, 120_000);

  it("refuses a --from off the batch boundary, at or beyond --restaurants, or beyond what the database holds", () => {
    for (const [from, message] of [
      ["300", "--from must be a multiple of 500 below --restaurants, got 300"],
      ["1000", "--from must be a multiple of 500 below --restaurants, got 1000"],
    ]) {
      const result = generate("refused.db", ["--restaurants", "1000", "--from", from]);
      expect(result.status).toBe(1);
      expect(result.output).toContain(message);
    }
    const empty = generate("empty.db", ["--restaurants", "1000", "--from", "500"]);
    expect(empty.status).toBe(1);
    expect(empty.output).toContain("--from 500: the database holds only 0 restaurants");
  }, 60_000);
});
