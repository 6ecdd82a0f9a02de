// npm run db:generate -- --restaurants 100000 --seed 1 [--items 50] [--from 45000]
//
// Deterministic scale data: the batches of generateMenus() (lib/import/generate-menus.ts; same
// seed, same data) go through the ordinary importer, batch by batch — the same validation as any
// import — into DATABASE_URL (default: the embedded SQLite database), which is migrated first.
// Progress goes to stderr. Afterwards the planner statistics are refreshed (ANALYZE) and the
// search indexes are compacted: on SQLite their segments merged into one, on PostgreSQL (VACUUM) the
// GIN index's pending list merged in, which every search would otherwise scan until autovacuum
// gets to it. --from n resumes: the first n restaurants of the same seed and items are in the
// database already (an interrupted run, or a smaller size), so only the batches after them are imported.
import { databaseKind } from "../lib/db/database-url";
import { db, disconnectDb } from "../lib/db/prisma";
import { setupDatabase, vacuumPostgres } from "../lib/db/setup";
import { SQLITE_DISH_SEARCH_TABLE, SQLITE_SEARCH_TABLE } from "../lib/db/external-tables";
import { generateMenus } from "../lib/import/generate-menus";
import { ImportError, importMenus, type ImportSummary } from "../lib/import/import-menus";

interface Options {
  restaurants: number;
  seed: number;
  items?: number;
  from: number;
}

/** generateMenus' default batch: --from must fall on a batch boundary. */
const BATCH = 500;

const USAGE = "usage: npm run db:generate -- --restaurants <n> [--seed <n>] [--items <per restaurant>] [--from <n already generated>]";

function parseArgs(argv: string[]): Options {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(restaurants|seed|items|from)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unknown argument "${argv[i]}"\n${USAGE}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value\n${USAGE}`);
    values.set(m[1], value);
  }
  const int = (name: string, min: number) => {
    const raw = values.get(name);
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`--${name} must be an integer ≥ ${min}, got "${raw}"\n${USAGE}`);
    return Number(raw);
  };
  const restaurants = int("restaurants", 1);
  if (restaurants === undefined) throw new Error(`--restaurants is required\n${USAGE}`);
  const from = int("from", 0) ?? 0;
  if (from % BATCH !== 0 || from >= restaurants) throw new Error(`--from must be a multiple of ${BATCH} below --restaurants, got ${from}\n${USAGE}`);
  return { restaurants, seed: int("seed", 0) ?? 1, items: int("items", 0), from };
}

function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = (line: string) => process.stderr.write(`${line}\n`);
  await setupDatabase({ log });

  const tty = process.stderr.isTTY;
  const started = Date.now();
  const total: Omit<ImportSummary, "plan"> = { countries: 0, cities: 0, cuisines: 0, owners: 0, restaurants: 0, categories: 0, items: 0 };
  let lastLine = 0;
  const progress = (done: number, force = false) => {
    const now = Date.now();
    if (!force && now - lastLine < (tty ? 250 : 5000)) return;
    lastLine = now;
    const elapsed = now - started;
    const rate = done / Math.max(elapsed / 1000, 0.001);
    const eta = done > 0 ? ((options.restaurants - options.from - done) / rate) * 1000 : 0;
    const line = `  ${(options.from + done).toLocaleString("en")} / ${options.restaurants.toLocaleString("en")} restaurants (${((100 * (options.from + done)) / options.restaurants).toFixed(1)} %), ${Math.round(rate)}/s, ${formatDuration(elapsed)} elapsed${options.from + done < options.restaurants ? `, ~${formatDuration(eta)} left` : ""}`;
    if (tty) process.stderr.write(`\r${line}\x1b[K`);
    else log(line);
  };

  if (options.from > 0) {
    const present = await db().restaurant.count();
    if (present < options.from) throw new Error(`--from ${options.from}: the database holds only ${present} restaurants`);
    log(`Resuming after restaurant ${options.from}.`);
  }
  log(`Generating ${options.restaurants} restaurants (seed ${options.seed}${options.items !== undefined ? `, ${options.items} items each` : ""}) into ${databaseKind()}…`);
  let batchNo = 0;
  for (const batch of generateMenus({ restaurants: options.restaurants, seed: options.seed, itemsPerRestaurant: options.items, batchSize: BATCH })) {
    batchNo++;
    // Skipped batches are still generated: each owner's run of restaurants comes from one stream.
    if (batchNo * BATCH <= options.from) continue;
    const before = total.restaurants;
    const summary = await importMenus([{ name: `generated batch ${batchNo} (seed ${options.seed})`, data: batch }], {
      onProgress: (done) => progress(before + done),
    });
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += summary[key];
    progress(total.restaurants);
  }
  progress(total.restaurants, true);
  if (tty) process.stderr.write("\n");

  log("Refreshing planner statistics and compacting the search index…");
  if (databaseKind() === "sqlite") {
    for (const table of [SQLITE_SEARCH_TABLE, SQLITE_DISH_SEARCH_TABLE]) await db().$executeRawUnsafe(`INSERT INTO "${table}"("${table}") VALUES ('optimize')`);
    await db().$executeRawUnsafe("ANALYZE");
  } else {
    await vacuumPostgres();
  }
  log(
    `Generated ${total.restaurants}${options.from ? " more" : ""} restaurants (${total.categories} categories, ${total.items} items), ${total.owners} owners, ` +
      `${total.countries} countries, ${total.cities} cities, ${total.cuisines} cuisines in ${formatDuration(Date.now() - started)}.`,
  );
}

main()
  .catch((error) => {
    if (error instanceof ImportError) {
      console.error(`Generated data failed validation (a generator bug): ${error.message}`);
      for (const issue of error.issues.slice(0, 20)) console.error(`  ${issue.file} [${issue.restaurant ?? ""}] ${issue.path}: ${issue.message}`);
    } else {
      console.error(error instanceof Error ? error.message : error);
    }
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
