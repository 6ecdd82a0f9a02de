// What an operator reads when SQLite cannot use the database file: SQLite's own words ("unable to
// open database file", "file is not a database", "database disk image is malformed") name neither
// the file nor a way out. Pure: the callers (setup, the import, backups) pass the file they opened.

/** SQLite's result codes and messages of a file that cannot be used, and what to do about each. */
const PROBLEMS: { codes: string[]; message: RegExp; say: (file: string) => string }[] = [
  {
    codes: ["SQLITE_CANTOPEN"],
    message: /unable to open database file|directory does not exist/i,
    say: (file) =>
      `cannot open the SQLite database ${file}: check that the path (DATABASE_URL) names a file, not a folder, and that this user may read and write it and its folder (SQLite writes ${file}-wal and ${file}-shm beside it)`,
  },
  {
    codes: ["SQLITE_READONLY"],
    message: /readonly database/i,
    say: (file) => `the SQLite database ${file} is read-only for this user: give it, and its folder, write permission`,
  },
  {
    codes: ["SQLITE_NOTADB"],
    message: /file is not a database/i,
    say: (file) =>
      `${file} is not a SQLite database: DATABASE_URL names another kind of file (check the path), or the file is damaged (put a backup back with npm run db:restore -- <backup file>)`,
  },
  {
    codes: ["SQLITE_CORRUPT"],
    message: /database disk image is malformed|database corruption/i,
    say: (file) =>
      `the SQLite database ${file} is damaged ("database disk image is malformed"): stop the server and put the latest backup back with npm run db:restore -- <backup file> (docs/operations.md, "Backups"); sqlite3's .recover command may save what a backup lacks`,
  },
];

/**
 * One line naming `file` and what to do, when `error` (or an error in its cause chain, as Prisma
 * wraps the driver's) is SQLite failing to use the file; undefined for any other error.
 */
export function sqliteProblem(error: unknown, file: string): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const problem = PROBLEMS.find((p) => (typeof code === "string" && p.codes.some((c) => code.startsWith(c))) || p.message.test(e.message));
    if (problem) return problem.say(file);
  }
  return undefined;
}
