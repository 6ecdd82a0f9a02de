// A new operator's mistakes stop the start with one line that names the setting and the fix, and a
// non-zero exit, in every run mode (issue 27.3): never a server that reports ready and then fails
// every page, never a process that hangs on.
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startTestServer, type ServerMode } from "../support/test-server";

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
    ["https://menus.example.com/menus", "without a path"],
  ])("PUBLIC_BASE_URL=%s stops the start, saying why", async (value, reason) => {
    const output = await startFailure(mode, { PUBLIC_BASE_URL: value });
    expect(output).toContain("PUBLIC_BASE_URL");
    expect(output).toContain(reason);
  });
});

describe("npm start on a port that is taken", () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it("exits 1 with one line naming the port and PORT", async () => {
    const output = await startFailure("npm-start", { PORT: String(port) });
    expect(output).toContain(`Cannot listen on 127.0.0.1:${port}: the port is in use`);
    expect(output).toContain("PORT=");
    expect(output.match(/EADDRINUSE/g) ?? []).toHaveLength(0);
  });
});

describe.each(["npm-start", "standalone"] as const)("observability settings at start-up (%s)", (mode) => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it("a bad LOG_LEVEL stops the start, naming the variable, the value and what is allowed", async () => {
    const output = await startFailure(mode, { LOG_LEVEL: "loud" });
    expect(output).toContain("LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent");
    expect(output).toContain("loud");
  });

  it("a METRICS_PORT that is taken stops the start, naming it", async () => {
    const output = await startFailure(mode, { METRICS_PORT: String(port) });
    expect(output).toContain(`METRICS_PORT ${port} is in use`);
  });
});
