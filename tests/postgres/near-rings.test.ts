// Runs only in the PostgreSQL stage: near's pages read nearest first from growing discs, against one
// sort of the whole radius (tests/support/near-rings-check.ts; the SQLite twin is in
// tests/db/search-index.test.ts).
import { afterAll, beforeAll, describe } from "vitest";
import { scratchPostgres } from "../support/scratch-postgres";

const serverUrl = process.env.TEST_POSTGRES_URL as string;
const scratch = scratchPostgres(serverUrl, "menu_test_near");

process.env.DATABASE_URL = scratch.url;
delete process.env.DATABASE_REPLICA_URLS;

const { setupDatabase } = await import("../../lib/db/setup");
const { disconnectDb } = await import("../../lib/db/prisma");
const { seedRestaurants } = await import("../support/open-interval-check");
const { nearestFirstCases } = await import("../support/near-rings-check");

beforeAll(async () => {
  await scratch.create();
  await setupDatabase();
  await seedRestaurants(240, 31);
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  await scratch.drop();
});

describe("near: nearest first from a growing disc (PostgreSQL)", () => {
  nearestFirstCases();
});
