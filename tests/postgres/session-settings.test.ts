// Runs only in the PostgreSQL stage: every connection of the service's pool carries the planner
// settings the searches rely on (lib/db/pg-session.ts), whatever the server's own defaults are.
import { afterAll, describe, expect, it } from "vitest";
import { scratchPostgres } from "../support/scratch-postgres";

const serverUrl = process.env.TEST_POSTGRES_URL as string;
const scratch = scratchPostgres(serverUrl, "menu_test_session");

process.env.DATABASE_URL = scratch.url;
delete process.env.DATABASE_REPLICA_URLS;

const { db, disconnectDb } = await import("../../lib/db/prisma");
const { PG_SESSION_SETTINGS } = await import("../../lib/db/pg-session");

afterAll(async () => {
  await disconnectDb();
  await scratch.drop();
});

describe("PostgreSQL session settings", () => {
  it("are in force on the service's connections, also on several at once", async () => {
    await scratch.create();
    expect(Object.keys(PG_SESSION_SETTINGS).sort()).toEqual(["jit", "max_parallel_workers_per_gather", "random_page_cost"]);
    const show = (name: string) => db().$queryRawUnsafe<Record<string, string>[]>(`SHOW ${name}`).then((rows) => Object.values(rows[0])[0]);
    // Concurrent reads open more than one pooled connection: each must have them.
    const seen = await Promise.all(Array.from({ length: 4 }, () => Promise.all(Object.keys(PG_SESSION_SETTINGS).map(show))));
    for (const values of seen) expect(values).toEqual(["off", "0", "1.1"]);
  });
});
