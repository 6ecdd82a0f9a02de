// Imports into a test server's database from the test process itself (the importer, in process:
// several imports a second instead of one `npm run import` process each), and the fixture's
// restaurants to edit. The data layer reads DATABASE_URL once: call useDatabase() before anything
// else of lib/ is imported, or after the last importer disconnected.
import { readFileSync } from "node:fs";
import { FIXTURE } from "./test-server";

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
