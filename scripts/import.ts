// npm run import -- <file.json | folder> [more files or folders…]
// Loads menus in the documented import format (README "Import format"). All files are validated
// first and written in one transaction: a bad file changes nothing.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { setupDatabase } from "../lib/db/setup";
import { disconnectDb } from "../lib/db/prisma";
import { ImportError, importMenus, validateImport } from "../lib/import/import-menus";
import { readImportFile } from "../lib/import/read-import-file";

function collect(target: string): string[] {
  if (!existsSync(target)) throw new Error(`${target}: no such file or folder`);
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(target, f));
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
      await validateImport(sources);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      more = error.issues;
    }
    throw new ImportError([...unreadable, ...more]);
  }
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
