// Runs only in the PostgreSQL stage (TEST_POSTGRES_URL set): the PostgreSQL migrations build exactly
// the derived PostgreSQL schema.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pendingMigrationScript } from "../../lib/db/schema-engine";

const root = path.resolve(import.meta.dirname, "../..");

describe("PostgreSQL migrations", () => {
  it("match prisma/postgresql/schema.prisma", async () => {
    const script = await pendingMigrationScript(
      path.join(root, "prisma/postgresql/schema.prisma"),
      path.join(root, "prisma/postgresql/migrations"),
      process.env.TEST_POSTGRES_URL,
    );
    expect(script).toBe("");
  }, 60_000);
});
