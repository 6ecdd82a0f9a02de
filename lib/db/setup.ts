// Brings the database to the committed schema and, on first run only, loads the demo data.
// Runs before the server starts (scripts/db-setup.ts), never on a request path.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseKind, databaseUrl, sqlitePath } from "./database-url";
import { parseImportText } from "../import/read-import-file";

const root = process.cwd();
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
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => parseImportText(path.join(path.relative(root, dir), f), readFileSync(path.join(dir, f), "utf8")));
}

async function appliedPostgresMigrations(url: string): Promise<string[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query("SELECT to_regclass('_prisma_migrations') AS t");
    if (!table.rows[0].t) return [];
    return (await client.query(APPLIED_SQL)).rows.map((r) => r.name as string);
  } finally {
    await client.end();
  }
}

export async function setupDatabase(options: { seed?: boolean; log?: (line: string) => void } = {}): Promise<SetupResult> {
  const log = options.log ?? (() => {});
  const url = databaseUrl();
  const kind = databaseKind(url);
  const layout = LAYOUT[kind];
  let engineUrl = url;
  let created = false;
  let file = "";
  let applied: string[];

  if (kind === "sqlite") {
    file = path.resolve(root, sqlitePath(url));
    created = !existsSync(file);
    if (created) mkdirSync(path.dirname(file), { recursive: true });
    // WAL lets readers run while the importer writes; the setting is stored in the file.
    const conn = new Database(file);
    conn.pragma("journal_mode = WAL");
    conn.close();
    engineUrl = `file:${file}`;
    applied = appliedSqliteMigrations(file);
  } else {
    applied = await appliedPostgresMigrations(url);
    created = applied.length === 0;
  }

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
  return { created, applied: appliedNow, seeded };
}
