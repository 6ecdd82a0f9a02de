// Configuration for the ordinary Prisma CLI (generate, migrate, studio) on a developer's machine.
import { defineConfig } from "prisma/config";
import { databaseUrl } from "./lib/db/database-url";
import { EXTERNAL_TABLES } from "./lib/db/external-tables";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // The same file as the app and every npm script (lib/db/database-url.ts).
  datasource: { url: databaseUrl() },
  // The FTS5 search index and its shadow tables: created by the migrations, not modelled.
  experimental: { externalTables: true },
  tables: { external: EXTERNAL_TABLES.sqlite },
});
