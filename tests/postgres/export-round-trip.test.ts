// Issue 46, point 8, on PostgreSQL: the demo data and the fixture exported and imported back change
// nothing (tests/support/export-round-trip.ts; tests/db/export-round-trip.test.ts is the same on SQLite).
import { afterAll, beforeAll, describe, it } from "vitest";
import { fixturePostgres } from "../support/scratch-postgres";
import { checkExportRoundTrip } from "../support/export-round-trip";

const database = await fixturePostgres("menu_export");

beforeAll(async () => {
  await database.open();
  const { demoSources } = await import("../../lib/import/seed-demo-data");
  const { importMenus } = await import("../../lib/import/import-menus");
  await importMenus(demoSources());
}, 120_000);
afterAll(() => database.close());

describe("npm run export's file, imported back (PostgreSQL)", () => {
  it("changes nothing", async () => {
    await checkExportRoundTrip();
  }, 120_000);
});
