// npm run db:setup — creates/migrates the database and loads the demo data on first run.
// Called by `npm start`; safe to run any number of times.
import { setupDatabase } from "../lib/db/setup";
import { disconnectDb } from "../lib/db/prisma";
import { ImportError } from "../lib/import/import-menus";

const seed = !process.argv.includes("--no-seed") && process.env.SEED_DEMO_DATA !== "false";
try {
  await setupDatabase({ seed, log: (line) => console.log(line) });
} catch (error) {
  if (error instanceof ImportError) {
    for (const i of error.issues) console.error(`${i.file}: ${i.path}: ${i.message}`);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
