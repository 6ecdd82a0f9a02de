// Issue 46, point 1: the SQLite file under a running server deleted, then replaced by another file:
// readiness turns 503 within seconds and the log names the file (lib/db/database-file-watch.ts).
// And a start on a file DATABASE_URL names that does not exist stops, saying so, rather than
// serving a new database (with the demo restaurants) in its place.
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

async function readiness(server: TestServer) {
  const res = await fetch(`${server.baseUrl}/api/health/ready`);
  return { status: res.status, body: await res.json() };
}

/** Polls readiness until it is not 200, for at most `ms`; the answer and how long it took. */
async function untilUnready(server: TestServer, ms = 10_000) {
  const started = Date.now();
  for (;;) {
    const answer = await readiness(server);
    if (answer.status !== 200 || Date.now() - started > ms) return { ...answer, after: Date.now() - started };
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function untilLogged(server: TestServer, text: string, ms = 10_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (readFileSync(server.logFile, "utf8").includes(text)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe("the database file deleted or replaced under a running server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ postgresUrl: "" });
  });
  afterAll(() => server?.stop());

  it("makes readiness 503 within seconds, and the log names the file", async () => {
    const file = server.databaseUrl.replace(/^file:/, "");
    expect((await readiness(server)).status).toBe(200);
    const copy = `${file}.copy`;
    copyFileSync(file, copy);

    rmSync(file);
    const deleted = await untilUnready(server);
    expect(deleted.status).toBe(503);
    expect(deleted.after).toBeLessThan(5_000);
    expect(deleted.body).toMatchObject({ error: "service_unavailable", checks: { database: "replaced" } });
    // The public answer does not name the file; the log does.
    expect(JSON.stringify(deleted.body)).not.toContain(path.basename(file));
    expect(await untilLogged(server, `The database file ${file} was deleted while the server had it open`)).toBe(true);

    // Another file at the path (a copy put back with cp/mv, a volume remounted): still not this file.
    renameSync(copy, file);
    expect((await untilUnready(server)).status).toBe(503);
    expect(await untilLogged(server, `The database file ${file} was replaced by another file while the server had it open`)).toBe(true);
  }, 60_000);
});

describe("a start on a file DATABASE_URL names that does not exist", () => {
  it("stops with a line naming the file and how to create it, and creates nothing", async () => {
    const file = path.join(tmpdir(), `menu-missing-${process.pid}`, "menu.db");
    // SEED_DEMO_DATA blank = unset: the harness asks for the demo data otherwise.
    const error = await startTestServer({ databaseUrl: `file:${file}`, extraEnv: { SEED_DEMO_DATA: "" } }).then(
      async (server) => (await server.stop(), undefined),
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^server exited \(1\)/);
    expect(error!.message).toContain(`There is no database at ${file} (DATABASE_URL)`);
    expect(error!.message).toContain("npm run db:migrate");
    expect(existsSync(path.dirname(file))).toBe(false);
  }, 300_000);
});
