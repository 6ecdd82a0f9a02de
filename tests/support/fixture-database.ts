// The database a test server starts with: migrated by the release step (`npm run db:migrate`'s
// script) and loaded with tests/fixtures/menus.json by `npm run import`'s script. Under `npm test`
// (scripts/test.mjs sets TEST_TEMPLATES to a folder of its own) that is done once per run and
// setting, and each server gets a copy: a file copy on SQLite, CREATE DATABASE … TEMPLATE on
// PostgreSQL. Migrating and importing took 3 s per server on SQLite and 15–30 s on PostgreSQL here;
// the release step and the importer keep tests of their own (tests/db, tests/postgres).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { postgresAdmin, type ScratchPostgres } from "./scratch-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const FIXTURE = path.join(ROOT, "tests/fixtures/menus.json");

function tsx(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), ...args], { cwd: ROOT, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tsx ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

/** The release step, then the fixture import, on env.DATABASE_URL. */
function migrateAndImport(env: NodeJS.ProcessEnv) {
  tsx(["scripts/db-migrate.ts"], env);
  tsx(["scripts/import.ts", FIXTURE], env);
}

// Set by scripts/test.mjs for one run: the folder of the SQLite templates, and the prefix of the
// PostgreSQL templates' names (it drops them at the end). Without them, every server migrates and imports.
const templatesDir = () => process.env.TEST_TEMPLATES || undefined;
const postgresPrefix = () => process.env.TEST_TEMPLATES_PG || undefined;

// What the migration and the import depend on besides the database: whether the demo data is seeded.
const settingKey = (env: NodeJS.ProcessEnv) => `seed_${(env.SEED_DEMO_DATA ?? "unset").toLowerCase().replace(/[^a-z0-9]/g, "") || "empty"}`;

const made = new Map<string, Promise<string>>();
let builds = 0;

/**
 * Once per run and key: the first process to take the key's lock (a folder: mkdir is atomic) makes
 * the template; the others wait for it rather than make it too. `exists` says it is there.
 */
function once(dir: string, key: string, exists: () => Promise<boolean>, make: () => Promise<void>): Promise<string> {
  let p = made.get(key);
  if (!p) {
    p = (async () => {
      const lock = path.join(dir, `${key}.lock`);
      for (const deadline = Date.now() + 300_000; !(await exists()); await new Promise((r) => setTimeout(r, 200))) {
        if (Date.now() > deadline) throw new Error(`no template ${key} after 300 s (lock ${lock})`);
        try {
          mkdirSync(lock);
        } catch {
          continue; // another process is making it
        }
        try {
          await make();
        } finally {
          rmSync(lock, { recursive: true, force: true });
        }
      }
      return key;
    })();
    p.catch(() => made.delete(key));
    made.set(key, p);
  }
  return p;
}

async function sqliteTemplate(dir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const file = path.join(dir, `${settingKey(env)}.db`);
  await once(dir, `sqlite_${settingKey(env)}`, async () => existsSync(file), async () => {
    const build = mkdtempSync(path.join(dir, "build-"));
    try {
      const built = path.join(build, "test.db");
      migrateAndImport({ ...env, DATABASE_URL: `file:${built}` });
      // Both scripts close the database, which folds SQLite's write-ahead log into the file.
      if (existsSync(`${built}-wal`)) throw new Error(`the template ${built} still has a write-ahead log`);
      renameSync(built, file);
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
  return file;
}

async function postgresTemplate(dir: string, prefix: string, serverUrl: string, env: NodeJS.ProcessEnv): Promise<string> {
  const name = `${prefix}_${settingKey(env)}`;
  const exists = async () => (await postgresAdmin(serverUrl, "SELECT 1 FROM pg_database WHERE datname = $1", [name])).length > 0;
  await once(dir, name, exists, async () => {
    const build = `${name}_b${process.pid}_${++builds}`;
    const url = new URL(serverUrl);
    url.pathname = `/${build}`;
    await postgresAdmin(serverUrl, `CREATE DATABASE "${build}"`);
    try {
      migrateAndImport({ ...env, DATABASE_URL: url.toString() });
      await postgresAdmin(serverUrl, `ALTER DATABASE "${build}" RENAME TO "${name}"`);
    } catch (error) {
      await postgresAdmin(serverUrl, `DROP DATABASE IF EXISTS "${build}"`);
      throw error;
    }
  });
  return name;
}

/**
 * Makes the server's database (a SQLite file at `sqliteFile`, or the scratch PostgreSQL database)
 * hold the migrated schema, the demo data when env.SEED_DEMO_DATA says so, and the fixture.
 */
export async function fixtureDatabase(env: NodeJS.ProcessEnv, target: { sqliteFile: string } | { postgres: ScratchPostgres; serverUrl: string }): Promise<void> {
  const dir = templatesDir();
  const prefix = postgresPrefix();
  if (dir) mkdirSync(dir, { recursive: true });
  if ("sqliteFile" in target) {
    if (!dir) return migrateAndImport(env);
    copyFileSync(await sqliteTemplate(dir, env), target.sqliteFile);
  } else if (!dir || !prefix) {
    await target.postgres.create();
    migrateAndImport(env);
  } else {
    await target.postgres.create(await postgresTemplate(dir, prefix, target.serverUrl, env));
  }
}
