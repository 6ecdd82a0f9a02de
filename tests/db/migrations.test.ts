// The committed migrations must build exactly the schema in prisma/schema.prisma.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pendingMigrationScript } from "../../lib/db/schema-engine";

const root = path.resolve(import.meta.dirname, "../..");

describe("migrations", () => {
  it("match prisma/schema.prisma (run `npm run db:migration:new -- <name>` after a schema change)", async () => {
    const script = await pendingMigrationScript(path.join(root, "prisma/schema.prisma"), path.join(root, "prisma/migrations"));
    expect(script).toBe("");
  }, 60_000);
});
