// Configuration for the ordinary Prisma CLI (generate, migrate, studio) on a developer's machine.
import { defineConfig } from "prisma/config";
import { DEFAULT_DATABASE_URL } from "./lib/db/database-url";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL },
});
