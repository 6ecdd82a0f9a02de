// npm run db:setup — creates/migrates the database and loads the demo data on first run.
// The server does the same when it starts (instrumentation.ts); safe to run any number of times.
import { seedOnFirstRun, setupDatabase, setupFailureLines } from "../lib/db/setup";
import { disconnectDb } from "../lib/db/prisma";

const seed = !process.argv.includes("--no-seed") && seedOnFirstRun();
try {
  await setupDatabase({ seed, log: (line) => console.log(line) });
} catch (error) {
  for (const line of setupFailureLines(error)) console.error(line);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
