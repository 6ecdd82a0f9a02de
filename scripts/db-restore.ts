// npm run db:restore -- <backup file> — puts a backup made by npm run db:backup back.
//   SQLite: checks the backup (SQLite's integrity check, a menu-service database, no migration
//     newer than this code), keeps a copy of the current database in backups/before-restore-….db,
//     then replaces DATABASE_URL's file's content through SQLite's online backup API (a running
//     server goes from the old content to the restored one between two queries), and applies any
//     migration the backup predates.
//   PostgreSQL: keeps a copy of the current database in backups/before-restore-….dump (pg_dump), then
//     pg_restore --clean --if-exists --single-transaction of a pg_dump custom-format file.
// A running server's in-process caches keep serving what they hold for up to MENU_CACHE_TTL_MS
// (30 s): restart it, or POST /api/internal/revalidate {"all":true}. docs/operations.md "Backups".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { backupSqlite, committedMigrationNames, defaultBackupName, dumpPostgres, inspectBackup, restoreSqlite } from "../lib/db/backup";
import { databaseKind, databaseUrl, projectRoot, sqlitePath } from "../lib/db/database-url";
import { disconnectDb } from "../lib/db/prisma";
import { setupDatabase } from "../lib/db/setup";

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith("-")) {
  console.error("usage: npm run db:restore -- <backup file>");
  process.exit(2);
}
const backup = path.resolve(args[0]);
const url = databaseUrl();
try {
  if (!existsSync(backup)) throw new Error(`${backup}: no such file`);
  if (databaseKind(url) === "sqlite") {
    const target = sqlitePath(url);
    const info = inspectBackup(backup);
    if (existsSync(target)) {
      const safety = defaultBackupName(path.join(projectRoot(), "backups"), new Date(), "before-restore");
      mkdirSync(path.dirname(safety), { recursive: true });
      const current = await backupSqlite(target, safety);
      console.log(`Kept the current database (${current.restaurants} restaurants) in ${safety}.`);
    } else {
      mkdirSync(path.dirname(target), { recursive: true });
    }
    await restoreSqlite(backup, target, committedMigrationNames(path.join(projectRoot(), "prisma/migrations")));
    // A backup from an older version gets the migrations it lacks, as on a server start.
    const setup = await setupDatabase();
    console.log(
      `Restored ${backup} into ${target}: ${info.restaurants} restaurants` +
        `${setup.applied.length ? `, then applied ${setup.applied.length} newer migration(s)` : ""}. ` +
        "A running server serves cached copies for up to 30 s: restart it, or POST /api/internal/revalidate {\"all\":true}.",
    );
  } else {
    // As on SQLite: what the restore replaces can be put back (npm run db:restore -- <that file>).
    const safety = defaultBackupName(path.join(projectRoot(), "backups"), new Date(), "before-restore").replace(/\.db$/, ".dump");
    mkdirSync(path.dirname(safety), { recursive: true });
    dumpPostgres(url, safety);
    console.log(`Kept the current database in ${safety}.`);
    const result = spawnSync("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", `--dbname=${url}`, backup], { stdio: "inherit" });
    if (result.error) throw new Error(`pg_restore could not be run (${result.error.message}): install the PostgreSQL client tools of your server's major version`);
    if (result.status !== 0) throw new Error(`pg_restore failed (exit ${result.status})`);
    await setupDatabase();
    console.log(`Restored ${backup} into the PostgreSQL database.`);
  }
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
