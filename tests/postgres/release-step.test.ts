// A release on PostgreSQL (issue 27.5): deploy = `npm run db:migrate`, then start. The server
// never seeds demo data into a PostgreSQL database unless SEED_DEMO_DATA=true, refuses to start
// while a migration is pending unless MIGRATE_ON_START=true, says which version runs, and reads a
// menu (a nested read in one transaction) without pg's "already executing a query" deprecation.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { scratchPostgres } from "../support/scratch-postgres";
import { FIXTURE, ROOT, startTestServer, type TestServer } from "../support/test-server";

const serverUrl = process.env.TEST_POSTGRES_URL!;

function tsx(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" });
}

async function freshDatabase(): Promise<string> {
  const db = scratchPostgres(serverUrl, "menu_release");
  await db.create();
  onTestFinished(() => db.drop());
  return db.url;
}

async function count(url: string, table: string): Promise<number> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = (await client.query("SELECT to_regclass($1) AS t", [`"${table}"`])).rows[0].t;
    return exists ? Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n) : -1;
  } finally {
    await client.end();
  }
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

// Each test migrates a fresh database, some twice: 15–30 s on a loaded two-core machine.
describe("a PostgreSQL deployment", { timeout: 120_000 }, () => {
  it("refuses to start while migrations are pending, naming them and the release step", async () => {
    const url = await freshDatabase();
    const error = await startTestServer({ databaseUrl: url, extraEnv: { SEED_DEMO_DATA: "" } }).then(
      async (s) => (await s.stop(), undefined),
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^server exited \(1\)/);
    expect(error!.message).toMatch(/The database lacks \d+ migration\(s\) \(\d{14}_[a-z_]+, .*\): run the release step `npm run db:migrate` with this DATABASE_URL before starting the server, or set MIGRATE_ON_START=true/);
    expect(await count(url, "Restaurant")).toBe(-1); // it created nothing
  });

  it("npm run db:migrate is the release step, and puts no demo data in", async () => {
    const url = await freshDatabase();
    const migrate = tsx(["scripts/db-migrate.ts"], { DATABASE_URL: url, SEED_DEMO_DATA: "" });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/Applied \d+ migration\(s\)\./);
    expect(migrate.stdout).not.toContain("demo data");
    expect(await count(url, "Restaurant")).toBe(0);
    // a second run finds nothing to do
    expect(tsx(["scripts/db-migrate.ts"], { DATABASE_URL: url }).stdout).toContain("The schema is current: nothing to apply.");

    server = await startTestServer({ databaseUrl: url, extraEnv: { SEED_DEMO_DATA: "" } });
    const search = await (await fetch(`${server.baseUrl}/api/public/restaurants`)).json();
    expect(search.total).toBe(0);
    const ready = await (await fetch(`${server.baseUrl}/api/health/ready`)).json();
    expect(ready.checks).toMatchObject({ database: "ok", migrations: "ok" });
  });

  it("with SEED_DEMO_DATA=true the migration that creates the database loads the demo data", async () => {
    const url = await freshDatabase();
    const migrate = tsx(["scripts/db-migrate.ts"], { DATABASE_URL: url, SEED_DEMO_DATA: "true" });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/Loaded demo data( into the new database)?: \d+ restaurants/);
    expect(await count(url, "Restaurant")).toBeGreaterThan(40);
  });

  it("MIGRATE_ON_START=true migrates as the server starts, still without demo data", async () => {
    const url = await freshDatabase();
    server = await startTestServer({ databaseUrl: url, extraEnv: { MIGRATE_ON_START: "true", SEED_DEMO_DATA: "" } });
    expect(readFileSync(server.logFile, "utf8")).toMatch(/Applying \d+ migration\(s\) \(postgresql\)/);
    expect(await count(url, "Restaurant")).toBe(0);
  });

  it("says which version runs, and reads menus without pg's deprecation warning", async () => {
    const url = await freshDatabase();
    expect(tsx(["scripts/db-migrate.ts"], { DATABASE_URL: url }).status).toBe(0);
    expect(tsx(["scripts/import.ts", FIXTURE], { DATABASE_URL: url }).status).toBe(0);
    server = await startTestServer({ databaseUrl: url, extraEnv: { MENU_CACHE_TTL_MS: "0" } });
    const version = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
    const health = await (await fetch(`${server.baseUrl}/api/health`)).json();
    expect(health).toEqual({ status: "ok", version, commit: expect.stringMatching(/^[0-9a-f]{7,40}$/) });
    // a menu is one REPEATABLE READ transaction whose nested reads Prisma issues at once
    for (const slug of ["zunfthaus-am-see", "sushi-kaze", "wirtshaus-zur-post"]) {
      expect((await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/${slug}`)).status).toBe(200);
    }
    const log = readFileSync(server.logFile, "utf8");
    expect(log).toContain(`Menu service ${version} (commit ${health.commit}) starting on PostgreSQL; migrations checked (MIGRATE_ON_START=false).`);
    expect(log).not.toContain("DeprecationWarning");
    expect(log).not.toContain("already executing a query");
  });
});
