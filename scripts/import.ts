// npm run import -- [options] <file.json | folder> [more files or folders…]
// Loads menus in the documented import format (README "Loading menus"). All files are validated
// first and written in one transaction: a bad file changes nothing. What the import refuses
// unless told (another owner, a restaurant outside the file's scope, a changed directory entry)
// is in lib/import/import-menus.ts; this is only the command line around it.
// What it does to the data: writes into the database of DATABASE_URL, which must exist (it never
// creates one: npm run db:migrate does) and is migrated first if it lacks a migration; --dry-run
// and --list open it read-only and write nothing, anywhere.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { setupDatabase } from "../lib/db/setup";
import { disconnectDb, openDatabaseReadOnly } from "../lib/db/prisma";
import { sqliteProblem } from "../lib/db/sqlite-problem";
import { refuseNpmEatenFlags } from "./npm-eaten-flags.mjs";
import { notPublicRestaurants } from "../lib/import/not-public-restaurants";
import { databaseKind, databaseUrl, sqlitePath } from "../lib/db/database-url";
import { ImportError, importMenus, validateImport, type ImportGuards, type ImportPlan } from "../lib/import/import-menus";
import { formatImportIssues } from "../lib/import/import-error";
import { readImportFile } from "../lib/import/read-import-file";

const USAGE = `usage: npm run import -- [options] <file.json | file.jsonc | folder> […]
       npm run import -- --list    the restaurants that are not public (drafts and inactive ones)

A folder's .json and .jsonc files are imported, but not JSON Schema files (*.schema.json).

options:
  --dry-run                check everything and print what the import would do; write nothing
  --allow-owner-change     let the import give existing restaurants the owner the file names
  --replace-outside-scope  let it replace existing restaurants the file's "scope" does not name
  --update-directory       let it change countries, cities and cuisines already in the database
                           (they are shared by every restaurant there)`;

const FLAGS: Record<string, keyof ImportGuards | "dryRun" | "list" | "help"> = {
  "--dry-run": "dryRun",
  "--list": "list",
  "--allow-owner-change": "allowOwnerChange",
  "--replace-outside-scope": "replaceOutsideScope",
  "--update-directory": "updateDirectory",
  "--help": "help",
  "-h": "help",
};

/** A JSON Schema beside the import files (examples/import-format.schema.json): not an import file. */
const isSchemaFile = (name: string) => name.endsWith(".schema.json");

function collect(target: string): string[] {
  if (!existsSync(target)) throw new Error(`${target}: no such file or folder`);
  if (!statSync(target).isDirectory()) return [target];
  const names = readdirSync(target).filter((f) => f.endsWith(".json") || f.endsWith(".jsonc")).sort();
  for (const name of names.filter(isSchemaFile)) console.log(`Skipped ${path.join(target, name)}: a JSON Schema, not an import file.`);
  return names.filter((f) => !isSchemaFile(f)).map((f) => path.join(target, f));
}

const args = process.argv.slice(2);
// `npm run import --dry-run x.json` (no `--`): npm keeps the flag and the import would be real.
refuseNpmEatenFlags("import", Object.keys(FLAGS), args);
const unknown = args.filter((a) => a.startsWith("-") && !(a in FLAGS));
const set = new Set(args.filter((a) => a in FLAGS).map((a) => FLAGS[a]));
const targets = args.filter((a) => !a.startsWith("-"));
if (set.has("help")) {
  console.log(USAGE);
  process.exit(0);
}
if (unknown.length || (!targets.length && !set.has("list")) || (targets.length && set.has("list"))) {
  if (unknown.length) console.error(`unknown option${unknown.length > 1 ? "s" : ""}: ${unknown.join(" ")}`);
  console.error(USAGE);
  process.exit(2);
}
const guards: ImportGuards = {
  allowOwnerChange: set.has("allowOwnerChange"),
  replaceOutsideScope: set.has("replaceOutsideScope"),
  updateDirectory: set.has("updateDirectory"),
};
const dryRun = set.has("dryRun");
const listOnly = set.has("list");

