// Generates the Prisma client (npm postinstall).
//
// `prisma generate` never runs the schema-engine binary, but Prisma 7's CLI tries to download it
// first. Where that download host is unreachable, pointing PRISMA_SCHEMA_ENGINE_BINARY at any
// existing file skips the download. We set it for this one command only, so a developer's own
// `npx prisma migrate …` keeps Prisma's real engine.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = new URL("../package.json", import.meta.url).pathname;

const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate"], { stdio: "inherit", env });
if (result.status !== 0 || !existsSync(new URL("../lib/db/generated/client.ts", import.meta.url))) {
  console.error("prisma generate failed");
  process.exit(result.status || 1);
}
