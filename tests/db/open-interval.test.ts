// The SQL open filter (openNow, openAt) against the one open/closed logic in JS, on SQLite built by
// the committed migrations: tests/support/open-interval-check.ts. The PostgreSQL twin is
// tests/postgres/open-interval.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "menu-open-"));
process.env.DATABASE_URL = `file:${path.join(dir, "open.db")}`;

const { setupDatabase } = await import("../../lib/db/setup");
const { db, disconnectDb } = await import("../../lib/db/prisma");
const check = await import("../support/open-interval-check");

let place: import("../support/open-interval-check").Place;

beforeAll(async () => {
  await setupDatabase({ seed: false });
  place = await check.seedRestaurants(240, 29);
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});

describe("open filter in SQL (SQLite)", () => {
  check.openFilterCases(() => place);

  it("reads the interval table by its key", async () => {
    const plan = await db().$queryRawUnsafe<{ detail: string }[]>(
      `EXPLAIN QUERY PLAN SELECT 1 FROM "OpeningInterval" oi WHERE oi."restaurantId" = 1 AND oi."startMinute" <= 600 AND oi."endMinute" > 600`,
    );
    expect(plan.map((p) => p.detail).join("\n")).toMatch(/SEARCH oi USING PRIMARY KEY \(restaurantId=\? AND startMinute<\?\)/);
  });
});
