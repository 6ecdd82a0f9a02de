// What a readiness probe needs from the database: can it be reached, and has every committed
// migration been applied? Both on the primary, within a time bound, so a hung database makes the
// probe answer "not ready" rather than hang with it.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { databaseKind } from "./database-url";
import { primaryDb } from "./prisma";
import { databaseFileProblem } from "./database-file-watch";

export interface DatabaseStatus {
  /** replaced: the SQLite file opened was deleted or replaced on disk (lib/db/database-file-watch.ts) */
  database: "ok" | "unreachable" | "replaced";
  migrations: "ok" | "pending" | "unknown";
  /** committed migrations the database has not applied (or has failed to) */
  pending: string[];
  /** for the log, never for a response: what happened to the file (it names the path) */
  problem?: string;
}

const MIGRATIONS_DIR = { sqlite: "prisma/migrations", postgresql: "prisma/postgresql/migrations" } as const;

/** The committed migrations beside the app (npm start's working directory is the project root); undefined when not shipped. */
function committedMigrations(): string[] | undefined {
  const dir = path.join(/* turbopackIgnore: true */ process.cwd(), MIGRATIONS_DIR[databaseKind()]);
  if (!existsSync(/* turbopackIgnore: true */ dir)) return undefined;
  return readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function databaseStatus(timeoutMs = 2_000): Promise<DatabaseStatus> {
  // Before any query: a query would still answer, from the old file's pages.
  const replaced = databaseFileProblem();
  if (replaced) return { database: "replaced", migrations: "unknown", pending: [], problem: replaced };
  let applied: string[];
  try {
    const rows = await withTimeout(
      primaryDb().$queryRawUnsafe<{ name: string }[]>(
        "SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
      ),
      timeoutMs,
    );
    applied = rows.map((r) => r.name);
  } catch {
    // Unreachable, too slow, or no _prisma_migrations table at all: not a database this app can serve from.
    return { database: "unreachable", migrations: "unknown", pending: [] };
  }
  const committed = committedMigrations();
  if (!committed) return { database: "ok", migrations: applied.length > 0 ? "ok" : "pending", pending: [] };
  const pending = committed.filter((name) => !applied.includes(name));
  return { database: "ok", migrations: pending.length ? "pending" : "ok", pending };
}