const progress = (done: number, total: number) => {
  if (total < 50 || !process.stderr.isTTY) {
    if (total >= 50 && (done % 1000 === 0 || done === total)) process.stderr.write(`  ${done}/${total} restaurants\n`);
    return;
  }
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r  [${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total} restaurants`);
  if (done === total) process.stderr.write("\n");
};

const list = (slugs: string[], max = 20) => (slugs.length > max ? `${slugs.slice(0, max).join(", ")} … and ${slugs.length - max} more` : slugs.join(", "));

/** What the import does (or, with --dry-run, would do), in the operator's terms. */
function printPlan(plan: ImportPlan, verb: { added: string; replaced: string; changed: string; removed: string }) {
  if (plan.added.length) console.log(`  ${verb.added} ${plan.added.length} new restaurant(s): ${list(plan.added)}`);
  if (plan.replaced.length) console.log(`  ${verb.replaced} ${plan.replaced.length} existing restaurant(s): ${list(plan.replaced)}`);
  for (const c of plan.ownerChanges) console.log(`  owner of ${c.slug}: ${c.from} → ${c.to} (--allow-owner-change)`);
  if (plan.outsideScope.length) console.log(`  outside the file's scope (--replace-outside-scope): ${list(plan.outsideScope)}`);
  if (plan.removed.length) console.log(`  ${verb.removed} ${plan.removed.length} restaurant(s): ${list(plan.removed)}`);
  if (plan.unpublished.length) console.log(`  not public (draft: "published": false, or "active": false): ${list(plan.unpublished)}`);
  for (const d of plan.directory) {
    if (d.action === "added") console.log(`  ${verb.added} ${d.kind} ${d.slug}`);
    else console.log(`  ${verb.changed} ${d.kind} ${d.slug}: ${d.changes.map((c) => `${c.field} ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`).join("; ")}`);
  }
}

/** --list: what the site does not show, read-only. */
async function listNotPublic() {
  openDatabaseReadOnly();
  await setupDatabase({ readOnly: true });
  const rows = await notPublicRestaurants();
  console.log(rows.length ? `${rows.length} restaurant(s) not public:` : "Every restaurant is public.");
  for (const r of rows) console.log(`  ${r.slug}  ${r.reasons.join(", ")}  owner ${r.owner}  ${JSON.stringify(r.name)}`);
}

async function runImport() {
  const files = targets.flatMap(collect);
  if (!files.length) throw new Error("no .json or .jsonc files found");
  // The database must exist (an import never creates one, nor loads the demo data). A dry run
  // opens it read-only: it writes nothing, and refuses a database that lacks a migration.
  if (dryRun) openDatabaseReadOnly();
  await setupDatabase(dryRun ? { readOnly: true } : { create: false });
  // Every file is read before any is checked, so all syntax errors show at once.
  const sources = [];
  const unreadable: ImportError["issues"] = [];
  for (const file of files) {
    try {
      sources.push(readImportFile(file));
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      unreadable.push(...error.issues);
    }
  }
  if (unreadable.length) {
    // …and the files that did parse are checked too: one run lists every problem.
    let more: ImportError["issues"] = [];
    try {
      await validateImport(sources, guards);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      more = error.issues;
    }
    throw new ImportError([...unreadable, ...more]);
  }
  if (dryRun) {
    const { data, plan } = await validateImport(sources, guards);
    console.log(`Dry run: ${files.length} file(s) are valid; nothing was written. The import would:`);
    printPlan(plan, { added: "add", replaced: "replace", changed: "change", removed: "delete" });
    const items = data.restaurants.reduce((n, r) => n + r.categories.reduce((m, c) => m + c.items.length, 0), 0);
    console.log(`  (${data.restaurants.length} restaurants with ${items} menu items in all)`);
  } else {
    console.log(`Importing ${files.length} file(s)…`);
    const summary = await importMenus(sources, { ...guards, onProgress: progress });
    console.log(
      `Imported ${summary.restaurants} restaurants (${summary.plan.added.length} new, ${summary.plan.replaced.length} replaced, ${summary.plan.removed.length} deleted; ` +
        `${summary.categories} categories, ${summary.items} items), ${summary.owners} owners, ${summary.countries} countries, ${summary.cities} cities, ${summary.cuisines} cuisines.`,
    );
    printPlan(summary.plan, { added: "added", replaced: "replaced", changed: "changed", removed: "deleted" });
  }
}

const url = databaseUrl();
try {
  // Where it goes, so an operator with two databases sees which one this is.
  console.log(`Database: ${databaseKind(url) === "sqlite" ? sqlitePath(url) : url.replace(/\/\/[^@/]*@/, "//…@")}`);
  await (listOnly ? listNotPublic() : runImport());
} catch (error) {
  if (error instanceof ImportError) {
    console.error(`Import failed: ${error.message}.`);
    for (const line of formatImportIssues(error.issues)) console.error(line);
  } else {
    const file = databaseKind(url) === "sqlite" ? sqliteProblem(error, sqlitePath(url)) : undefined;
    console.error(`Import failed: ${file ?? (error instanceof Error ? error.message : String(error))}`);
  }
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
