// A new operator's mistakes stop the start with one line that names the setting and the fix, and a
// non-zero exit, in every run mode (issue 27.3): never a server that reports ready and then fails
// every page, never a process that hangs on.
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { spawnSync } from "node:child_process";
import { ensureBuild, freePort, ROOT, startTestServer, type ServerMode } from "../support/test-server";

async function startFailure(mode: ServerMode, extraEnv: Record<string, string>): Promise<string> {
  const started = Date.now();
  // A database of its own that the test does not prepare: these starts fail before they serve.
  const file = path.join(tmpdir(), `start-up-errors-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  onTestFinished(() => ["", "-wal", "-shm", "-journal"].forEach((suffix) => rmSync(file + suffix, { force: true })));
  const databaseUrl = `file:${file}`;
  const error = await startTestServer({ mode, databaseUrl, extraEnv }).then(
    async (server) => {
      await server.stop();
      return undefined;
    },
    (e: Error) => e,
  );
  expect(error, "the server started").toBeInstanceOf(Error);
  expect(error!.message).toMatch(/^server exited \(1\)/);
  expect(Date.now() - started).toBeLessThan(120_000);
  return error!.message;
}

describe.each(["npm-start", "standalone"] as const)("start-up errors (%s)", (mode) => {
  it.each([
    ["menus.example.com", "absolute URL with a scheme"],
    // a path prefix would half work (absolute URLs get it, navigation, forms and /_next do not)
    ["https://menus.example.com/menus", "without a path"],
  ])("PUBLIC_BASE_URL=%s stops the start, saying why", async (value, reason) => {
    const output = await startFailure(mode, { PUBLIC_BASE_URL: value });
    expect(output).toContain("PUBLIC_BASE_URL");
    expect(output).toContain(reason);
  });
});

/** The lines the server printed (the harness's message has "server exited (1):" first). */
const printed = (output: string) => output.split("\n").slice(1).map((l) => l.trim()).filter(Boolean);

// Issue 27.4: one validated configuration, the same answer in every run mode.
describe.each(["npm-start", "standalone", "next-start"] as const)("a bad setting (%s)", (mode) => {
  it("stops the start with one line per bad variable: its name, its value and what is allowed", async () => {
    const output = await startFailure(mode, { RENDER_CONCURRENCY: "lots", LOG_LEVEL: "loud" });
    expect(output).toContain('RENDER_CONCURRENCY must be a whole number from 1 to 256; got "lots"');
    expect(output).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "loud"');
    expect(output).not.toMatch(/\bat .*\(.*:\d+:\d+\)/); // no stack trace
  });
});

// Issue 27.3: a PostgreSQL password with an unencoded "@" used to end in "getaddrinfo ENOTFOUND".
describe.each(["npm-start", "standalone"] as const)("a DATABASE_URL whose password holds an unencoded @ (%s)", (mode) => {
  it("stops with one line naming DATABASE_URL and the fix, never the password", async () => {
    const error = await startTestServer({ mode, databaseUrl: "postgresql://menu:s3cr@t-pw@127.0.0.1:5432/menu" }).then(
      async (server) => (await server.stop(), undefined),
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^server exited \(1\)/);
    const lines = printed(error!.message).filter((l) => l.includes("DATABASE_URL"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL has more than one "@" before the host: an "@" in the password must be written %40/);
    expect(error!.message).not.toContain("ENOTFOUND");
    expect(error!.message).not.toContain("s3cr");
  });
});

describe("the effective configuration (--print-config)", () => {
  const env = { ...process.env, DATABASE_URL: "postgresql://menu:hunter2-secret@db.example.org:5432/menu", REVALIDATE_SECRET: "a-revalidate-secret-123", PORT: "4299" };

  it.each([
    ["npm start -- --print-config", ["scripts/start.mjs", "--print-config"], ROOT],
    ["npm run config", ["scripts/print-config.mjs"], ROOT],
  ])("%s prints every setting with secrets redacted, and exits 0", (_name, args, cwd) => {
    const result = spawnSync(process.execPath, args, { cwd, env, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^DATABASE_URL +postgresql:\/\/menu:\*\*\*@db\.example\.org:5432\/menu +\(set\)$/m);
    expect(result.stdout).toMatch(/^REVALIDATE_SECRET +\*\*\* +\(set\)$/m);
    expect(result.stdout).toMatch(/^PORT +4299 +\(set\)$/m);
    expect(result.stdout).toMatch(/^SEED_DEMO_DATA +false +\(default\)$/m);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/hunter2|a-revalidate-secret/);
  });

  it("node server.js --print-config (the standalone output, the container) does the same", async () => {
    ensureBuild();
    const port = await freePort();
    const result = spawnSync(process.execPath, ["server.js", "--print-config"], {
      cwd: path.join(ROOT, ".next/standalone"),
      env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^DATABASE_URL +postgresql:\/\/menu:\*\*\*@db\.example\.org:5432\/menu +\(set\)$/m);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/hunter2|a-revalidate-secret/);
    // It has listened by then (Next.js's server.js listens first): it says what prints without listening.
    expect(result.stderr).toContain("`node scripts/print-config.mjs` prints this without starting the server");
  });

  it("a bad value makes it exit 1 with the reason", () => {
    const result = spawnSync(process.execPath, ["scripts/print-config.mjs"], { cwd: ROOT, env: { ...env, RENDER_CONCURRENCY: "0" }, encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('RENDER_CONCURRENCY must be a whole number from 1 to 256; got "0"');
  });
});

/** A port another server holds for the tests of the describe block it is called in. */
function portInUse(): { readonly port: number } {
  let server: Server;
  const held = { port: 0 };
  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    held.port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return held;
}

// Issue 46, point 4: the documented container case, the service already on its port.
describe("printing the configuration beside a running service", () => {
  const taken = portInUse();
  const env = { ...process.env, DATABASE_URL: "postgresql://menu:hunter2-secret@db.example.org:5432/menu", HOSTNAME: "127.0.0.1" };

  it("node scripts/print-config.mjs in the standalone output (the image) prints it and exits 0, without listening", () => {
    ensureBuild();
    const result = spawnSync(process.execPath, ["scripts/print-config.mjs"], {
      cwd: path.join(ROOT, ".next/standalone"),
      env: { ...env, PORT: String(taken.port) },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^PORT +${taken.port} +\\(set\\)$`, "m"));
    expect(result.stdout).toMatch(/^DATABASE_URL +postgresql:\/\/menu:\*\*\*@db\.example\.org:5432\/menu +\(set\)$/m);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/EADDRINUSE|Ready|hunter2/);
  });

  it("npm start --print-config (npm takes the flag) refuses, with the spelling that works, and starts nothing", () => {
    const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("npm_"))) as NodeJS.ProcessEnv;
    const result = spawnSync("npm", ["start", "--print-config"], { cwd: ROOT, env: { ...clean, PORT: String(taken.port) }, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("npm start -- --print-config");
    expect(result.stderr).not.toContain("EADDRINUSE");
  });
});

