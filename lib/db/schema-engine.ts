// Prisma's schema engine as WebAssembly (@prisma/schema-engine-wasm), for writing and checking
// migrations where the native schema-engine binary cannot be downloaded, for SQLite and PostgreSQL.
//
// The package's ESM entry imports a .wasm file, which Node 20 cannot load, so we instantiate the
// module ourselves. Everything goes through Prisma's driver adapters; nothing is downloaded.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { config } from "../config";
import { databaseKind, type DatabaseKind } from "./database-url";
import { EXTERNAL_TABLES } from "./external-tables";

interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: { path: string; migrationFile: { path: string; content: { tag: "ok"; value: string } } }[];
}

let ready: Promise<void> | undefined;

/**
 * The engine's .wasm. Inside the Next.js server bundle require.resolve yields a module id, not a
 * path, so the server looks in node_modules under its working directory (the project root, or the
 * standalone output, which next.config.ts makes include the package); scripts and tests resolve it.
 */
function wasmFile(): string {
  const beside = path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm");
  if (existsSync(beside)) return beside;
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
}

function loadWasm(): Promise<void> {
  ready ??= (async () => {
    const { instance } = await WebAssembly.instantiate(readFileSync(/* turbopackIgnore: true */ wasmFile()), {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    (bg as unknown as { __wbg_set_wasm(e: WebAssembly.Exports): void }).__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return ready;
}

/** Prisma's migrations folder, read as the engine wants it. */
export function migrationList(baseDir: string): MigrationList {
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  const lock = path.join(baseDir, "migration_lock.toml");
  return {
    baseDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lock) ? readFileSync(lock, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: { path: "migration.sql", content: { tag: "ok", value: readFileSync(path.join(baseDir, name, "migration.sql"), "utf8") } },
    })),
  };
}

/** What the engine must not touch: the tables the migrations create beside the models (lib/db/external-tables.ts). */
const filtersFor = (kind: DatabaseKind) => ({ externalTables: EXTERNAL_TABLES[kind], externalEnums: [] });

/**
 * An engine over one database (SQLite file or PostgreSQL URL). `close()` also closes the adapter's
 * connections: the engine takes locks that would otherwise outlive it.
 */
async function openEngine(schemaPath: string, url: string) {
  await loadWasm();
  const factory = databaseKind(url) === "postgresql" ? new PrismaPg({ connectionString: url, max: 2 }) : new PrismaBetterSqlite3({ url });
  const opened: { dispose(): Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const connection = await connect();
    opened.push(connection);
    if (factory instanceof PrismaPg) readCharAsText(connection);
    return connection as never;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  // The engine's own messages, for LOG_LEVEL=debug (or trace).
  const verbose = config().LOG_LEVEL === "debug" || config().LOG_LEVEL === "trace";
  const log = (msg: string) => {
    if (verbose) console.error(msg);
  };
  const engine = await bg.SchemaEngine.new({ datamodels: [[schemaPath, readFileSync(schemaPath, "utf8")]] }, log, adapter);
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.map((c) => c.dispose()));
    },
  };
}

/**
 * The engine introspects PostgreSQL's catalogs, which have columns of the internal one-byte type
 * "char" (OID 18). @prisma/adapter-pg has no mapping for it and fails ("Column type 'char' could not
 * be deserialized"); node-postgres already returns those values as strings, so we report them as
 * text (OID 25). Applies to the connection and to every transaction started on it.
 */
function readCharAsText(queryable: object) {
  const target = queryable as {
    performIO(query: unknown): Promise<{ fields: { dataTypeID: number }[] }>;
    startTransaction?(...args: unknown[]): Promise<object>;
  };
  const performIO = target.performIO.bind(target);
  target.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (field.dataTypeID === 18) field.dataTypeID = 25;
    return result;
  };
  if (target.startTransaction) {
    const start = target.startTransaction.bind(target);
    target.startTransaction = async (...args) => {
      const tx = await start(...args);
      readCharAsText(tx);
      return tx;
    };
  }
}

/** Applies the unapplied migrations of `baseDir` to the database at `url`, as `prisma migrate deploy` does. */
export async function applyMigrations(schemaPath: string, baseDir: string, url: string): Promise<string[]> {
  const { engine, close } = await openEngine(schemaPath, url);
  try {
    const out = await engine.applyMigrations({ migrationsList: migrationList(baseDir), filters: filtersFor(databaseKind(url)) } as never);
    return out.appliedMigrationNames;
  } finally {
    await close();
  }
}

/**
 * A throw-away empty database of the schema's provider: a temp SQLite file, or a new database on
 * the PostgreSQL server at `postgresUrl`.
 */
async function scratchDatabase(postgresUrl?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "menu-shadow-"));
    return { url: `file:${path.join(dir, "shadow.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import("pg");
  const name = `menu_shadow_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // Plain DROP first: PostgreSQL stops an autovacuum worker on the database itself, which FORCE
    // (terminating it as another role) may not be allowed to do; FORCE for our own leftovers.
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}"`).catch(() => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * The SQL script that takes the database built by the migrations in `migrationsDir` to the schema
 * (empty when they match). The migrations are replayed into a scratch database, which is then
 * diffed as a live database: the engine's own shadow-database path does not work over an adapter.
 * For a PostgreSQL schema, `postgresUrl` names a server where a scratch database may be created.
 */
export async function pendingMigrationScript(schemaPath: string, migrationsDir: string, postgresUrl?: string): Promise<string> {
  const scratch = await scratchDatabase(postgresUrl);
  try {
    if (existsSync(migrationsDir)) await applyMigrations(schemaPath, migrationsDir, scratch.url);
    const { engine, close } = await openEngine(schemaPath, scratch.url);
    try {
      const schema = { path: schemaPath, content: readFileSync(schemaPath, "utf8") };
      // With script: true the engine returns the SQL in the result (DiffResult.stdout).
      const result = await engine.diff({
        from: { tag: "schemaDatasource", files: [schema], configDir: path.dirname(schemaPath) },
        to: { tag: "schemaDatamodel", files: [schema] },
        script: true,
        exitCode: null,
        filters: filtersFor(databaseKind(scratch.url)),
      } as never);
      const script = (result.stdout ?? "").trim();
      return /^-- This is an empty migration/.test(script) ? "" : script;
    } finally {
      await close();
    }
  } finally {
    await scratch.drop();
  }
}
