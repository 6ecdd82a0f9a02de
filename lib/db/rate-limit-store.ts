// The PostgreSQL pool of the throttle's shared store (lib/http/rate-limit.ts): small, with short
// timeouts, always on the primary (DATABASE_URL; replicas are read-only). Kept apart from Prisma's
// pool because rate-limiter-flexible speaks to pg directly.
import pg from "pg";
import { databaseKind, databaseUrl } from "./database-url";
import { registerPool } from "./pool-stats";
import { onShutdown } from "../shutdown-hooks";
import { processState } from "../process-state.mjs";

const globalForStore = processState<{ menuRateLimitPool?: pg.Pool }>("rate-limit-store", () => ({}));

/** The pool when the database is PostgreSQL; undefined for the embedded SQLite default. */
export function rateLimitPool(): pg.Pool | undefined {
  if (databaseKind(databaseUrl()) !== "postgresql") return undefined;
  if (!globalForStore.menuRateLimitPool) {
    const pool = new pg.Pool({
      connectionString: databaseUrl(),
      max: 2,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: 2_000,
      statement_timeout: 2_000,
    });
    // An idle connection dropped by the server (a restart) must not take the process down.
    pool.on("error", () => {});
    globalForStore.menuRateLimitPool = pool;
    registerPool("throttle", pool);
    onShutdown(async () => {
      globalForStore.menuRateLimitPool = undefined;
      await pool.end();
    });
  }
  return globalForStore.menuRateLimitPool;
}
