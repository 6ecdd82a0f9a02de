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
  await setupDatabase({ seed: false });
  place = await check.seedRestaurants(240, 29);
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  await scratch.drop();
});

describe("open filter in SQL (PostgreSQL)", () => {
  it("agrees with isOpenAt at every instant", async () => {
    await check.expectSqlMatchesJs(place, check.instants(300, 29));
  }, 120_000);

  it("pages both ways to the same open restaurants", async () => {
    await check.expectSearchesMatch(place, new Date("2026-07-10T19:30:00Z"));
    await check.expectSearchesMatch(place, new Date("2026-03-29T01:30:00Z"));
  }, 120_000);

  it("follows every write of the hours (triggers)", async () => {
    await check.expectTriggersFollow(place);
  }, 120_000);

  it("reads the interval table by its key", async () => {
    await db().$executeRawUnsafe("SET enable_seqscan = off");
    const plan = await db().$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN SELECT 1 FROM "OpeningInterval" oi WHERE oi."restaurantId" = 1 AND oi."startMinute" <= 600 AND oi."endMinute" > 600`,
    );
    expect(plan.map((p) => p["QUERY PLAN"]).join("\n")).toContain("OpeningInterval_pkey");
  });
});
