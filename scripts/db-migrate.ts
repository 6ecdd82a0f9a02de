// npm run db:migrate — the release step: brings the database of DATABASE_URL to the committed
// schema (Prisma's schema engine as WebAssembly; instances and runs take turns on a PostgreSQL
// advisory lock). A database it creates gets the demo data when SEED_DEMO_DATA says so (default:
// yes on SQLite, no on PostgreSQL); `--no-seed` never seeds. Safe to run any number of times.
// Deploy = this, then start the new version (which refuses to start while a migration is pending,
// unless MIGRATE_ON_START=true).
import { ConfigError, config } from "../lib/config";
import { redactUrl } from "../lib/config-schema.mjs";
import { seedOnFirstRun, setupDatabase, setupFailureLines } from "../lib/db/setup";
import { disconnectDb } from "../lib/db/prisma";
import { seedDemoData } from "../lib/import/seed-demo-data";
import { refuseNpmEatenFlags } from "./npm-eaten-flags.mjs";

refuseNpmEatenFlags("db:migrate", ["--no-seed"], process.argv.slice(2));

try {
  const seed = !process.argv.includes("--no-seed") && seedOnFirstRun();
  console.log(`Migrating ${redactUrl(config().DATABASE_URL)}${seed ? " (demo data into a new database)" : ""}…`);
  const result = await setupDatabase({ seed: seed ? seedDemoData : undefined, log: (line) => console.log(line) });
  console.log(result.applied.length ? `Applied ${result.applied.length} migration(s).` : "The schema is current: nothing to apply.");
} catch (error) {
  for (const line of error instanceof ConfigError ? error.lines : setupFailureLines(error)) console.error(line);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
