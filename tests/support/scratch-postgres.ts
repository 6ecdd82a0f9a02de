// A throw-away PostgreSQL database for one test run, on a server whose role may CREATE DATABASE.
/** One statement on the server's maintenance database; its rows. */
export async function postgresAdmin(serverUrl: string, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export type ScratchPostgres = ReturnType<typeof scratchPostgres>;
let made = 0;

/** Its name and URL at once (a module may need DATABASE_URL before it imports the data layer); create() and drop() when due. */
export function scratchPostgres(serverUrl: string, prefix = "menu_test") {
  // The counter: two made in one millisecond by one process (servers started together) differ.
  const name = `${prefix}_${process.pid}_${Date.now()}_${++made}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** An empty database, or a copy of `template` (tests/support/fixture-database.ts). */
    create: (template?: string) => postgresAdmin(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`).then(() => undefined),
    // Plain DROP first: PostgreSQL itself stops an autovacuum worker on the database, which FORCE
    // (terminating it as another role) may not be allowed to do. FORCE only for connections that
    // outlived their owner.
    async drop(): Promise<void> {
      for (let attempt = 1; attempt <= 5; attempt++) {
        try {
          await postgresAdmin(serverUrl, `DROP DATABASE IF EXISTS "${name}"`);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
      await postgresAdmin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * A scratch database on TEST_POSTGRES_URL holding the fixture menus, for a file of the PostgreSQL
 * stage that calls the data layer directly. It points DATABASE_URL at the database before it
 * imports the data layer, so the file must call it before importing any lib module that reads the
 * database; `open()` in beforeAll (create, migrate, import), `close()` in afterAll.
 */
export async function fixturePostgres(prefix: string) {
  const scratch = scratchPostgres(process.env.TEST_POSTGRES_URL as string, prefix);
  process.env.DATABASE_URL = scratch.url;
  delete process.env.DATABASE_REPLICA_URLS;
  const { readFileSync } = await import("node:fs");
  const fixture = JSON.parse(readFileSync(new URL("../fixtures/menus.json", import.meta.url), "utf8"));
  const { setupDatabase } = await import("../../lib/db/setup");
  const { db, disconnectDb } = await import("../../lib/db/prisma");
  const { importMenus } = await import("../../lib/import/import-menus");
  const importFixture = () => importMenus([{ name: "menus.json", data: fixture }]);
  return {
    db,
    importFixture,
    async open() {
      await scratch.create();
      await setupDatabase();
      await importFixture();
    },
    async close() {
      await disconnectDb();
      await scratch.drop();
    },
  };
}
