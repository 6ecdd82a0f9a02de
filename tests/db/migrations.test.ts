// The committed migrations must build exactly the schema in prisma/schema.prisma.
import { copyFileSync, appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pendingMigrationScript } from "../../lib/db/schema-engine";

const root = path.resolve(import.meta.dirname, "../..");

describe("migrations", () => {
  it("match prisma/schema.prisma (run `npm run db:migration:new -- <name>` after a schema change)", async () => {
    const script = await pendingMigrationScript(path.join(root, "prisma/schema.prisma"), path.join(root, "prisma/migrations"));
    expect(script).toBe("");
  }, 60_000);

  it("give the SQL a schema change needs, as db:migration:new writes it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "menu-schema-"));
    try {
      copyFileSync(path.join(root, "prisma/schema.prisma"), path.join(dir, "schema.prisma"));
      appendFileSync(path.join(dir, "schema.prisma"), "\nmodel ZzProbe {\n  id Int @id\n}\n");
      const script = await pendingMigrationScript(path.join(dir, "schema.prisma"), path.join(root, "prisma/migrations"));
      expect(script).toMatch(/^-- CreateTable\nCREATE TABLE "ZzProbe" \(/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("one schema source for both providers", () => {
  it("prisma/postgresql/schema.prisma is the derivation of prisma/schema.prisma", async () => {
    const { readFileSync } = await import("node:fs");
    const { derivePostgresqlSchema } = await import("../../lib/db/derive-postgresql-schema.mjs");
    const derived = derivePostgresqlSchema(readFileSync(path.join(root, "prisma/schema.prisma"), "utf8"));
    expect(readFileSync(path.join(root, "prisma/postgresql/schema.prisma"), "utf8")).toBe(derived);
    expect(derived).toContain('provider = "postgresql"');
  });

  it("both providers have the same migrations, by name", async () => {
    const { readdirSync } = await import("node:fs");
    const names = (dir: string) =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(names("prisma/postgresql/migrations")).toEqual(names("prisma/migrations"));
  });
});
