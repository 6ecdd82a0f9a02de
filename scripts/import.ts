// npm run import -- <file.json | folder> [more files or folders…]
// Loads menus in the documented import format (README "Import format"). All files are validated
// first and written in one transaction: a bad file changes nothing.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { setupDatabase } from "../lib/db/setup";
import { disconnectDb } from "../lib/db/prisma";
import { ImportError, importMenus, type ImportSource } from "../lib/import/import-menus";

function collect(target: string): string[] {
  if (!existsSync(target)) throw new Error(`${target}: no such file or folder`);
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(target, f));
}

function read(file: string): ImportSource {
  const text = readFileSync(file, "utf8");
  try {
    return { name: file, data: JSON.parse(text) };
  } catch (error) {
    throw new ImportError([{ file, path: "(file)", message: `not valid JSON: ${(error as Error).message}` }]);
  }
}

const targets = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (!targets.length) {
  console.error("usage: npm run import -- <file.json | folder> […]");
  process.exit(2);
}

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

try {
  const files = targets.flatMap(collect);
  if (!files.length) throw new Error("no .json files found");
  // The database must exist and be migrated; an import never loads the demo data by itself.
  await setupDatabase({ seed: false });
  const sources = files.map(read);
  console.log(`Importing ${files.length} file(s)…`);
  const summary = await importMenus(sources, { onProgress: progress });
  console.log(
    `Imported ${summary.restaurants} restaurants (${summary.categories} categories, ${summary.items} items), ` +
      `${summary.owners} owners, ${summary.countries} countries, ${summary.cities} cities, ${summary.cuisines} cuisines.`,
  );
} catch (error) {
  if (error instanceof ImportError) {
    console.error(`Import failed: ${error.message}.`);
    for (const i of error.issues) {
      console.error(`  ${i.file}${i.restaurant ? ` [${i.restaurant}]` : ""} ${i.path}: ${i.message}`);
    }
  } else {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
