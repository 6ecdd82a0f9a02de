// Property-based API fuzzer driven by the served /openapi.json (issue 28.8). For every operation
// in the document, requests are generated from the document alone (tests/openapi/schema-arbitrary.ts
// turns its parameter and body schemas into fast-check arbitraries, checked with its own JSON
// Schema validator):
//   - schema-valid requests (every parameter, header and body the schemas accept) are never
//     refused with 400, except by a rule the operation publishes in x-validation-rules (the
//     parameters a 400 names, or for the tool server the JSON-RPC code, must be that rule's);
//   - requests with exactly one schema-invalid part (a parameter, header or body that the schema
//     refuses, or a required one left out) get a 4xx with a JSON error body;
// and every answer is a documented status whose headers and body match the document.
//
// It runs against a server of its own (same build, same mode as the suite) with throttling off,
// so that the searches it sends neither use up nor depend on the shared server's budget.
// OPENAPI_FUZZ_RUNS sets the runs per operation and property (default 30: 15 operations × 2
// properties × 30 ≈ 900 requests; the file took 42 s alone at 40 runs, about 20 s of it starting
// its server, on this two-core machine).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentValidator } from "../openapi/document-validator";
import { SchemaArbitraries, wellFormed } from "../openapi/schema-arbitrary";
import { startTestServer, type TestServer } from "../support/test-server";

const RUNS = Number(process.env.OPENAPI_FUZZ_RUNS ?? 30);

type Json = any;

let server: TestServer;
let doc: Json;
let v: DocumentValidator;
let gen: SchemaArbitraries;

