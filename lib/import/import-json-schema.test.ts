// The committed JSON Schema is the one the zod schema generates, and it checks what editors should
// flag: the example file passes, the commonest mistakes do not.
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { IMPORT_SCHEMA_FILE, importJsonSchema, importJsonSchemaText } from "./import-json-schema";
import { parseImportText } from "./read-import-file";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXAMPLE = path.join(ROOT, "examples/greek-taverna.jsonc");

function validator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv.compile(importJsonSchema());
}
const example = () => parseImportText(EXAMPLE, readFileSync(EXAMPLE, "utf8")).data as any;

describe("the import format's JSON Schema", () => {
  it("is committed as generated (run npm run import:schema after changing lib/import/import-schema.ts)", () => {
    expect(readFileSync(path.join(ROOT, IMPORT_SCHEMA_FILE), "utf8")).toBe(importJsonSchemaText());
  });

  it("accepts the example file, which names it in $schema", () => {
    const validate = validator();
    const data = example();
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(path.resolve(path.dirname(EXAMPLE), data.$schema)).toBe(path.join(ROOT, IMPORT_SCHEMA_FILE));
  });

  it.each([
    ["a price written as text", (d: any) => (d.restaurants[0].categories[0].items[0].price = "12,50"), "/restaurants/0/categories/0/items/0/price"],
    ["an image path with a space", (d: any) => (d.restaurants[0].images.banner = "/demo/my logo.svg"), "/restaurants/0/images/banner"],
    ["an ftp image", (d: any) => (d.restaurants[0].images.logo = "ftp://example.org/logo.png"), "/restaurants/0/images/logo"],
    ["timezone spelt in lower case", (d: any) => (d.cities[0].timezone = "Europe/Athens"), "/cities/0"],
    ["a null day", (d: any) => (d.restaurants[0].openingHours.mon = null), "/restaurants/0/openingHours/mon"],
    ["an unknown allergen", (d: any) => (d.restaurants[0].categories[0].items[0].allergens = ["shellfish"]), "/restaurants/0/categories/0/items/0/allergens/0"],
    ["an unknown field in scope", (d: any) => (d.scope.slugs = ["x"]), "/scope"],
  ])("flags %s", (_label, mutate, at) => {
    const validate = validator();
    const data = example();
    mutate(data);
    expect(validate(data)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath)).toContain(at);
  });
});
