// Where the embedded database lives unless DATABASE_URL says otherwise. Relative to the working
// directory, which is the project root for every npm script.
export const DEFAULT_DATABASE_URL = "file:./data/menu.db";

export type DatabaseKind = "sqlite" | "postgresql";

export function databaseUrl(): string {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

export function databaseKind(url = databaseUrl()): DatabaseKind {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgresql:// — got ${url.split(":")[0]}:`);
}

/** The file path of a SQLite URL, as better-sqlite3 wants it. */
export function sqlitePath(url = databaseUrl()): string {
  return url.replace(/^file:/, "").replace(/\?.*$/, "");
}