describe("npm start on a port that is taken", () => {
  const taken = portInUse();

  it("exits 1 with one line naming the port and PORT", async () => {
    const output = await startFailure("npm-start", { PORT: String(taken.port) });
    expect(output).toContain(`Cannot listen on 127.0.0.1:${taken.port}: the port is in use`);
    expect(output).toContain("PORT=");
    expect(output.match(/EADDRINUSE/g) ?? []).toHaveLength(0);
  });
});

describe.each(["npm-start", "standalone"] as const)("observability settings at start-up (%s)", (mode) => {
  const taken = portInUse();

  it("a bad LOG_LEVEL stops the start, naming the variable, the value and what is allowed", async () => {
    const output = await startFailure(mode, { LOG_LEVEL: "loud" });
    expect(output).toContain("LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent");
    expect(output).toContain("loud");
  });

  it("a METRICS_PORT that is taken stops the start, naming it", async () => {
    const output = await startFailure(mode, { METRICS_PORT: String(taken.port) });
    expect(output).toContain(`METRICS_PORT ${taken.port} is in use`);
  });
});

// Issue 46.17 (log noise): npm start sets NEXT_MANUAL_SIG_HANDLE itself, but set it after reading the
// configuration, so every npm start warned that the graceful stop was off.
describe("npm start without NEXT_MANUAL_SIG_HANDLE in its environment", () => {
  it("does not warn that the graceful stop is off", async () => {
    const server = await startTestServer({ mode: "npm-start", postgresUrl: "", extraEnv: { NEXT_MANUAL_SIG_HANDLE: "" } });
    try {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const { readFileSync } = await import("node:fs");
      const log = readFileSync(server.logFile, "utf8");
      expect(log).toContain("starting on SQLite");
      expect(log).not.toContain("NEXT_MANUAL_SIG_HANDLE is not set");
    } finally {
      await server.stop();
    }
  }, 300_000);
});