beforeAll(async () => {
  server = await startTestServer({ extraEnv: { RATE_LIMIT_PER_MINUTE: "0" } });
  const res = await fetch(`${server.baseUrl}/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
  v = new DocumentValidator(doc);
  gen = new SchemaArbitraries(v);
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

interface Operation {
  path: string;
  method: string;
  parameters: Json[];
  body?: Json;
  rules: Array<{ parameters: string[]; rule: string; jsonRpcError?: number }>;
}

function operations(): Operation[] {
  const list: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      list.push({
        path,
        method,
        parameters: (op.parameters ?? []).map((p: Json) => v.resolve(p)),
        body: op.requestBody?.content?.["application/json"]?.schema,
        rules: op["x-validation-rules"] ?? [],
      });
    }
  }
  return list;
}

/** A request as parts: each parameter's text (or absence) and the body text. */
interface Parts {
  query: Array<[string, string]>;
  headers: Record<string, string>;
  path: Record<string, string>;
  body?: string;
  /** What was made invalid, for the failure message. */
  broken?: string;
}

/** How a query, header or path value travels: text. */
const serialize = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** How a server reads that text back for the schema's type (OpenAPI's simple/form styles). */
function deserialize(text: string, schema: Json): unknown {
  const type = schema.type;
  if ((type === "number" || type === "integer") && /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (type === "boolean" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** A parameter's text, valid or not by its schema as the server reads it. */
function parameterText(p: Json, valid: boolean): fc.Arbitrary<string> {
  const where = p.in === "header" ? "header" : p.in === "path" ? "path" : "query";
  const values = valid ? gen.schemaValid(p.schema, { in: where }) : gen.schemaInvalid(p.schema, { in: where });
  const texts = values
    .map(serialize)
    .map(wellFormed)
    .filter((text) => {
      if (p.in === "path" && (text === "" || text === "." || text === "..")) return false; // another path, not this parameter
      if (text === "" && p.allowEmptyValue) return valid;
      return gen.accepts(p.schema, deserialize(text, p.schema)) === valid;
    });
  return valid && p.allowEmptyValue ? fc.oneof({ weight: 6, arbitrary: texts }, { weight: 1, arbitrary: fc.constant("") }) : texts;
}

function validParts(op: Operation): fc.Arbitrary<Parts> {
  const each = op.parameters.map((p) => {
    const value = parameterText(p, true).map((text) => ({ p, text }));
    return p.required ? value.map((x) => [x]) : fc.option(value, { nil: undefined, freq: 2 }).map((x) => (x ? [x] : []));
  });
  const body = op.body ? gen.schemaValid(op.body, { in: "body" }).map((b) => JSON.stringify(b)) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...each), body).map(([chosen, text]) => assemble(chosen.flat(), text));
}

function invalidParts(op: Operation): fc.Arbitrary<Parts> {
  const choices: Array<fc.Arbitrary<Parts>> = [];
  op.parameters.forEach((p, index) => {
    // One parameter invalid, the rest valid (or left out).
    choices.push(
      fc.tuple(validParts(op), parameterText(p, false)).map(([parts, text]) => withParameter(parts, p, text, `${p.in} ${p.name}=${JSON.stringify(text).slice(0, 80)}`)),
    );
    if (p.required) choices.push(validParts(op).map((parts) => withParameter(parts, p, undefined, `required ${p.name} left out`)));
    void index;
  });
  if (op.body) {
    const broken = fc.oneof(
      { weight: 4, arbitrary: gen.schemaInvalid(op.body, { in: "body" }).map((b) => JSON.stringify(b)) },
      { weight: 1, arbitrary: fc.constantFrom("{", "not json", "", "[]", '{"a":') },
    );
    choices.push(fc.tuple(validParts(op), broken).map(([parts, body]) => ({ ...parts, body, broken: `body ${String(body).slice(0, 120)}` })));
  }
  return fc.oneof(...choices);
}

function assemble(chosen: Array<{ p: Json; text: string }>, body: string | undefined): Parts {
  const parts: Parts = { query: [], headers: {}, path: {}, body };
  for (const { p, text } of chosen) {
    if (p.in === "query") parts.query.push([p.name, text]);
    else if (p.in === "header") parts.headers[p.name] = text;
    else if (p.in === "path") parts.path[p.name] = text;
  }
  return parts;
}

function withParameter(parts: Parts, p: Json, text: string | undefined, broken: string): Parts {
  const query = parts.query.filter(([name]) => !(p.in === "query" && name === p.name));
  const headers = { ...parts.headers };
  const path = { ...parts.path };
  if (p.in === "header") delete headers[p.name];
  if (text !== undefined) {
    if (p.in === "query") query.push([p.name, text]);
    else if (p.in === "header") headers[p.name] = text;
    else path[p.name] = text;
  }
  return { ...parts, query, headers, path, broken };
}

async function send(op: Operation, parts: Parts) {
  let url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(parts.path[name] ?? ""));
  const params = new URLSearchParams(parts.query);
  if (parts.query.length) url += `?${params.toString()}`;
  const headers: Record<string, string> = { ...parts.headers };
  if (parts.body !== undefined) headers["content-type"] = "application/json";
  if (op.path === "/api/mcp") headers.accept = "application/json, text/event-stream";
  const res = await fetch(server.baseUrl + url, { method: op.method.toUpperCase(), headers, body: parts.body, redirect: "manual" });
  const text = await res.text();
  let json: Json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const where = `${op.method.toUpperCase()} ${url.slice(0, 300)} ${JSON.stringify(parts.headers).slice(0, 200)} ${parts.body?.slice(0, 200) ?? ""} → ${res.status} ${text.slice(0, 300)}`;
  return { status: res.status, headers: res.headers, text, json, where };
}

/** The parameters a REST 400 names: its issues, else the parameter its message quotes. */
function namedParameters(json: Json): string[] {
  if (Array.isArray(json?.issues)) return json.issues.map((i: Json) => String(i.parameter).split(".")[0]);
  const m = /Invalid parameter "([^"]+)"/.exec(json?.message ?? "");
  return m ? [m[1].split(".")[0]] : [];
}

const seen = new Map<string, { valid: number[]; invalid: number[] }>();
const record = (op: Operation, kind: "valid" | "invalid", status: number) => {
  const key = `${op.method.toUpperCase()} ${op.path}`;
  if (!seen.has(key)) seen.set(key, { valid: [], invalid: [] });
  seen.get(key)![kind].push(status);
};

function expectDocumented(op: Operation, res: Awaited<ReturnType<typeof send>>) {
  expect(res.status, res.where).toBeLessThan(500);
  expect(v.statuses(op.path, op.method), res.where).toContain(String(res.status));
  expect(v.checkOperationResponse(op.path, op.method, { status: res.status, headers: res.headers, json: res.json, text: res.text }).problems, res.where).toEqual([]);
}

describe("every operation of /openapi.json, requests generated from its schemas", () => {
  it("the document has operations to fuzz, each parameter with a schema", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(14);
    for (const op of ops) for (const p of op.parameters) expect(p.schema, `${op.path} ${p.name}`).toBeDefined();
  });

  it(`schema-valid requests get no 400 but for a published rule (${RUNS} runs per operation)`, async () => {
    for (const op of operations()) {
      await fc.assert(
        fc.asyncProperty(validParts(op), async (parts) => {
          const res = await send(op, parts);
          record(op, "valid", res.status);
          expectDocumented(op, res);
          if (res.status !== 400) return;
          if (op.path === "/api/mcp") {
            // JSON-RPC: the code names the rule.
            expect(op.rules.map((r) => r.jsonRpcError), res.where).toContain(res.json?.error?.code);
          } else {
            const named = namedParameters(res.json);
            const ruled = new Set(op.rules.flatMap((r) => r.parameters));
            expect(named.length, res.where).toBeGreaterThan(0);
            for (const name of named) expect([...ruled], `${res.where}\n(a 400 naming ${name}, which no x-validation-rules entry names)`).toContain(name);
          }
        }),
        { numRuns: RUNS },
      );
    }
  }, 180_000);

  it(`schema-invalid requests get a 4xx with a JSON error (${RUNS} runs per operation)`, async () => {
    for (const op of operations()) {
      await fc.assert(
        fc.asyncProperty(invalidParts(op), async (parts) => {
          const res = await send(op, parts);
          record(op, "invalid", res.status);
          const where = `${res.where}\nbroken: ${parts.broken}`;
          expect(res.status, where).toBeGreaterThanOrEqual(400);
          expect(res.status, where).toBeLessThan(500);
          expect(res.headers.get("content-type"), where).toMatch(/^application\/json/);
          expect(res.json?.error, where).toBeTruthy();
          expectDocumented(op, res);
        }),
        { numRuns: RUNS },
      );
    }
  }, 180_000);

  it("reached a success of every operation with schema-valid requests (404 for an unknown slug)", () => {
    for (const op of operations()) {
      const key = `${op.method.toUpperCase()} ${op.path}`;
      const statuses = seen.get(key)?.valid ?? [];
      const reached = op.parameters.some((p) => p.in === "path") ? statuses.some((s) => s < 300 || s === 404) : statuses.some((s) => s >= 200 && s < 300);
      expect(reached, `${key}: ${[...new Set(statuses)].join(", ")}`).toBe(true);
    }
  });
});
