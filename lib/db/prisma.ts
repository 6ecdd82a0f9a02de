// The one Prisma client of the process. DATABASE_URL picks the engine: SQLite through
// better-sqlite3 (embedded default) or PostgreSQL through pg. Both clients are generated from the
// same models (prisma/schema.prisma and its derived PostgreSQL copy), so they share one type.
//
// Read replicas (optional): DATABASE_REPLICA_URLS, a comma-separated list of URLs of the same
// engine, routes every non-transactional read of a model to a replica picked at random
// (@prisma/extension-read-replicas); writes, transactions and raw queries stay on the primary —
// readDb() sends a raw read to a replica. The process still has one client: the extended one.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { readReplicas } from "@prisma/extension-read-replicas";
import { PrismaClient } from "./generated/client";
import { PrismaClient as PrismaClientPg } from "./generated-pg/client";
import { databaseKind, databaseUrl, sqlitePath } from "./database-url";
import pg from "pg";
import { metricsEnabled, startDbTimer } from "../observability/metrics";
import { registerPool } from "./pool-stats";
import { onShutdown } from "../shutdown-hooks";
import { config } from "../config";
import { serializeTransactionQueries } from "./serial-transactions";
import { pgSessionOptions } from "./pg-session";
import { processState } from "../process-state.mjs";
import { forgetDatabaseFiles, watchDatabaseFile } from "./database-file-watch";

export type Db = InstanceType<typeof PrismaClient>;

/** DATABASE_POOL_SIZE connections per pool (primary and each replica), 10 by default. */
export function poolSize(): number {
  return config().DATABASE_POOL_SIZE;
}

/** The replica URLs from DATABASE_REPLICA_URLS (of the primary's engine: checked with the configuration). */
export function replicaUrls(): string[] {
  return config().DATABASE_REPLICA_URLS;
}

/**
 * The cause alone in an error's message ("Can't reach database server at …"). Prisma's other
 * formats quote the source line of the call: in a build that is a line of minified bundle, up to
 * 300 KB, with the literals compiled into it — the build secret among them (lib/build-secret.ts) —
 * and it went to the log with every query that failed while the database was down.
 */
const ERROR_FORMAT = "minimal";

function clientFor(url: string, poolName: string): Db {
  if (databaseKind(url) === "postgresql") {
    // Small pools and short timeouts suit serverless hosts, where many instances share one server.
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize(),
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 10_000,
      // client-side too: a server that stops answering mid-query never sends the statement timeout
      query_timeout: 12_000,
      // The planner settings the searches rely on, whatever the server's defaults (lib/db/pg-session.ts).
      options: pgSessionOptions(),
    });
    // Made here, not by the adapter, so the metrics can read its counts (lib/db/pool-stats.ts).
    registerPool(poolName, pool);
    const adapter = serializeTransactionQueries(new PrismaPg(pool, { disposeExternalPool: true }));
    return withQueryTimer(new PrismaClientPg({ adapter, errorFormat: ERROR_FORMAT }) as unknown as Db);
  }
  // fileMustExist: a connection never creates an empty stand-in for a file that went missing
  // (lib/db/setup.ts creates the database, where that is allowed); readonly for a dry run.
  const options = { url: sqlitePath(url), timeout: 5000, fileMustExist: true, readonly: globalForPrisma.readOnly === true };
  return withQueryTimer(new PrismaClient({ adapter: new MappedSqlite(options), errorFormat: ERROR_FORMAT }));
}

/**
 * SQLite reads the database through a memory map (up to this build's 2 GiB cap) instead of a
 * read() call per page into its own 16 MB cache: a search at 100 000 restaurants (2.8 GB, 5 million
 * dishes) touches tens of thousands of pages the cache cannot hold, and each read() was most of
 * its time (q=flottante: the page walk 75 → 36 ms, its total over the index's matches 13.5 → 4.5
 * ms, measured on the growth database, 2026-11-26). The pages are the operating system's file
 * cache, shared, not the process's own memory.
 */
const MMAP_BYTES = 2 ** 31;

class MappedSqlite extends PrismaBetterSqlite3 {
  constructor(private readonly options: { url: string; timeout: number; fileMustExist: boolean; readonly: boolean }) {
    super(options);
  }

  override async connect() {
    const adapter = await super.connect();
    (adapter as unknown as { client: { pragma(source: string): unknown } }).client.pragma(`mmap_size = ${MMAP_BYTES}`);
    watchDatabaseFile(this.options.url);
    return adapter;
  }
}

/**
 * With metrics on (METRICS_PORT), every operation's duration goes to the query histogram
 * (lib/observability/metrics.ts); with them off the client is left as it is, at no cost.
 */
function withQueryTimer(client: Db): Db {
  if (!metricsEnabled()) return client;
  return client.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const done = startDbTimer();
        try {
          return await query(args);
        } finally {
          done?.(model ?? "raw", operation);
        }
      },
    },
  }) as unknown as Db;
}

function createClient(): Db {
  const url = databaseUrl();
  const primary = clientFor(url, "primary");
  const replicas = replicaUrls().map((replica, i) => clientFor(replica, `replica-${i + 1}`));
  if (replicas.length === 0) return primary;
  // The extension adds $primary()/$replica() and routes reads; the model API is unchanged.
  return primary.$extends(readReplicas({ replicas })) as unknown as Db;
}

// One client per process (lib/process-state.mjs), also across Next.js dev's module reloads.
const globalForPrisma = processState<{ menuPrisma?: Db; readOnly?: boolean }>("prisma", () => ({}));

/** Opens the database read-only from now on (a dry run): any write fails. Before the first db() call. */
export function openDatabaseReadOnly(): void {
  if (globalForPrisma.menuPrisma) throw new Error("openDatabaseReadOnly() must come before the database is opened");
  globalForPrisma.readOnly = true;
}

export function db(): Db {
  if (!globalForPrisma.menuPrisma) {
    globalForPrisma.menuPrisma = createClient();
    onShutdown(disconnectDb);
  }
  return globalForPrisma.menuPrisma;
}

/** The client for a raw read query: a replica when there are any (model reads are routed already). */
export function readDb(): Db {
  const client = db() as Db & { $replica?: () => Db };
  return typeof client.$replica === "function" ? client.$replica() : client;
}

/** The primary, for reads that must see the latest writes (the importer's validation). */
export function primaryDb(): Db {
  const client = db() as Db & { $primary?: () => Db };
  return typeof client.$primary === "function" ? client.$primary() : client;
}

export async function disconnectDb(): Promise<void> {
  await globalForPrisma.menuPrisma?.$disconnect();
  globalForPrisma.menuPrisma = undefined;
  forgetDatabaseFiles();
}
