// Brings the database to the committed schema and, on first run only, loads the demo data.
// Runs when the server starts (instrumentation.ts, in every run mode) and from `npm run db:setup`,
// never on a request path.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseKind, databaseUrl, sqlitePath, type DatabaseKind } from "./database-url";
import { parseImportText } from "../import/read-import-file";

// turbopackIgnore: the build would otherwise trace the whole working directory (tests, the local
// database) into the standalone output; next.config.ts includes the files this module reads.
const root = /* turbopackIgnore: true */ process.cwd();
const LAYOUT = {
  sqlite: { schema: path.join(root, "prisma/schema.prisma"), migrations: path.join(root, "prisma/migrations") },
  postgresql: { schema: path.join(root, "prisma/postgresql/schema.prisma"), migrations: path.join(root, "prisma/postgresql/migrations") },
};
export const DEMO_DIR = path.join(root, "prisma/demo");

export interface SetupResult {
  created: boolean;
  applied: string[];
  seeded: boolean;
}

function committedMigrations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

const APPLIED_SQL = "SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

/** Names of migrations already applied, read straight from Prisma's bookkeeping table. */
function appliedSqliteMigrations(file: string): string[] {
  const conn = new Database(file, { fileMustExist: true });
  try {
    const table = conn.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name='_prisma_migrations'").get();
    if (!table) return [];
    return conn
      .prepare(APPLIED_SQL)
      .all()
      .map((r) => (r as { name: string }).name);
  } finally {
    conn.close();
  }
}

export function demoSources(dir = DEMO_DIR) {
  if (!existsSync(/* turbopackIgnore: true */ dir)) return [];
  return readdirSync(/* turbopackIgnore: true */ dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => parseImportText(path.join(path.relative(root, dir), f), readFileSync(path.join(/* turbopackIgnore: true */ dir, f), "utf8")));
}

// Any fixed number: the key of the advisory lock that lets one instance set up at a time.
const SETUP_LOCK_KEY = 7_401_337;

/**
 * Runs `work` holding a PostgreSQL advisory lock, with the names of the migrations applied when
 * the lock was taken: instances of a deployment that start together set the database up one
 * after the other, and the later ones find nothing left to do.
 */
async function withPostgresSetupLock<T>(url: string, work: (applied: string[]) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
    const table = await client.query("SELECT to_regclass('_prisma_migrations') AS t");
    const applied = table.rows[0].t ? (await client.query(APPLIED_SQL)).rows.map((r) => r.name as string) : [];
    return await work(applied);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

export async function setupDatabase(options: { seed?: boolean; log?: (line: string) => void } = {}): Promise<SetupResult> {
  const url = databaseUrl();
  if (databaseKind(url) === "postgresql") return withPostgresSetupLock(url, (applied) => migrateAndSeed("postgresql", url, applied, "", options));

  const file = path.resolve(/* turbopackIgnore: true */ root, sqlitePath(url));
  const created = !existsSync(file);
  if (created) mkdirSync(path.dirname(file), { recursive: true });
  // WAL lets readers run while the importer writes; the setting is stored in the file.
  const conn = new Database(file);
  conn.pragma("journal_mode = WAL");
  conn.close();
  return { ...(await migrateAndSeed("sqlite", `file:${file}`, appliedSqliteMigrations(file), file, options)), created };
}

async function migrateAndSeed(
  kind: DatabaseKind,
  engineUrl: string,
  applied: string[],
  file: string,
  options: { seed?: boolean; log?: (line: string) => void },
): Promise<SetupResult> {
  const log = options.log ?? (() => {});
  const layout = LAYOUT[kind];
  const pending = committedMigrations(layout.migrations).filter((m) => !applied.includes(m));
  let appliedNow: string[] = [];
  if (pending.length) {
    log(`Applying ${pending.length} migration(s) (${kind})…`);
    // The schema engine (WebAssembly) is loaded only when there is something to apply.
    const { applyMigrations } = await import("./schema-engine");
    appliedNow = await applyMigrations(layout.schema, layout.migrations, engineUrl);
  }

  // First run = the database did not exist before. An operator who empties it later keeps it empty.
  let seeded = false;
  if (applied.length === 0 && options.seed !== false) {
    const { importMenus } = await import("../import/import-menus");
    try {
      const summary = await importMenus(demoSources());
      log(`Loaded demo data: ${summary.restaurants} restaurants, ${summary.items} menu items.`);
    } catch (error) {
      // Leave no half-initialised SQLite file behind: the next start is a first run again.
      const { disconnectDb } = await import("./prisma");
      await disconnectDb();
      if (file) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
      throw error;
    }
    seeded = true;
  }
  return { created: applied.length === 0, applied: appliedNow, seeded };
}

/** What to print when setting up failed: the error, and every problem of a demo file that did not import. */
export function setupFailureLines(error: unknown): string[] {
  const issues = error instanceof Error && error.name === "ImportError" ? ((error as { issues?: { file: string; path: string; message: string }[] }).issues ?? []) : [];
  return [...issues.map((i) => `${i.file}: ${i.path}: ${i.message}`), error instanceof Error ? error.message : String(error)];
}

/** Whether start-up loads the demo data into a new database (SEED_DEMO_DATA=false turns it off). */
export function seedOnFirstRun(): boolean {
  return process.env.SEED_DEMO_DATA !== "false";
}
