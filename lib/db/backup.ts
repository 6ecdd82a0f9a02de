// Backups of the embedded database, taken and restored with SQLite's online backup API
// (better-sqlite3 `db.backup()`), so they are consistent while the server reads and imports
// write. A plain `cp data/menu.db` of a live database is not: committed pages may still be in
// menu.db-wal (a copy taken that way held 59 of 79 restaurants). PostgreSQL is backed up with its
// own tools, pg_dump and pg_restore (scripts/db-backup.ts runs them; docs/operations.md "Backups").
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export interface BackupInfo {
  file: string;
  bytes: number;
  restaurants: number;
  migrations: string[];
}

/**
 * Copies the live database `source` to `target` (a new file) as one consistent snapshot. All
 * pages are copied in one step, under one read transaction: in WAL mode writers go on meanwhile,
 * and the copy never restarts because of them (a page-by-page backup restarts whenever another
 * connection writes, and under a steady import might never finish).
 */
export async function backupSqlite(source: string, target: string): Promise<BackupInfo> {
  if (!existsSync(source)) throw new Error(`${source}: no database there`);
  if (existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const conn = new Database(source, { readonly: true, fileMustExist: true });
  try {
    conn.pragma("busy_timeout = 5000");
    await conn.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    conn.close();
  }
  // The copy is a database of its own: no WAL beside it, readable with any sqlite3.
  const copy = new Database(partial);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  renameSync(partial, target);
  return inspectBackup(target);
}

/** What a backup file holds, after SQLite's integrity check; throws when it is not a usable backup. */
export function inspectBackup(file: string): BackupInfo {
  if (!existsSync(file)) throw new Error(`${file}: no such file`);
  let conn: Database.Database;
  try {
    conn = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(`${file} is not an SQLite database (${(error as Error).message})`);
  }
  try {
    const check = conn.pragma("integrity_check") as { integrity_check: string }[];
    if (check.length !== 1 || check[0].integrity_check !== "ok") throw new Error(`${file} is damaged: ${check.map((c) => c.integrity_check).slice(0, 5).join("; ")}`);
    const table = conn.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name='_prisma_migrations'").get();
    if (!table) throw new Error(`${file} is not a menu-service database (it has no _prisma_migrations table)`);
    const migrations = conn
      .prepare("SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name")
      .all()
      .map((r) => (r as { name: string }).name);
    const restaurants = (conn.prepare('SELECT count(*) AS n FROM "Restaurant"').get() as { n: number }).n;
    return { file, bytes: statSync(file).size, restaurants, migrations };
  } finally {
    conn.close();
  }
}

/**
 * Restores `backup` into the database file `target`, through the same online backup API: the
 * target's pages are replaced in one write transaction, so a server that has it open goes from
 * the old content to the restored one between two queries, never seeing a mix. A backup made by
 * a newer version of the service (migrations this code does not have) is refused.
 */
export async function restoreSqlite(backup: string, target: string, committedMigrations: string[]): Promise<BackupInfo> {
  const info = inspectBackup(backup);
  const unknown = info.migrations.filter((m) => !committedMigrations.includes(m));
  if (unknown.length) throw new Error(`${backup} comes from a newer version of the service (migrations ${unknown.join(", ")}): update the service first`);
  const conn = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await conn.backup(target, { progress: () => 0x7fffffff });
  } finally {
    conn.close();
  }
  // The restored file keeps the live database's journal mode: WAL, which lets readers read while
  // the importer writes (lib/db/setup.ts).
  const live = new Database(target);
  try {
    live.pragma("busy_timeout = 5000");
    live.pragma("journal_mode = WAL");
  } finally {
    live.close();
  }
  return info;
}

/** The names of the committed migrations in a migrations folder. */
export function committedMigrationNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** backups/menu-2026-11-25T21-30-00Z.db: sortable, no characters a shell or Windows minds. */
export function defaultBackupName(dir: string, now = new Date(), prefix = "menu"): string {
  return path.join(dir, `${prefix}-${now.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-")}.db`);
}

/**
 * pg_dump --format=custom of the PostgreSQL database at `url` into `target` (a new file): the
 * backup of `npm run db:backup`, and the safety copy `npm run db:restore` keeps before it restores.
 */
export function dumpPostgres(url: string, target: string): void {
  if (existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  const result = spawnSync("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${target}`, `--dbname=${url}`], { stdio: "inherit" });
  if (result.error) throw new Error(`pg_dump could not be run (${result.error.message}): install the PostgreSQL client tools of your server's major version`);
  if (result.status !== 0) throw new Error(`pg_dump failed (exit ${result.status})`);
}
