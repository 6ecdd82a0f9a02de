// JSON Schema → fast-check arbitraries, for the subset of JSON Schema 2020-12 that /openapi.json
// uses in its parameters and request bodies: type, enum, const, pattern, min/maxLength,
// minimum/maximum/exclusive*, items/min/maxItems, properties/required/additionalProperties/
// propertyNames, oneOf/anyOf (with required-only branches and `not`), $ref.
//
// `schemaValid` yields values the schema accepts; `schemaInvalid` yields values it refuses. The
// candidates are built from the keywords, then every one is checked with the document's own JSON
// Schema validator (Ajv 2020, tests/openapi/document-validator.ts): a generated "valid" value is
// valid by the document, not by this file's reading of it.
import fc from "fast-check";
import type { DocumentValidator } from "./document-validator";

type Schema = any;

/** Text a header may carry: visible ASCII and spaces (fetch refuses control characters and non-Latin-1). */
const headerText = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

/** Lone surrogates cannot travel in a URL or JSON text that a server decodes as UTF-8: each becomes U+FFFD. */
export const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

export interface GenerationOptions {
  /** Where the value travels: a header allows printable ASCII only. */
  in?: "query" | "header" | "path" | "body";
}

export class SchemaArbitraries {
  constructor(private readonly v: DocumentValidator) {}

  private resolve(schema: Schema): Schema {
    return this.v.resolve(schema);
  }

  /** Whether `value` satisfies `schema` (the document's validator; $refs resolve within the document). */
  accepts(schema: Schema, value: unknown): boolean {
    return this.validate(schema, value);
  }

  private readonly compiled = new Map<Schema, (value: unknown) => boolean>();

  private validate(schema: Schema, value: unknown): boolean {
    let fn = this.compiled.get(schema);
    if (!fn) {
      // Local $refs inside the schema point into the document: rewrite them to the document's id.
      const rebased = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#/g, '"$ref":"https://openapi.invalid/openapi.json#'));
      const compiled = this.v.ajv.compile(rebased);
      fn = (x: unknown) => compiled(x) as boolean;
      this.compiled.set(schema, fn);
    }
    return fn(value);
  }

  /** Values the schema accepts. */
  schemaValid(schema: Schema, options: GenerationOptions = {}): fc.Arbitrary<unknown> {
    return this.candidates(schema, options, 0).filter((value) => this.validate(schema, value));
  }

  /** Values the schema refuses: wrong types, out of range, too long, off-pattern, broken objects. */
  schemaInvalid(schema: Schema, options: GenerationOptions = {}): fc.Arbitrary<unknown> {
    return this.violations(schema, options, 0).filter((value) => !this.validate(schema, value));
  }

