// Issue 46, point 8, on SQLite: the demo data and the fixture exported and imported back change
// nothing (tests/support/export-round-trip.ts; tests/postgres/export-round-trip.test.ts is the same on PostgreSQL).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkExportRoundTrip } from "../support/export-round-trip";

const dir = mkdtempSync(path.join(tmpdir(), "menu-export-"));
process.env.DATABASE_URL = `file:${path.join(dir, "export.db")}`;

const { setupDatabase } = await import("../../lib/db/setup");
const { seedDemoData } = await import("../../lib/import/seed-demo-data");
const { disconnectDb } = await import("../../lib/db/prisma");
const { importMenus } = await import("../../lib/import/import-menus");
const { readImportFile } = await import("../../lib/import/read-import-file");

beforeAll(async () => {
  await setupDatabase({ seed: seedDemoData });
  await importMenus([readImportFile(path.resolve(import.meta.dirname, "../fixtures/menus.json"))]);
}, 60_000);

afterAll(async () => {
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run export's file, imported back (SQLite)", () => {
  it("changes nothing", async () => {
    await checkExportRoundTrip();
  }, 60_000);

  it("names every restaurant it was asked for, or fails naming the unknown ones", async () => {
    const { exportImportFile, UnknownRestaurantsError } = await import("../../lib/import/export-import-file");
    await expect(exportImportFile(["zunfthaus-am-see", "no-such-place"])).rejects.toThrow(UnknownRestaurantsError);
    await expect(exportImportFile(["zunfthaus-am-see", "no-such-place"])).rejects.toThrow("no-such-place");
  });
});
