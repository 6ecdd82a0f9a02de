// npm run db:backup [-- <file>] — a consistent copy of the database while the service runs.
//   SQLite (the embedded default): SQLite's online backup of DATABASE_URL's file into <file>
//     (default backups/menu-<UTC time>.db under the project root), then SQLite's integrity check.
//   PostgreSQL: pg_dump --format=custom into <file> (default backups/menu-<UTC time>.dump).
// Restore with npm run db:restore -- <file> (scripts/db-restore.ts). docs/operations.md "Backups".
import { mkdirSync } from "node:fs";
import path from "node:path";
import { backupSqlite, defaultBackupName, dumpPostgres } from "../lib/db/backup";
import { databaseKind, databaseUrl, projectRoot, sqlitePath } from "../lib/db/database-url";

const args = process.argv.slice(2);
if (args.some((a) => a.startsWith("-")) || args.length > 1) {
  console.error("usage: npm run db:backup [-- <backup file>]   (default: backups/menu-<UTC time>.db, or .dump on PostgreSQL)");
  process.exit(2);
}

const url = databaseUrl();
const started = Date.now();
try {
  if (databaseKind(url) === "sqlite") {
    const target = path.resolve(args[0] ?? defaultBackupName(path.join(projectRoot(), "backups")));
    mkdirSync(path.dirname(target), { recursive: true });
    const info = await backupSqlite(sqlitePath(url), target);
    console.log(
      `Backed up ${sqlitePath(url)} to ${target}: ${info.restaurants} restaurants, ${(info.bytes / 1024 / 1024).toFixed(1)} MB, ` +
        `integrity ok, ${info.migrations.length} migrations, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } else {
    const target = path.resolve(args[0] ?? defaultBackupName(path.join(projectRoot(), "backups")).replace(/\.db$/, ".dump"));
    mkdirSync(path.dirname(target), { recursive: true });
    dumpPostgres(url, target);
    console.log(`Backed up the PostgreSQL database to ${target} (pg_dump custom format) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