  private candidates(raw: Schema, options: GenerationOptions, depth: number): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if ((schema.anyOf || schema.oneOf) && !schema.type && !schema.properties) {
      return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => this.candidates(s, options, depth + 1)));
    }
    const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
    switch (type) {
      case "string":
        return this.strings(schema, options);
      case "integer":
      case "number":
        return this.numbers(schema, type === "integer");
      case "boolean":
        return fc.boolean();
      case "array": {
        const items = schema.items ? this.candidates(schema.items, options, depth + 1) : fc.jsonValue({ maxDepth: 1 });
        return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
      }
      case "object":
        return this.objects(schema, options, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private strings(schema: Schema, options: GenerationOptions): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? 60;
    const fits = (s: string) => s.length >= min && s.length <= max;
    if (schema.pattern) {
      const matching = fc.stringMatching(new RegExp(schema.pattern, "u")).map(wellFormed).filter(fits);
      return options.in === "header" ? matching.filter((s) => /^[\x20-\x7e]*$/.test(s)) : matching;
    }
    if (schema.format === "uri") return fc.webUrl({ validSchemes: ["https", "http"] }).filter(fits);
    if (options.in === "header") return headerText(Math.min(max, 80)).filter(fits);
    return fc
      .oneof(fc.string({ minLength: min, maxLength: Math.min(max, 60) }), fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: "grapheme" }))
      .map(wellFormed)
      .filter(fits);
  }

  private numbers(schema: Schema, integer: boolean): fc.Arbitrary<number> {
    const low = schema.minimum ?? schema.exclusiveMinimum ?? -1e12;
    const high = schema.maximum ?? schema.exclusiveMaximum ?? 1e12;
    if (integer) {
      const lo = Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER);
      const hi = Math.min(Math.floor(high), Number.MAX_SAFE_INTEGER);
      return fc.oneof(fc.integer({ min: Math.max(lo, -1000), max: Math.min(hi, 1000) }), fc.constantFrom(lo, hi), fc.maxSafeInteger().filter((n) => n >= lo && n <= hi));
    }
    return fc.oneof(
      fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: Math.ceil(Math.max(low, -1e6)), max: Math.floor(Math.min(high, 1e6)) }),
      fc.constantFrom(low, high),
    );
  }

  private objects(schema: Schema, options: GenerationOptions, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties: Record<string, Schema> = schema.properties ?? {};
    const branches: Schema[] = schema.oneOf ?? [{}];
    return fc.nat({ max: branches.length - 1 }).chain((index) => {
      // A oneOf of required-only branches (cost or ingredients): take one branch's members, leave
      // out the members its `not` and the other branches require.
      const branch = branches[index];
      const required = new Set<string>([...(schema.required ?? []), ...(branch.required ?? [])]);
      const forbidden = new Set<string>([...forbiddenBy(branch), ...branches.filter((_, i) => i !== index).flatMap((b) => b.required ?? []).filter((k: string) => !required.has(k))]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of Object.entries(properties)) if (!forbidden.has(name)) record[name] = this.candidates(s, options, depth + 1);
      const known = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      const additional = schema.additionalProperties;
      if (Object.keys(properties).length === 0 && additional !== false) {
        const key = schema.propertyNames ? this.strings(this.resolve(schema.propertyNames), options) : fc.string({ maxLength: 12 });
        return fc.dictionary(key, depth < 2 ? fc.jsonValue({ maxDepth: 1 }) : fc.constant(null), { maxKeys: 4 });
      }
      return known;
    });
  }

  private violations(raw: Schema, options: GenerationOptions, depth: number): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
    const wrongType = fc.oneof(
      fc.constantFrom<unknown>("not-a-value", "abc", "0x10", "NaN", "1,5", "yes", "null", "{}", "[]"),
      fc.constantFrom<unknown>(true, 12.5, -1, { a: 1 }, [1]),
    );
    const choices: Array<fc.Arbitrary<unknown>> = [];
    if (schema.enum || schema.const !== undefined) {
      choices.push(options.in === "header" ? headerText(30) : fc.string({ maxLength: 30 }));
    }
    switch (type) {
      case "string": {
        if (schema.maxLength !== undefined) choices.push(fc.constantFrom("x", "7", "é").map((c) => c.repeat(schema.maxLength + 1)));
        if (schema.minLength) choices.push(fc.constant(""));
        if (schema.pattern) {
          const matching = this.strings(schema, options);
          const alphabet = options.in === "header" ? " -,.:/x9Z" : " -,.:/x9Z\u0000\u001f\u007fé";
          choices.push(
            fc.tuple(matching, fc.nat(), fc.constantFrom(...alphabet)).map(([s, at, c]) => s.slice(0, at % (s.length + 1)) + c + s.slice(at % (s.length + 1))),
            options.in === "header" ? headerText(20) : fc.string({ maxLength: 20 }),
          );
        }
        if (options.in !== "header") choices.push(fc.constantFrom(1, true, null, { a: 1 }));
        break;
      }
      case "integer":
      case "number": {
        if (schema.minimum !== undefined) choices.push(fc.constantFrom(schema.minimum - 1, schema.minimum - 0.5, schema.minimum - 1e-3));
        if (schema.exclusiveMinimum !== undefined) choices.push(fc.constantFrom(schema.exclusiveMinimum, schema.exclusiveMinimum - 1));
        if (schema.maximum !== undefined) choices.push(fc.constantFrom(schema.maximum + 1, schema.maximum * 2 + 1));
        if (schema.exclusiveMaximum !== undefined) choices.push(fc.constantFrom(schema.exclusiveMaximum, schema.exclusiveMaximum + 1));
        if (type === "integer") choices.push(fc.constantFrom(1.5, 2.25, -0.5));
        choices.push(wrongType);
        break;
      }
      case "boolean":
        choices.push(fc.constantFrom("yes", "no", "on", "t", "2", "maybe"));
        break;
      case "array":
        if (schema.maxItems !== undefined) choices.push(fc.array(this.candidates(schema.items ?? {}, options, depth + 1), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }));
        if (schema.minItems) choices.push(fc.constant([]));
        if (schema.items && depth < 3) choices.push(this.violations(schema.items, options, depth + 1).map((bad) => [bad]));
        choices.push(fc.constantFrom("list", 7, { a: 1 }));
        break;
      case "object": {
        const valid = this.candidates(schema, options, depth) as fc.Arbitrary<Record<string, unknown>>;
        const props = Object.entries<Schema>(schema.properties ?? {});
        // A required member missing.
        if (schema.required?.length) choices.push(fc.tuple(valid, fc.constantFrom(...(schema.required as string[]))).map(([o, k]) => omit(o, k)));
        // A member no property describes.
        if (schema.additionalProperties === false) choices.push(fc.tuple(valid, fc.constantFrom("extra", "unknownMember", "__proto__x")).map(([o, k]) => ({ ...o, [k]: 1 })));
        // One member with a value its schema refuses.
        if (props.length && depth < 3) {
          choices.push(
            fc
              .constantFrom(...props)
              .chain(([name, s]) => fc.tuple(valid, fc.constant(name), this.violations(s, options, depth + 1)))
              .map(([o, name, bad]) => ({ ...o, [name]: bad })),
          );
        }
        if (schema.oneOf) choices.push(fc.constant({}));
        choices.push(fc.constantFrom("text", 3, [1, 2], null));
        break;
      }
      default:
        break;
    }
    if (choices.length === 0) choices.push(wrongType);
    return fc.oneof(...choices);
  }
}

function omit(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = o;
  return rest;
}

/** The members a oneOf branch keeps out: `properties: { name: false }`, or a `not` of required members. */
function forbiddenBy(branch: Schema): string[] {
  const absent = Object.entries<Schema>(branch.properties ?? {})
    .filter(([, s]) => s === false)
    .map(([name]) => name);
  const not = branch.not;
  return [...absent, ...(not?.required ?? []), ...(not?.anyOf ?? []).flatMap((s: Schema) => s.required ?? [])];
}
