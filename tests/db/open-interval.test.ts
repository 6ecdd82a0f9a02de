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
  await setupDatabase();
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

  it("reads the open restaurants off the R*Tree with all four bounds", async () => {
    const plan = await db().$queryRawUnsafe<{ detail: string }[]>(
      `EXPLAIN QUERY PLAN SELECT o."id" FROM json_each('[[1,600]]') j CROSS JOIN "OpeningIntervalIndex" o
       WHERE o."cityLo" <= j.value ->> 0 AND o."cityHi" >= j.value ->> 0 AND o."startMinute" <= j.value ->> 1 AND o."lastMinute" >= j.value ->> 1`,
    );
    // One constraint on each of the four coordinates (the R*Tree's idxStr: an operator and a column each).
    expect(plan.map((p) => p.detail).join("\n")).toMatch(/SCAN o VIRTUAL TABLE INDEX 2:(?:[A-F][0-3]){4}$/m);
  });
});
