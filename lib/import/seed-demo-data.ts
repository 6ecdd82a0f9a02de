// The demo restaurants of prisma/demo, loaded into a database the caller has just created (the
// quick start's first run, `npm run db:migrate` with SEED_DEMO_DATA). The data layer gets this as
// a callback (lib/db/setup.ts SetupOptions.seed) so that it never imports the importer.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { importMenus } from "./import-menus";
import { parseImportText } from "./read-import-file";

// turbopackIgnore: the build would otherwise trace the whole working directory into the
// standalone output; next.config.ts includes prisma/demo.
const root = /* turbopackIgnore: true */ process.cwd();
export const DEMO_DIR = path.join(root, "prisma/demo");

/** Every demo file, parsed (names relative to the working directory, as error messages show them). */
export function demoSources(dir = DEMO_DIR) {
  if (!existsSync(/* turbopackIgnore: true */ dir)) return [];
  return readdirSync(/* turbopackIgnore: true */ dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => parseImportText(path.join(path.relative(root, dir), f), readFileSync(path.join(/* turbopackIgnore: true */ dir, f), "utf8")));
}

/** Loads the demo data; throws ImportError (every problem of every file) when a file does not import. */
export async function seedDemoData(): Promise<{ restaurants: number; items: number }> {
  const summary = await importMenus(demoSources());
  return { restaurants: summary.restaurants, items: summary.items };
}
