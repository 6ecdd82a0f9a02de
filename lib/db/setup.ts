// Brings the database to the committed schema and, on first run only, loads the demo data.
// Runs before the server starts (scripts/db-setup.ts), never on a request path.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseKind, databaseUrl, sqlitePath } from "./database-url";

const root = process.cwd();
export const SCHEMA_PATH = path.join(root, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(root, "prisma/migrations");
export const DEMO_DIR = path.join(root, "prisma/demo");

export interface SetupResult {
  created: boolean;
  applied: string[];
  seeded: boolean;
}

function committedMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** Names of migrations already applied, read straight from Prisma's bookkeeping table. */
function appliedMigrations(file: string): string[] {
  const conn = new Database(file, { fileMustExist: true });
  try {
    const table = conn.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name='_prisma_migrations'").get();
    if (!table) return [];
    return conn
      .prepare("SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL")
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
    .map((f) => ({ name: path.join(path.relative(root, dir), f), data: JSON.parse(readFileSync(path.join(dir, f), "utf8")) as unknown }));
}

export async function setupDatabase(options: { seed?: boolean; log?: (line: string) => void } = {}): Promise<SetupResult> {
  const log = options.log ?? (() => {});
  const url = databaseUrl();
  if (databaseKind(url) !== "sqlite") {
    throw new Error("Automatic setup covers the embedded SQLite database. For PostgreSQL run `npx prisma migrate deploy` first.");
  }
  const file = path.resolve(root, sqlitePath(url));
  const created = !existsSync(file);
  if (created) mkdirSync(path.dirname(file), { recursive: true });

  // WAL lets readers run while the importer writes; the setting is stored in the file.
  const conn = new Database(file);
  conn.pragma("journal_mode = WAL");
  conn.close();

  const applied = appliedMigrations(file);
  const pending = committedMigrations().filter((m) => !applied.includes(m));
  let appliedNow: string[] = [];
  if (pending.length) {
    log(`Applying ${pending.length} migration(s) to ${path.relative(root, file)}…`);
    // The schema engine (WebAssembly) is loaded only when there is something to apply.
    const { applyMigrations } = await import("./schema-engine");
    appliedNow = await applyMigrations(SCHEMA_PATH, MIGRATIONS_DIR, `file:${file}`);
  }

  // First run = the database did not exist before. An operator who empties it later keeps it empty.
  let seeded = false;
  if (applied.length === 0 && options.seed !== false) {
    const { importMenus } = await import("../import/import-menus");
    try {
      const summary = await importMenus(demoSources());
      log(`Loaded demo data: ${summary.restaurants} restaurants, ${summary.items} menu items.`);
    } catch (error) {
      // Leave no half-initialised database behind: the next start is a first run again.
      const { disconnectDb } = await import("./prisma");
      await disconnectDb();
      for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
      throw error;
    }
    seeded = true;
  }
  return { created, applied: appliedNow, seeded };
}
