// Generates the Prisma clients (npm postinstall): one for SQLite, one for PostgreSQL, from the one
// schema in prisma/schema.prisma (the PostgreSQL copy is derived, see lib/db/derive-postgresql-schema.mjs).
//
// `prisma generate` never runs the schema-engine binary, but Prisma 7's CLI tries to download it
// first. Where that download host is unreachable, pointing PRISMA_SCHEMA_ENGINE_BINARY at any
// existing file skips the download. We set it for these commands only, so a developer's own
// `npx prisma migrate …` keeps Prisma's real engine.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { derivePostgresqlSchema } from "../lib/db/derive-postgresql-schema.mjs";

const require = createRequire(import.meta.url);
const root = new URL("../", import.meta.url);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = new URL("package.json", root).pathname;

const pgSchemaFile = new URL("prisma/postgresql/schema.prisma", root);
const pgSchema = derivePostgresqlSchema(readFileSync(new URL("prisma/schema.prisma", root), "utf8"));
if (!existsSync(pgSchemaFile) || readFileSync(pgSchemaFile, "utf8") !== pgSchema) writeFileSync(pgSchemaFile, pgSchema);

const cli = require.resolve("prisma/build/index.js");
for (const [config, client] of [
  ["prisma.config.ts", "lib/db/generated/client.ts"],
  ["prisma/postgresql/prisma.config.ts", "lib/db/generated-pg/client.ts"],
]) {
  const result = spawnSync(process.execPath, [cli, "generate", "--config", new URL(config, root).pathname], { stdio: "inherit", env });
  if (result.status !== 0 || !existsSync(new URL(client, root))) {
    console.error(`prisma generate (${config}) failed`);
    process.exit(result.status || 1);
  }
}
