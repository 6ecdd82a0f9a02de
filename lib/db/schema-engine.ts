// Prisma's schema engine as WebAssembly (@prisma/schema-engine-wasm), for writing and checking
// migrations where the native schema-engine binary cannot be downloaded.
//
// The package's ESM entry imports a .wasm file, which Node 20 cannot load, so we instantiate the
// module ourselves. Everything goes through the better-sqlite3 driver adapter; nothing is downloaded.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";

interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: { path: string; migrationFile: { path: string; content: { tag: "ok"; value: string } } }[];
}

let ready: Promise<void> | undefined;

function loadWasm(): Promise<void> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
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

const noFilters = { externalTables: [], externalEnums: [] };

/**
 * An engine over one SQLite file. `close()` also closes the adapter's connections: the engine
 * takes an exclusive lock that would otherwise outlive it.
 */
async function openEngine(schemaPath: string, url: string) {
  await loadWasm();
  const factory = new PrismaBetterSqlite3({ url });
  const opened: { dispose(): Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const connection = await connect();
    opened.push(connection);
    return connection;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await bg.SchemaEngine.new({ datamodels: [[schemaPath, readFileSync(schemaPath, "utf8")]] }, (msg: string) => { if (process.env.DEBUG_SCHEMA_ENGINE) console.error(msg); }, adapter);
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.map((c) => c.dispose()));
    },
  };;
}

/** Applies the unapplied migrations of `baseDir` to the SQLite database at `url`, as `prisma migrate deploy` does. */
export async function applyMigrations(schemaPath: string, baseDir: string, url: string): Promise<string[]> {
  const { engine, close } = await openEngine(schemaPath, url);
  try {
    const out = await engine.applyMigrations({ migrationsList: migrationList(baseDir), filters: noFilters } as never);
    return out.appliedMigrationNames;
  } finally {
    await close();
  }
}

/**
 * The SQL script that takes the database built by the migrations in `migrationsDir` to the schema
 * (empty when they match). The migrations are replayed into a throw-away SQLite file, which is then
 * diffed as a live database: the engine's own shadow-database path does not work over an adapter.
 */
export async function pendingMigrationScript(schemaPath: string, migrationsDir: string): Promise<string> {
  const shadowDir = mkdtempSync(path.join(tmpdir(), "menu-shadow-"));
  const url = `file:${path.join(shadowDir, "shadow.db")}`;
  try {
    if (existsSync(migrationsDir)) await applyMigrations(schemaPath, migrationsDir, url);
    const { engine, close } = await openEngine(schemaPath, url);
    let out = "";
    const origWrite = process.stdout.write.bind(process.stdout);
    // The engine prints the script through the host's stdout: capture it.
    process.stdout.write = ((chunk: string | Uint8Array) => {
      out += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      return true;
    }) as typeof process.stdout.write;
    try {
      const schema = { path: schemaPath, content: readFileSync(schemaPath, "utf8") };
      const result = await engine.diff({
        from: { tag: "schemaDatasource", files: [schema], configDir: path.dirname(schemaPath) },
        to: { tag: "schemaDatamodel", files: [schema] },
        script: true,
        exitCode: null,
        filters: noFilters,
      } as never);
      const script = (result.stdout ?? out).trim();
      return /^-- This is an empty migration/.test(script) ? "" : script;
    } finally {
      process.stdout.write = origWrite;
      await close();
    }
  } finally {
    rmSync(shadowDir, { recursive: true, force: true });
  }
}
