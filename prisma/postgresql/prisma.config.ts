// Prisma CLI configuration for PostgreSQL, e.g.
//   DATABASE_URL=postgresql://… npx prisma migrate deploy --config prisma/postgresql/prisma.config.ts
import path from "node:path";
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: path.join(import.meta.dirname, "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "migrations") },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
