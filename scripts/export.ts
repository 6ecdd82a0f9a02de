// npm run export -- <slug> [more slugs…] > file.json — the named restaurants as an import file
// (lib/import/export-import-file.ts): their menus, owners and the directory entries they use, with
// a `scope` naming them. Edit it and bring it back with npm run import -- file.json; imported
// unchanged it changes nothing public. It reads the database of DATABASE_URL read-only and writes
// nothing: the file goes to standard output, messages to standard error. It holds private fields
// (owner e-mails, costs, internal notes, stats): keep it as you keep a backup.
import { disconnectDb, openDatabaseReadOnly } from "../lib/db/prisma";
import { setupDatabase } from "../lib/db/setup";
import { databaseKind, databaseUrl, sqlitePath } from "../lib/db/database-url";
import { sqliteProblem } from "../lib/db/sqlite-problem";
import { exportImportFile } from "../lib/import/export-import-file";

const USAGE = "usage: npm run export -- <restaurant slug> [more slugs…] > menus.json   (npm run import -- --list shows drafts and inactive ones)";
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.length || args.some((a) => a.startsWith("-"))) {
  console.error(USAGE);
  process.exit(2);
}

const url = databaseUrl();
try {
  openDatabaseReadOnly();
  await setupDatabase({ readOnly: true });
  const file = await exportImportFile(args);
  process.stdout.write(`${JSON.stringify(file, null, 2)}\n`);
  console.error(`Exported ${args.length} restaurant(s) from ${databaseKind(url) === "sqlite" ? sqlitePath(url) : "the PostgreSQL database"}.`);
} catch (error) {
  const file = databaseKind(url) === "sqlite" ? sqliteProblem(error, sqlitePath(url)) : undefined;
  console.error(`Export failed: ${file ?? (error instanceof Error ? error.message : String(error))}`);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
