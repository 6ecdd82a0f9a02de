// Brings the database to the committed schema and, when it creates it, loads the demo data.
// Runs from `npm run db:migrate` (the release step of a PostgreSQL deployment: deploy = migrate,
// then start) and when the server starts (instrumentation.ts, in every run mode), never on a
// request path. At start-up it migrates only when MIGRATE_ON_START says so (the default on the
// embedded SQLite database, for its zero-step start); otherwise it checks that nothing is pending
// and refuses to start if something is. The demo data goes only into a database this creates,
// and by default only into the quick start's own data/menu.db (SEED_DEMO_DATA, lib/config-schema.mjs).
// A SQLite file is created only where the caller allows it (`create`): the importer never does,
// nor does the server for a file DATABASE_URL names (issue 46); a dry run (`readOnly`) writes nothing.
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { config } from "../config";
import { redactUrl } from "../config-schema.mjs";
import { databaseKind, databaseUrl, sqlitePath, type DatabaseKind } from "./database-url";
import { sqliteProblem } from "./sqlite-problem";
import { watchDatabaseFile } from "./database-file-watch";

// turbopackIgnore: the build would otherwise trace the whole working directory (tests, the local
// database) into the standalone output; next.config.ts includes the files this module reads.
const root = /* turbopackIgnore: true */ process.cwd();
const LAYOUT = {
  sqlite: { schema: path.join(root, "prisma/schema.prisma"), migrations: path.join(root, "prisma/migrations") },
  postgresql: { schema: path.join(root, "prisma/postgresql/schema.prisma"), migrations: path.join(root, "prisma/postgresql/migrations") },
};

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
  const conn = new Database(file, { fileMustExist: true, readonly: true });
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

// Any fixed number: the key of the advisory lock that lets one instance set up at a time.
const SETUP_LOCK_KEY = 7_401_337;

/**
 * Runs `work` holding a PostgreSQL advisory lock, with the names of the migrations applied when
 * the lock was taken: instances of a deployment that start together set the database up one
 * after the other, and the later ones find nothing left to do.
 */
async function withPostgresSetupLock<T>(url: string, work: (applied: string[]) => Promise<T>): Promise<T> {
  return withPostgresClient(url, async (client) => {
    try {
      await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
      const table = await client.query("SELECT to_regclass('_prisma_migrations') AS t");
      const applied = table.rows[0].t ? (await client.query(APPLIED_SQL)).rows.map((r) => r.name as string) : [];
      return await work(applied);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK_KEY]).catch(() => {});
    }
  });
}

/**
 * VACUUM (ANALYZE) of the PostgreSQL database of DATABASE_URL, on a connection of its own: the
 * service's pool stops every statement after 10 s (lib/db/prisma.ts), and at 100 000 generated
 * restaurants this one took 15 s, so npm run db:generate failed on its last step.
 */
export async function vacuumPostgres(): Promise<void> {
  await withPostgresClient(databaseUrl(), (client) => client.query("VACUUM (ANALYZE)"));
}

/** `work` on a connection of its own to the PostgreSQL database at `url`, outside the service's pool and its statement timeout. */
async function withPostgresClient<T>(url: string, work: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    // "getaddrinfo ENOTFOUND", "password authentication failed": say which setting to look at.
    throw new Error(`Cannot connect to the PostgreSQL database of DATABASE_URL (${redactUrl(url)}): ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface SetupOptions {
  /** loads data into a database this creates (lib/import/seed-demo-data.ts); none = the new database stays empty */
  seed?: () => Promise<{ restaurants: number; items: number }>;
  /** apply pending migrations (default); false = refuse with PendingMigrationsError when any is pending */
  migrate?: boolean;
  /** create a missing SQLite file (default); false = MissingDatabaseError, naming the file */
  create?: boolean;
  /** write nothing at all (a dry run): no file, no migration, no journal setting; a pending migration is refused */
  readOnly?: boolean;
  log?: (line: string) => void;
}

/** Thrown when the SQLite file of DATABASE_URL does not exist and the caller may not create it. */
export class MissingDatabaseError extends Error {
  constructor(readonly file: string) {
    super(
      `There is no database at ${file} (DATABASE_URL). Check DATABASE_URL (and that the disk or volume holding the file is mounted), or create the database with \`npm run db:migrate\` (empty; with SEED_DEMO_DATA=true it gets the demo restaurants).`,
    );
    this.name = "MissingDatabaseError";
  }
}

