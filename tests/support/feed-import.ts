// Imports into a test server's database from the test process itself (the importer, in process:
// several imports a second instead of one `npm run import` process each), and the fixture's
// restaurants to edit. The data layer reads DATABASE_URL once: call useDatabase() before anything
// else of lib/ is imported, or after the last importer disconnected.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { FIXTURE, startTestServer, type TestServer } from "./test-server";

type Fixture = { scope: { restaurants?: string[]; owners?: string[] }; restaurants: Record<string, any>[]; [section: string]: unknown };

export function fixture(): Fixture {
  return JSON.parse(readFileSync(FIXTURE, "utf8"));
}

export async function useDatabase(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  // The configuration is parsed once per process: a second database (another engine) is read anew.
  (await import("../../lib/config")).resetConfig();
  const { importMenus } = await import("../../lib/import/import-menus");
  const { disconnectDb } = await import("../../lib/db/prisma");
  return {
    /** One import of `data` (a file of the import format), every change allowed. */
    importData: (data: unknown) => importMenus([{ name: "test.json", data }], { updateDirectory: true, replaceOutsideScope: true }),
    disconnect: disconnectDb,
  };
}

/**
 * A server of the describe block's own, on a database the test imports into (no demo data, no
 * in-process cache: every answer shows the database as the test left it). The fields are set
 * once the block's beforeAll has run.
 */
export function importableServer(): { server: TestServer; importer: Awaited<ReturnType<typeof useDatabase>> } {
  const held = {} as { server: TestServer; importer: Awaited<ReturnType<typeof useDatabase>> };
  beforeAll(async () => {
    held.server = await startTestServer({ extraEnv: { MENU_CACHE_TTL_MS: "0", SEED_DEMO_DATA: "false" } });
    held.importer = await useDatabase(held.server.databaseUrl);
  }, 300_000);
  afterAll(async () => {
    await held.importer?.disconnect();
    await held.server?.stop();
  });
  return held;
}
