// Prisma CLI configuration for PostgreSQL, e.g.
//   DATABASE_URL=postgresql://… npx prisma migrate deploy --config prisma/postgresql/prisma.config.ts
import path from "node:path";
import { defineConfig } from "prisma/config";
import { EXTERNAL_TABLES } from "../../lib/db/external-tables";

export default defineConfig({
  schema: path.join(import.meta.dirname, "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "migrations") },
  datasource: { url: process.env.DATABASE_URL ?? "" },
  // The throttle's store: created by the migrations, not modelled.
  experimental: { externalTables: true },
  tables: { external: EXTERNAL_TABLES.postgresql },
});
