// Runs only in the PostgreSQL stage: the SQL open filter (openNow, openAt) against the one
// open/closed logic in JS, on a database built by the committed PostgreSQL migrations
// (tests/support/open-interval-check.ts; the SQLite twin is tests/db/open-interval.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchPostgres } from "../support/scratch-postgres";

const serverUrl = process.env.TEST_POSTGRES_URL as string;
const scratch = scratchPostgres(serverUrl, "menu_test_open");

process.env.DATABASE_URL = scratch.url;
delete process.env.DATABASE_REPLICA_URLS;

const { setupDatabase } = await import("../../lib/db/setup");
const { db, disconnectDb } = await import("../../lib/db/prisma");
const check = await import("../support/open-interval-check");

let place: import("../support/open-interval-check").Place;

beforeAll(async () => {
  await scratch.create();
  await setupDatabase();
  place = await check.seedRestaurants(240, 29);
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  await scratch.drop();
});

describe("open filter in SQL (PostgreSQL)", () => {
  check.openFilterCases(() => place);

  it("reads the interval table by its key", async () => {
    await db().$executeRawUnsafe("SET enable_seqscan = off");
    const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT 1 FROM "OpeningInterval" oi WHERE oi."restaurantId" = 1 AND oi."startMinute" <= 600 AND oi."endMinute" > 600`,
    );
    expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toContain("OpeningInterval_pkey");
  });

  it("reads the open restaurants of a time zone off the GiST index", async () => {
    await db().$executeRawUnsafe("SET enable_seqscan = off");
    const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT oi."restaurantId" FROM "OpeningInterval" oi WHERE oi."timeZone" = 'Europe/Zurich' AND int4range(oi."startMinute", oi."endMinute") @> 600`,
    );
    expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toContain("OpeningInterval_open_idx");
  });
});
