// Which database the process uses, and where the embedded one lives.
//
// A relative SQLite URL (the default `file:./data/menu.db` included) is resolved against the
// project root, never against whatever the working directory happens to be: Next's standalone
// server changes into `.next/standalone` before it starts, and `npm run build` empties `.next`,
// so a database resolved from there was a second one that a build deleted. The project root is the
// working directory, or, when that lies inside a build output folder (`.next`), the folder that
// holds it. Every run mode and every command thus opens one file: `<project>/data/menu.db`.
// (In the container image the standalone output is the app folder itself, /app: /app/data/menu.db.)
import path from "node:path";
import { config } from "../config";
import { DEFAULT_DATABASE_URL } from "../config-schema.mjs";

export { DEFAULT_DATABASE_URL };

export type DatabaseKind = "sqlite" | "postgresql";

/** The project folder of a working directory: cwd itself, or the folder holding the `.next` it runs in. */
// turbopackIgnore on every path built from the working directory: the build would otherwise trace
// the whole project folder (tests, README, a local database) into the standalone output.
export function projectRoot(cwd = /* turbopackIgnore: true */ process.cwd()): string {
  const absolute = path.resolve(/* turbopackIgnore: true */ cwd);
  const parts = absolute.split(path.sep);
  const output = parts.indexOf(".next");
  return output > 0 ? parts.slice(0, output).join(path.sep) || path.sep : absolute;
}

/** The configured URL as given (DATABASE_URL or the default), before any resolution. */
export function configuredDatabaseUrl(): string {
  return config().DATABASE_URL;
}

/** The database URL, a relative SQLite path made absolute against the project root. */
export function databaseUrl(): string {
  const url = configuredDatabaseUrl();
  const cwd = process.cwd();
  // Read per query and per page request (databaseKind): resolved once per setting and directory.
  if (resolvedUrl?.url !== url || resolvedUrl.cwd !== cwd) resolvedUrl = { url, cwd, resolved: resolveDatabaseUrl(url) };
  return resolvedUrl.resolved;
}

let resolvedUrl: { url: string; cwd: string; resolved: string } | undefined;

/** `file:./x.db` → `file:/project/x.db` (query kept); absolute paths and PostgreSQL URLs unchanged. */
export function resolveDatabaseUrl(url: string, cwd?: string): string {
  if (!url.startsWith("file:")) return url;
  const rest = url.slice("file:".length);
  const query = rest.includes("?") ? rest.slice(rest.indexOf("?")) : "";
  const file = query ? rest.slice(0, rest.indexOf("?")) : rest;
  if (file === ":memory:" || path.isAbsolute(file)) return url;
  return `file:${path.resolve(/* turbopackIgnore: true */ projectRoot(cwd), file)}${query}`;
}

export function databaseKind(url = databaseUrl()): DatabaseKind {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgresql:// — got ${url.split(":")[0]}:`);
}

/** The file path of a SQLite URL, as better-sqlite3 wants it (absolute for a relative URL). */
export function sqlitePath(url = databaseUrl()): string {
  return resolveDatabaseUrl(url).replace(/^file:/, "").replace(/\?.*$/, "");
}
