// Property-based contract tests (fast-check): for every operation in the published document,
// requests whose parameters and bodies are generated from the document's own schemas, mixed with
// hostile strings, wrong types and repeated parameters. Whatever is sent, the answer must be
// a documented status, never 5xx, have a body and headers that match the document for that status,
// and an error must carry Cache-Control: no-store. Runs are bounded so the suite stays fast.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { anyValue, bodyArbitrary, hostileString, queryArbitrary, valid } from "../openapi/arbitraries";
import { DocumentValidator } from "../openapi/document-validator";
import { baseUrl, get } from "../support/http";

const RUNS = Number(process.env.CONTRACT_RUNS ?? 100);

let doc: any;
let v: DocumentValidator;
let toolNames: string[] = [];

beforeAll(async () => {
  doc = (await get("/openapi.json")).json;
  v = new DocumentValidator(doc);
  const tools = await get("/api/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  toolNames = tools.json.result.tools.map((t: any) => t.name);
});

const resolve = (s: any) => v.resolve(s);

/** Statuses seen per operation: the generators must reach successes as well as errors. */
const seen = new Map<string, Set<number>>();

async function expectContract(path: string, method: string, url: string, init: RequestInit = {}) {
  const res = await get(url, { ...init, method: method.toUpperCase(), redirect: "manual" });
  const key = `${method.toUpperCase()} ${path}`;
  if (!seen.has(key)) seen.set(key, new Set());
  seen.get(key)!.add(res.status);
  const where = `${method.toUpperCase()} ${url.slice(0, 300)} ${typeof init.body === "string" ? init.body.slice(0, 200) : ""} → ${res.status}`;
  expect(res.status, where).toBeLessThan(500);
  expect(v.statuses(path, method), where).toContain(String(res.status));
  expect(v.checkOperationResponse(path, method, res).problems, where).toEqual([]);
  if (res.status >= 400) expect(res.headers.get("cache-control"), where).toBe("no-store");
}

function queryString(entries: Array<[string, string]>): string {
  const params = new URLSearchParams();
  for (const [k, val] of entries) params.append(k, val);
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/** Lone surrogates replaced (String#toWellFormed, which the ES2023 lib typings lack): encodeURIComponent throws on them. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** The request-body examples of the document, as JSON text. */
const exampleBodies = (path: string): string[] =>
  Object.values<any>(v.operation(path, "post").requestBody.content["application/json"].examples ?? {}).map((e) => JSON.stringify(e.value));

/** Slugs that the URL parser would turn into another path ("", ".", "..") are not slugs. */
const slugArbitrary = () =>
  fc.oneof(anyValue({ type: "string", minLength: 1, maxLength: 200 }, (s) => s), hostileString(), fc.constantFrom("zunfthaus-am-see", "draft-hofbraeu-keller", "ZUNFTHAUS-AM-SEE"))
    .map((s) => (typeof s === "string" ? s : JSON.stringify(s)))
    .filter((s) => s !== "" && s !== "." && s !== "..");

describe("every GET operation, generated parameters", () => {
  const GETS = [
    "/api/public",
    "/api/public/restaurants",
    "/api/public/dishes",
    "/api/public/locations",
    "/api/public/cuisines",
    "/api/public/plans",
    "/api/public/changes",
    "/api/public/export.ndjson",
    "/api/public/tools/food-cost",
    "/api/public/tools/wifi-qr",
    "/api/public/tools/review-qr",
    "/api/health",
    "/api/health/ready",
  ];

  it.each(GETS)(`GET %s (${RUNS} runs)`, async (path) => {
    const parameters = v.operation(path, "get").parameters ?? [];
    // The document's own example and a repeated parameter come first, then generated values.
    const example = parameters.filter((p: any) => p.in === "query" && p.example !== undefined).map((p: any) => [p.name, String(p.example)] as [string, string]);
    const first = parameters.find((p: any) => p.in === "query");
    const repeated: Array<[string, string]> = first ? [[first.name, "a"], [first.name, "b"]] : [];
    // If-None-Match: mostly absent; sometimes a tag, a wildcard, or one over its documented maxLength.
    const maxLength = parameters.find((p: any) => p.in === "header" && p.name === "If-None-Match").schema.maxLength;
    const tooLong = `"${"x".repeat(maxLength)}"`;
    const ifNoneMatch = fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constantFrom('"abc"', "*", 'W/"x", "y"', tooLong) });
    await fc.assert(
      fc.asyncProperty(queryArbitrary(parameters, resolve), ifNoneMatch, async (entries, tag) => {
        await expectContract(path, "get", path + queryString(entries), tag === undefined ? {} : { headers: { "If-None-Match": tag } });
      }),
      { numRuns: RUNS, examples: [[example, undefined], [repeated, undefined], [[], tooLong]] },
    );
  }, 120_000);

  it(`GET /api/public/restaurants/{slug} (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(slugArbitrary(), async (slug) => {
        await expectContract("/api/public/restaurants/{slug}", "get", `/api/public/restaurants/${encodeURIComponent(wellFormed(slug))}`);
      }),
      { numRuns: RUNS, examples: [[v.operation("/api/public/restaurants/{slug}", "get").parameters.find((p: any) => p.name === "slug").example], ["x".repeat(201)]] },
    );
  }, 120_000);
});

describe("every POST operation, generated bodies", () => {
  it(`POST /api/public/tools/food-cost (${RUNS} runs)`, async () => {
    const path = "/api/public/tools/food-cost";
    const schema = v.operation(path, "post").requestBody.content["application/json"].schema;
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(schema, resolve), async (body) => {
        await expectContract(path, "post", path, { body, headers: { "content-type": "application/json" } });
      }),
      { numRuns: RUNS, examples: [...exampleBodies(path), '{"cost":'].map((b) => [b]) },
    );
  }, 120_000);

  it(`POST /api/mcp (${RUNS} runs)`, async () => {
    const path = "/api/mcp";
    const schema = v.operation(path, "post").requestBody.content["application/json"].schema;
    const methods = ["initialize", "ping", "tools/list", "tools/call", "resources/list", "resources/read", "resources/templates/list", "prompts/list", "prompts/get", "notifications/initialized"];
    const toolCall = fc.record({
      jsonrpc: fc.constant("2.0"),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 })),
      method: fc.constant("tools/call"),
      params: fc.record({
        name: fc.oneof(fc.constantFrom(...toolNames), hostileString()),
        arguments: fc.oneof(fc.dictionary(fc.constantFrom("q", "city", "cuisine", "limit", "slug", "cost", "margin", "price", "ssid", "password", "encryption", "hidden", "placeId", "url", "ingredients"), fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileString())), fc.jsonValue({ maxDepth: 2 })),
      }),
    });
    const generic = fc.record(
      {
        jsonrpc: fc.oneof({ weight: 5, arbitrary: fc.constant("2.0") }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), fc.double()),
        method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...methods) }, { weight: 1, arbitrary: hostileString() }),
        params: fc.oneof(fc.constant({}), fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 })), valid(schema, resolve).map((m: any) => m.params ?? {}), fc.jsonValue({ maxDepth: 1 })),
      },
      { requiredKeys: ["jsonrpc", "method"] },
    );
    const body = fc.oneof(
      { weight: 3, arbitrary: toolCall.map((m) => JSON.stringify(m)) },
      { weight: 3, arbitrary: generic.map((m) => JSON.stringify(m)) },
      { weight: 1, arbitrary: bodyArbitrary(schema, resolve) },
    );
    const protocol = fc.constantFrom<Record<string, string>>({}, { "MCP-Protocol-Version": "2025-11-25" }, { "MCP-Protocol-Version": "2025-06-18" }, { "MCP-Protocol-Version": "2026-07-28" });
    await fc.assert(
      fc.asyncProperty(body, protocol, async (text, headers) => {
        await expectContract(path, "post", path, { body: text, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } });
      }),
      { numRuns: RUNS, examples: [...exampleBodies(path), "{not json"].map((b) => [b, {}] as [string, Record<string, string>]) },
    );
  }, 120_000);
});

describe("the generated traffic", () => {
  it("reached a success and, where the operation validates input, an error of every operation", () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of Object.keys(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        const statuses = [...(seen.get(key) ?? [])];
        expect(statuses.some((s) => s >= 200 && s < 300), `${key}: ${statuses}`).toBe(true);
        if (item[method].responses["400"]) expect(statuses, key).toContain(400);
      }
    }
  });

  it("left the server answering normally", async () => {
    const res = await fetch(`${baseUrl()}/api/public/plans`);
    expect(res.status).toBe(200);
  });
});
