// npm run import:schema — writes the JSON Schema of the import format (lib/import/import-json-schema.ts)
// to examples/import-format.schema.json. Run it after changing lib/import/import-schema.ts; a unit
// test fails while the committed file is out of date.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { IMPORT_SCHEMA_FILE, importJsonSchemaText } from "../lib/import/import-json-schema";

const file = path.resolve(import.meta.dirname, "..", IMPORT_SCHEMA_FILE);
writeFileSync(file, importJsonSchemaText());
console.log(`Written ${IMPORT_SCHEMA_FILE}`);
