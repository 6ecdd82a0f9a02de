// Issue 46, point 8: npm run db:restore on PostgreSQL keeps a copy of the database it replaces
// first (pg_dump into backups/before-restore-….dump), as it does on SQLite, and that copy restores.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scratchPostgres } from "../support/scratch-postgres";
import { FIXTURE, ROOT } from "../support/test-server";

const database = scratchPostgres(process.env.TEST_POSTGRES_URL!, "menu_restore");
const dir = mkdtempSync(path.join(tmpdir(), "menu-restore-"));
const made: string[] = [];
afterAll(async () => {
  for (const file of made) rmSync(file, { force: true });
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

function tsx(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), `scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url, ...env },
    encoding: "utf8",
  });
  expect(result.status, `${script}: ${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

async function slugs(): Promise<string[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query('SELECT slug FROM "Restaurant" ORDER BY slug')).rows.map((r) => r.slug);
  } finally {
    await client.end();
  }
}

describe("npm run db:restore on PostgreSQL", () => {
  it("keeps a copy of the current database first, which restores what the restore replaced", async () => {
    await database.create();
    tsx("db-migrate.ts", []);
    tsx("import.ts", [FIXTURE]);
    const backup = path.join(dir, "backup.dump");
    tsx("db-backup.ts", [backup]);
    tsx("import.ts", [path.join(ROOT, "examples/greek-taverna.jsonc")]);
    const current = await slugs();
    expect(current).toContain("to-limani-athens");

    const output = tsx("db-restore.ts", [backup]);
    const safety = /Kept the current database in (\S+\.dump)\./.exec(output)?.[1];
    expect(safety, output).toBeDefined();
    made.push(safety!);
    expect(path.dirname(safety!)).toBe(path.join(ROOT, "backups"));
    expect(existsSync(safety!)).toBe(true);
    expect(await slugs()).not.toContain("to-limani-athens");

    const back = tsx("db-restore.ts", [safety!]);
    made.push(/Kept the current database in (\S+\.dump)\./.exec(back)![1]);
    expect(await slugs()).toEqual(current);
  }, 180_000);
});
