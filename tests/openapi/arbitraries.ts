// fast-check arbitraries made from the published document: values its parameter and body schemas
// allow, mixed with values no schema allows (hostile strings, wrong types, out-of-range numbers).
// The property tests send them to the live app and check the answers against the same document.
import fc from "fast-check";

type Schema = any;

/** Strings that have broken other services: injection, traversal, encoding, size, unicode edge cases. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "'",
  '"',
  "' OR '1'='1' --",
  "1; DROP TABLE restaurants",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "../../../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "%00",
  "\u0000",
  "\u001f\u007f",
  "a\r\nSet-Cookie: x=y",
  "{{7*7}}",
  "${jndi:ldap://127.0.0.1/x}",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x10",
  "9007199254740993",
  "-9007199254740993",
  "1.5",
  "true",
  "null",
  "[]",
  "{}",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "\uD800",
  "\u202Eevil",
  "🍕🍣🥨",
  "Zürich",
  "x".repeat(2_000),
  "é".repeat(300),
];

export const hostileString = (): fc.Arbitrary<string> => fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 300, unit: "binary" }));

/** A value the schema describes (within the subset of JSON Schema this document uses). */
export function valid(schema: Schema, resolve: (s: Schema) => Schema): fc.Arbitrary<unknown> {
  schema = resolve(schema);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf || schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => valid(s, resolve)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "string": {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity) && s.length >= (schema.minLength ?? 0));
      if (schema.format === "uri") return fc.webUrl({ validSchemes: ["https", "http"] }).filter((s) => s.length <= (schema.maxLength ?? Infinity));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
    }
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 0.01 : -1_000_000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 0.01 : 1_000_000);
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 1e6)) }),
        fc.double({ min, max: Math.min(max, 1e6), noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100).filter((n) => n >= min && n <= max),
      );
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      const items = schema.items ? valid(schema.items, resolve) : fc.constant(null);
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case "object": {
      const props = Object.entries<Schema>(schema.properties ?? {});
      const required = new Set<string>(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of props) record[name] = valid(s, resolve);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Valid values, wrong types and hostile text for a schema: most requests are interesting. */
export function anyValue(schema: Schema, resolve: (s: Schema) => Schema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: valid(schema, resolve) },
    { weight: 2, arbitrary: hostileString() },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 })) },
  );
}

/** Query parameters of an operation: each present or not, valid or hostile, sometimes given twice. */
export function queryArbitrary(parameters: Schema[], resolve: (s: Schema) => Schema): fc.Arbitrary<Array<[string, string]>> {
  const query = parameters.filter((p) => p.in === "query");
  const entries = query.map((p) =>
    fc.oneof(
      { weight: p.required ? 1 : 2, arbitrary: fc.constant([] as Array<[string, string]>) },
      { weight: 4, arbitrary: anyValue(p.schema, resolve).map((value) => [[p.name, typeof value === "string" ? value : JSON.stringify(value)]] as Array<[string, string]>) },
      { weight: 1, arbitrary: fc.tuple(hostileString(), hostileString()).map(([a, b]) => [[p.name, a], [p.name, b]] as Array<[string, string]>) },
    ),
  );
  const unknown = fc.oneof({ weight: 4, arbitrary: fc.constant([] as Array<[string, string]>) }, { weight: 1, arbitrary: fc.tuple(hostileString(), hostileString()).map(([k, val]) => [[k, val]] as Array<[string, string]>) });
  return fc.tuple(...entries, unknown).map((lists) => lists.flat());
}

/** A JSON body: mostly schema-shaped (with hostile leaves), sometimes not an object or not JSON at all. */
export function bodyArbitrary(schema: Schema, resolve: (s: Schema) => Schema): fc.Arbitrary<string> {
  const shaped = anyValueDeep(schema, resolve, 0).map((v) => JSON.stringify(v));
  return fc.oneof(
    { weight: 3, arbitrary: valid(schema, resolve).map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: hostileString() },
  );
}

function anyValueDeep(schema: Schema, resolve: (s: Schema) => Schema, depth: number): fc.Arbitrary<unknown> {
  schema = resolve(schema);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  if (depth < 3 && type === "object" && schema.properties) {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, s] of Object.entries<Schema>(schema.properties)) record[name] = anyValueDeep(s, resolve, depth + 1);
    return fc.record(record, { requiredKeys: [] });
  }
  if (depth < 3 && type === "array" && schema.items) {
    return fc.array(anyValueDeep(schema.items, resolve, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 5) });
  }
  return anyValue(schema, resolve);
}
