// Starts the real app (a production build) on a free loopback port, in one of its run modes
// (TEST_SERVER_MODE: "npm-start", the default, runs `npm start`'s own script; "standalone" runs
// `node .next/standalone/server.js` as the Dockerfile does; "next-start" runs `next start`), with
// a throw-away database: the demo data (first-run seed) plus tests/fixtures/menus.json, whose
// private fields all carry the marker PRIVATE-MARKER. The database is SQLite, or a new database on
// the PostgreSQL server named by TEST_POSTGRES_URL when that is set, migrated first with the
// release step (`npm run db:migrate`'s script, with SEED_DEMO_DATA=true), as a deployment does.
import { spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fixtureDatabase } from "./fixture-database";
export { FIXTURE } from "./fixture-database";
import { scratchPostgres } from "./scratch-postgres";
import { freePort, startChild, stopChild } from "./start-child";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const PRIVATE_MARKER = "PRIVATE-MARKER";

export const SERVER_MODES = ["npm-start", "standalone", "next-start"] as const;
export type ServerMode = (typeof SERVER_MODES)[number];

/** The run mode of the suites' servers: TEST_SERVER_MODE, or npm start. */
export function serverModeFromEnv(): ServerMode {
  const mode = process.env.TEST_SERVER_MODE || "npm-start";
  if (!(SERVER_MODES as readonly string[]).includes(mode)) throw new Error(`TEST_SERVER_MODE must be one of ${SERVER_MODES.join(", ")}; got ${mode}`);
  return mode as ServerMode;
}

/** Builds the app unless the build on disk is from the current sources (what npm start does first). */
export function ensureBuild() {
  const result = spawnSync(process.execPath, ["scripts/start.mjs", "--build"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
}

/** The command line of a run mode, and the directory it runs in. */
function commandOf(mode: ServerMode, port: number): { args: string[]; cwd: string } {
  if (mode === "npm-start") return { args: ["scripts/start.mjs"], cwd: ROOT };
  ensureBuild();
  if (mode === "standalone") return { args: ["server.js"], cwd: path.join(ROOT, ".next/standalone") };
  return { args: [path.join(ROOT, "node_modules/.bin/next"), "start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "65000"], cwd: ROOT };
}

export interface TestServer {
  baseUrl: string;
  mode: ServerMode;
  databaseUrl: string;
  /** whether the server process is still running */
  alive(): boolean;
  /** its resident set size in bytes (Linux /proc) */
  rss(): number | null;
  /** everything the server printed (stdout and stderr), for tests of what it logs */
  logFile: string;
  /** the server process, for tests that signal it */
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The node options of `npm start` (package.json), e.g. its heap cap: a test server started with them runs as production does. */
export function npmStartNodeArgs(): string[] {
  const script: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start;
  const words = script.trim().replace(/^exec\s+/, "").split(/\s+/);
  return words.slice(1, words.indexOf("scripts/start.mjs"));
}

function rssOf(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export { freePort, stopChild };

/**
 * extraEnv: settings of this server (RATE_LIMIT_PER_MINUTE, …). postgresUrl: the PostgreSQL server
 * to make the scratch database on; TEST_POSTGRES_URL by default, "" for SQLite. asNpmStart: with
 * npm start's node options (its heap cap). mode: the run mode (serverModeFromEnv() by default).
 * databaseUrl: an existing database to serve (several instances of one deployment), instead of a
 * new one.
 */
export async function startTestServer(
  options: { extraEnv?: Record<string, string>; postgresUrl?: string; asNpmStart?: boolean; mode?: ServerMode; databaseUrl?: string } = {},
): Promise<TestServer> {
  const mode = options.mode ?? serverModeFromEnv();
  const dir = mkdtempSync(path.join(tmpdir(), "menu-test-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const postgresUrl = options.postgresUrl ?? process.env.TEST_POSTGRES_URL;
  const postgres = !options.databaseUrl && postgresUrl ? scratchPostgres(postgresUrl) : undefined;
  const databaseUrl = options.databaseUrl ?? postgres?.url ?? `file:${path.join(dir, "test.db")}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    // stop() should not wait out a production drain delay; the shutdown tests set their own.
    SHUTDOWN_DELAY_MS: "0",
    // as npm start and the container image set them: SIGTERM/SIGINT go to the graceful stop, and
    // idle connections outlive a client's keep-alive (Node's 5 s raced undici's 4 s under load)
    NEXT_MANUAL_SIG_HANDLE: "true",
    KEEP_ALIVE_TIMEOUT: "65000",
    // The suites read the demo data, also on a PostgreSQL database (never seeded unless told).
    SEED_DEMO_DATA: "true",
    ...options.extraEnv,
  };
  if (!options.databaseUrl) {
    const sqliteFile = databaseUrl.slice("file:".length);
    await fixtureDatabase(env, postgres && postgresUrl ? { postgres, serverUrl: postgresUrl } : { sqliteFile });
  }

  const nodeArgs = options.asNpmStart ? npmStartNodeArgs() : [];
  const command = commandOf(mode, port);
  let started = false;
  const logFile = path.join(dir, "server.log");
  appendFileSync(logFile, "");
  // The first start may build the app: allow for it, but never wait forever.
  const { child } = await startChild(process.execPath, [...nodeArgs, ...command.args], {
    name: "server",
    cwd: command.cwd,
    env,
    timeoutMs: 240_000,
    intervalMs: 200,
    keepOutput: 200_000,
    onOutput(chunk, stream) {
      appendFileSync(logFile, chunk);
      // After start-up the server's stderr (unexpected errors behind a 500) goes to the test output.
      if (started && stream === "stderr") process.stderr.write(chunk);
    },
    ready: async () => (await fetch(`${baseUrl}/api/public/plans`, { signal: AbortSignal.timeout(10_000) })).ok,
  });
  started = true;

  return {
    baseUrl,
    mode,
    databaseUrl,
    alive: () => child.exitCode === null && child.signalCode === null,
    rss: () => rssOf(child.pid),
    logFile,
    child,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
