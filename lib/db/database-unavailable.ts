// Which failures mean "the database cannot answer right now" (stopped, unreachable, its connections
// cut, too busy to answer in time) rather than a bug of ours: those are 503 service_unavailable
// with Retry-After (lib/http/api-errors.ts), never 500 internal_error (issue #49). The driver
// adapters report them as Prisma codes (adapter-pg: ECONNREFUSED → P1001, ECONNRESET → P1017;
// adapter-better-sqlite3: SQLITE_BUSY past its timeout → P1008); a socket error can also arrive
// bare, or as the cause of another error.

/** The database failed to answer; `cause` is the driver's or Prisma's error. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The database cannot be reached or did not answer in time.", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

/** Prisma's codes for a database that cannot be reached, timed out, closed the connection, or has no connection free. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);

/** Socket and SQLite codes of the same failures, when they are not wrapped by Prisma. */
const SYSTEM_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "SQLITE_BUSY", "SQLITE_CANTOPEN"]);

/** pg's own messages for a cut or exhausted connection (they carry no code). */
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Can't reach database server/;

/** Whether `error` (or an error in its cause chain) says the database cannot answer. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const { code, errorCode } = e as { code?: unknown; errorCode?: unknown };
    if (typeof code === "string" && (PRISMA_CODES.has(code) || SYSTEM_CODES.has(code))) return true;
    if (e.name === "PrismaClientInitializationError" && typeof errorCode === "string" && PRISMA_CODES.has(errorCode)) return true;
    if (PG_MESSAGES.test(e.message)) return true;
  }
  return false;
}
