// The JSON Schema of the import format, generated from the zod schema the importer validates
// with (lib/import/import-schema.ts), so the two cannot drift: `npm run import:schema` writes
// examples/import-format.schema.json, and a test fails when the committed file is not current.
// Editors (VS Code, JetBrains) check a file against it as it is written, through the file's
// "$schema" field. It describes the input as written (defaults and optional fields), not the
// importer's output. Checks that need the database or the whole restaurant (references, plan
// limits, decimals of the currency, translations in the menu's languages) are the importer's.
import { z } from "zod";
import { importFileSchema } from "./import-schema";

export const IMPORT_SCHEMA_FILE = "examples/import-format.schema.json";

export function importJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(importFileSchema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    title: "Menu service import file",
    description:
      "One file of `npm run import` (README, \"Loading menus\"). Every section is optional. Comments (// and /* */) are allowed in the file; the importer checks references, plan limits and currency decimals beyond this schema.",
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$schema")),
  };
}

/** The committed file's text: stable key order, two-space indentation, final newline. */
export function importJsonSchemaText(): string {
  return `${JSON.stringify(importJsonSchema(), null, 2)}\n`;
}