/** SQLite's own error for a file it cannot use, as one line naming the file and the fix (lib/db/sqlite-problem.ts). */
export class DatabaseFileError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = "DatabaseFileError";
  }
}

/** Thrown by setupDatabase({ migrate: false }) when the database lacks committed migrations. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database lacks ${pending.length} migration(s) (${pending.join(", ")}): run the release step \`npm run db:migrate\` with this DATABASE_URL before starting the server, or set MIGRATE_ON_START=true to have the server apply them as it starts.`,
    );
    this.name = "PendingMigrationsError";
  }
}

export async function setupDatabase(options: SetupOptions = {}): Promise<SetupResult> {
  const url = databaseUrl();
  const migrate = options.readOnly ? false : options.migrate;
  if (databaseKind(url) === "postgresql") return withPostgresSetupLock(url, (applied) => migrateAndSeed("postgresql", url, applied, "", { ...options, migrate }));

  const file = path.resolve(/* turbopackIgnore: true */ root, sqlitePath(url));
  const created = !existsSync(file);
  if (created && (options.readOnly || options.create === false)) throw new MissingDatabaseError(file);
  if (created && migrate === false) throw new PendingMigrationsError(committedMigrations(LAYOUT.sqlite.migrations));
  try {
    if (!options.readOnly) {
      if (created) mkdirSync(path.dirname(file), { recursive: true });
      // WAL lets readers run while the importer writes; the setting is stored in the file.
      const conn = new Database(file);
      try {
        conn.pragma("journal_mode = WAL");
      } finally {
        conn.close();
      }
    }
    const result = await migrateAndSeed("sqlite", `file:${file}`, appliedSqliteMigrations(file), file, { ...options, migrate });
    // The file served from now on: readiness fails if it is deleted or replaced (lib/db/database-file-watch.ts).
    watchDatabaseFile(file);
    return { ...result, created };
  } catch (error) {
    const problem = sqliteProblem(error, file);
    throw problem ? new DatabaseFileError(problem, error) : error;
  }
}

async function migrateAndSeed(
  kind: DatabaseKind,
  engineUrl: string,
  applied: string[],
  file: string,
  options: SetupOptions,
): Promise<SetupResult> {
  const log = options.log ?? (() => {});
  const layout = LAYOUT[kind];
  const pending = committedMigrations(layout.migrations).filter((m) => !applied.includes(m));
  if (pending.length && options.migrate === false) throw new PendingMigrationsError(pending);
  let appliedNow: string[] = [];
  if (pending.length) {
    log(`Applying ${pending.length} migration(s) (${kind})…`);
    // The schema engine (WebAssembly) is loaded only when there is something to apply.
    const { applyMigrations } = await import("./schema-engine");
    appliedNow = await applyMigrations(layout.schema, layout.migrations, engineUrl);
  }

  // First run = the database did not exist before. An operator who empties it later keeps it empty.
  let seeded = false;
  if (applied.length === 0 && options.seed) {
    try {
      const summary = await options.seed();
      log(`Loaded demo data into the new database${file ? ` ${file}` : ""}: ${summary.restaurants} restaurants, ${summary.items} menu items.`);
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
  if (error instanceof Error && error.name === "ConfigError") return (error as Error & { lines: string[] }).lines;
  const issues = error instanceof Error && error.name === "ImportError" ? ((error as { issues?: { file: string; path: string; message: string }[] }).issues ?? []) : [];
  const file = databaseKind() === "sqlite" && !(error instanceof DatabaseFileError) ? sqliteProblem(error, sqlitePath()) : undefined;
  return [...issues.map((i) => `${i.file}: ${i.path}: ${i.message}`), file ?? (error instanceof Error ? error.message : String(error))];
}

/**
 * Whether the server may create a missing SQLite file as it starts: for the quick start's own
 * data/menu.db (DATABASE_URL unset), or when SEED_DEMO_DATA=true asks for a demo database. A file
 * DATABASE_URL names is never replaced by a new one unasked: a missing volume or a typo in the
 * path stops the start with MissingDatabaseError instead (`npm run db:migrate` creates it).
 */
export function createOnStart(): boolean {
  return !config().DATABASE_URL_SET || config().SEED_DEMO_DATA;
}

/** Whether a new database gets the demo data: SEED_DEMO_DATA (default true only while DATABASE_URL is unset). */
export function seedOnFirstRun(): boolean {
  return config().SEED_DEMO_DATA;
}
