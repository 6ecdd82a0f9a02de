// The generated OpenAPI document, in-process: what it must say (contract sections 1, 5, 7–9), that
// it covers every route file, that its schemas agree with the code that produces the bodies, and a
// committed snapshot of its shape so that any change to the published API is a reviewed diff.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apiIndex } from "../api/api-index";
import { ApiError, ERROR_CODES, errorBody, type ErrorCode } from "../http/api-errors";
import { CACHE_POLICIES } from "../http/cache-policy";
import { ALLERGENS } from "../menu/allergens";
import { SEARCH_LIMIT } from "../restaurants/search-restaurants";
import { DIET_LIST_PATTERN } from "../dishes/search-dishes";
import { MAX_IF_NONE_MATCH_LENGTH } from "../http/api-route";
import { MCP_LIMITS } from "../mcp/mcp-endpoint";
import { MCP_PROTOCOL_VERSIONS } from "../mcp/mcp-manifest";
import { currencyFilterPattern } from "../menu/money";
import { NEAR_PATTERN } from "../search/geo";
import { NO_CONTROL_CHARACTERS_PATTERN, OPEN_AT_PATTERN } from "../search/search-params";
import { PLACE_ID_PATTERN, REVIEW_URL_PATTERN } from "../tools/review-qr";
import { DocumentValidator } from "../../tests/openapi/document-validator";
import { buildOpenApiDocument, documentedMethods, restOperations } from "./document";
import { toolExamples, withExamples } from "./examples";
import { ApiIndexSchema, ERROR_BODY_SCHEMAS, ErrorBodySchema } from "./schemas";
import { resetConfig } from "../config";

const BASE = "https://menu-service.test";
const ROOT = path.resolve(import.meta.dirname, "../..");
const SNAPSHOT = path.join(ROOT, "tests/openapi/__snapshots__/openapi-shape.json");

let doc: any;

beforeAll(() => {
  process.env.PUBLIC_BASE_URL = BASE;
  resetConfig();
  process.env.CONTACT_EMAIL = "";
  resetConfig();
  doc = buildOpenApiDocument() as any;
});

const operations = () =>
  Object.entries<any>(doc.paths).flatMap(([p, item]) => Object.entries<any>(item).map(([method, op]) => ({ path: p, method, op })));

describe("the document", () => {
  it("is OpenAPI 3.1.0, version 1.0.0, one production server from PUBLIC_BASE_URL, no security", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.servers).toEqual([{ url: BASE, description: expect.any(String), "x-internal": false }]);
    expect(doc.security).toEqual([]);
    expect(doc.components?.securitySchemes).toBeUndefined();
  });

  it("states attribution and terms (contract section 1, rule 5)", () => {
    expect(doc.info.description).toContain(`Data is for informational use with attribution to ${BASE}, subject to the terms of use at ${BASE}/developers#terms.`);
    expect(doc.info.termsOfService).toBe(`${BASE}/developers#terms`);
    expect(doc.info.contact.email).toBe("api@menu-service.test");
    expect(doc.externalDocs.url).toBe(`${BASE}/docs/api`);
  });

  it("has a unique operationId, a summary and a tag on every operation", () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of operations()) {
      expect(op.summary).toBeTruthy();
      expect(doc.tags.map((t: any) => t.name)).toContain(op.tags[0]);
    }
  });

  it("is the same object every time (generated once per base URL, copied per caller)", () => {
    const a = buildOpenApiDocument();
    const b = buildOpenApiDocument();
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
  });
});

/**
 * Operator endpoints that are deliberately not part of the public API (off unless configured, a
 * secret or a benchmark flag, and 404 otherwise): never in the document, the index or llms files.
 */
const UNPUBLISHED = ["/api/internal/"];

describe("coverage: the document and the route files cannot drift apart", () => {
  /** Every app/api/**\/route.ts, as an OpenAPI path, with the methods it serves. */
  function routeFiles(): Map<string, Set<string>> {
    const found = new Map<string, Set<string>>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name === "route.ts") {
          const rel = path.relative(path.join(ROOT, "app"), path.dirname(full)).split(path.sep);
          if (rel.some((seg) => seg.startsWith("[["))) continue; // the catch-all 404
          const apiPath = "/" + rel.map((seg) => seg.replace(/^\[(.+)\]$/, "{$1}")).join("/");
          if (UNPUBLISHED.some((prefix) => apiPath.startsWith(prefix))) continue;
          const source = readFileSync(full, "utf8");
          const methods = new Set<string>();
          const wiring = /apiRoute\(\{([\s\S]*)\}\s*(?:,[^)]*)?\)/.exec(source)?.[1] ?? "";
          for (const m of wiring.matchAll(/^\s{2}(GET|POST)\s*:/gm)) methods.add(m[1]);
          for (const m of source.matchAll(/export const (GET|POST) = /g)) methods.add(m[1]);
          found.set(apiPath, methods);
        }
      }
    };
    walk(path.join(ROOT, "app/api"));
    return found;
  }

  it("documents every route under app/api with exactly the methods its file wires", () => {
    const routes = routeFiles();
    const documented = documentedMethods();
    expect([...routes.keys()].sort()).toEqual([...documented.keys()].sort());
    for (const [p, methods] of routes) expect([...methods].sort(), p).toEqual([...documented.get(p)!].sort());
    expect(Object.keys(doc.paths).sort()).toEqual([...documented.keys()].sort());
  });
});

describe("parameters carry their rules", () => {
  const param = (p: string, method: string, name: string) => doc.paths[p][method].parameters.find((x: any) => x.name === name);

  it("limit: any safe integer (clamped into 1–50, as described), default 20", () => {
    const limit = param("/api/public/restaurants", "get", "limit");
    expect(limit.schema).toMatchObject({ type: "integer", format: "int64", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, default: SEARCH_LIMIT.default });
    expect(limit.schema.anyOf).toBeUndefined();
    expect(limit.description).toMatch(/clamped/);
    expect(limit.description).toContain(`${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}`);
  });

  // Issue 28.8: the document states the rules the handlers enforce, from the same constants.
  it("search parameters carry the handlers' patterns: near, openAt, currency, diet, excludeAllergens, no control characters", () => {
    for (const path of ["/api/public/restaurants", "/api/public/dishes"]) {
      expect(param(path, "get", "near").schema.pattern).toBe(NEAR_PATTERN);
      expect(param(path, "get", "openAt").schema).toMatchObject({ pattern: OPEN_AT_PATTERN });
      for (const name of ["q", "city", "cuisine"]) expect(param(path, "get", name).schema.pattern, name).toBe(NO_CONTROL_CHARACTERS_PATTERN);
    }
    const dishes = "/api/public/dishes";
    expect(param(dishes, "get", "currency").schema.pattern).toBe(currencyFilterPattern());
    expect(new RegExp(param(dishes, "get", "currency").schema.pattern, "u").test("chf")).toBe(true);
    expect(new RegExp(param(dishes, "get", "currency").schema.pattern, "u").test("XYZ")).toBe(false);
    expect(param(dishes, "get", "diet").schema.pattern).toBe(DIET_LIST_PATTERN);
    const allergens = new RegExp(param(dishes, "get", "excludeAllergens").schema.pattern, "u");
    for (const code of ALLERGENS) expect(allergens.test(code), code).toBe(true);
    expect(allergens.test(ALLERGENS.join(","))).toBe(true);
    expect(allergens.test("shellfish")).toBe(false);
  });

  it("every optional query parameter allows an empty value (read as absent); a required one does not", () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const op of Object.values<any>(item)) {
        for (const p of (op.parameters ?? []).filter((p: any) => p.in === "query")) expect(p.allowEmptyValue ?? false, `${path} ${p.name}`).toBe(!p.required);
      }
    }
    expect(param("/api/public/tools/food-cost", "get", "cost")).toMatchObject({ required: true });
  });

  it("If-None-Match is bounded by what apiRoute enforces, and every GET documents the 400", () => {
    for (const spec of restOperations().filter((op) => op.method === "get")) {
      expect(param(spec.path, "get", "If-None-Match").schema.maxLength, spec.operationId).toBe(MAX_IF_NONE_MATCH_LENGTH);
      expect(doc.paths[spec.path].get.responses["400"], spec.operationId).toBeDefined();
    }
  });

  it("tools: review-qr url and placeId patterns, food-cost price minimum, the POST body's cost-or-ingredients as oneOf", () => {
    expect(param("/api/public/tools/review-qr", "get", "url").schema.pattern).toBe(REVIEW_URL_PATTERN);
    expect(param("/api/public/tools/review-qr", "get", "url").schema.pattern).toMatch(/^\^\\s\*\[hH\]\[tT\]\[tT\]\[pP\]\[sS\]\?:\/\//);
    expect(param("/api/public/tools/review-qr", "get", "placeId").schema.pattern).toBe(PLACE_ID_PATTERN);
    expect(param("/api/public/tools/food-cost", "get", "price").schema).toMatchObject({ minimum: 0.005 });
    const body = doc.paths["/api/public/tools/food-cost"].post.requestBody.content["application/json"].schema;
    expect(body.oneOf).toEqual([{ required: ["cost"] }, { required: ["ingredients"] }]);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.ingredients.items.oneOf).toEqual([
      { required: ["cost"], properties: { quantity: false, unitCost: false } },
      { required: ["quantity", "unitCost"], properties: { cost: false } },
    ]);
  });

  it("the tool server: strict JSON-RPC body, MCP-Protocol-Version as an enum, header bounds the endpoint enforces, 404 of 2026-07-28", () => {
    const mcp = doc.paths["/api/mcp"].post;
    const body = mcp.requestBody.content["application/json"].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.method).toMatchObject({ minLength: 1, maxLength: MCP_LIMITS.method });
    const header = (name: string) => mcp.parameters.find((p: any) => p.in === "header" && p.name === name);
    expect(header("MCP-Protocol-Version").schema.enum).toEqual(MCP_PROTOCOL_VERSIONS);
    expect(header("Mcp-Method").schema.maxLength).toBe(MCP_LIMITS.mcpMethodHeader);
    expect(header("Mcp-Name").schema.maxLength).toBe(MCP_LIMITS.mcpNameHeader);
    expect(mcp.responses["404"]).toBeDefined();
    expect(mcp["x-validation-rules"].map((r: any) => r.jsonRpcError)).toEqual([-32602, -32020]);
  });

  // Issue 28.8: owasp:api2:2023-no-credentials-in-url selects `$..parameters[?(@.in.match(…))]`
  // and crashed Spectral on a schema named "in" below the API index's "parameters".
  it("stays lintable by the OWASP ruleset: below a key named parameters, every \"in\" is a string", () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string, underParameters: boolean) => {
      if (!node || typeof node !== "object") return;
      for (const [key, value] of Object.entries(node)) {
        if (underParameters && key === "in" && typeof value !== "string") found.push(`${at}/${key}`);
        walk(value, `${at}/${key}`, underParameters || key === "parameters");
      }
    };
    walk(doc, "#", false);
    expect(found).toEqual([]);
    const index = doc.components.schemas.ApiIndex.properties.endpoints.items.properties.parameters.items;
    expect(index.patternProperties["^in$"].enum).toEqual(["query", "path", "body"]);
    expect(index.dependentRequired).toEqual({ name: ["in"] });
  });

  it("publishes the cross-parameter rules of each operation as x-validation-rules", () => {
    const rules = (path: string, method = "get") => doc.paths[path][method]["x-validation-rules"].map((r: any) => r.parameters.join("+"));
    expect(rules("/api/public/restaurants")).toEqual(["radiusKm", "openNow+openAt", "cursor"]);
    expect(rules("/api/public/dishes")).toEqual(["maxPrice+currency", "radiusKm", "openNow+openAt", "cursor"]);
    expect(rules("/api/public/tools/review-qr")).toEqual(["placeId+url"]);
    expect(rules("/api/public/tools/wifi-qr")).toEqual(["ssid", "password"]);
    expect(rules("/api/public/tools/food-cost", "post")).toEqual(["ingredients"]);
  });

  it("free-text filters are bounded strings; the slug is a required path parameter", () => {
    expect(param("/api/public/restaurants", "get", "q").schema).toMatchObject({ type: "string", maxLength: 200 });
    expect(param("/api/public/restaurants", "get", "city").schema).toMatchObject({ type: "string", maxLength: 100 });
    expect(param("/api/public/restaurants/{slug}", "get", "slug")).toMatchObject({ in: "path", required: true, schema: { type: "string", minLength: 1, maxLength: 200 } });
  });

  it("tool parameters: enums, bounds and defaults from the tool schemas", () => {
    expect(param("/api/public/tools/wifi-qr", "get", "ssid")).toMatchObject({ required: true, schema: { maxLength: 32 } });
    expect(param("/api/public/tools/wifi-qr", "get", "encryption").schema).toMatchObject({ default: "WPA", pattern: expect.stringContaining("[Nn][Oo]") });
    expect(param("/api/public/tools/wifi-qr", "get", "hidden").schema).toMatchObject({ type: "boolean", default: false });
    expect(param("/api/public/tools/food-cost", "get", "cost")).toMatchObject({ required: true, schema: { type: "number", minimum: 0 } });
    expect(param("/api/public/tools/food-cost", "get", "margin").schema).toMatchObject({ minimum: 0, exclusiveMaximum: 100, default: 70 });
    const body = doc.paths["/api/public/tools/food-cost"].post.requestBody;
    expect(body.required).toBe(true);
    expect(body.content["application/json"].schema.properties.ingredients).toMatchObject({ type: "array", minItems: 1, maxItems: 100 });
  });

  it("response formats and enums: uri, date-time, the 14 allergens, the error codes", () => {
    const s = doc.components!.schemas as any;
    expect(s.Restaurant.properties.url).toMatchObject({ type: "string", format: "uri" });
    expect(s.Restaurant.properties.updatedAt).toMatchObject({ type: "string", format: "date-time" });
    const item = s.Restaurant.properties.categories.items.properties.items.items;
    expect(item.properties.allergens.items.enum).toEqual([...ALLERGENS]);
    expect(s.ErrorBody.properties.error.enum).toEqual(Object.keys(ERROR_CODES));
    expect(s.ErrorBody.required).toEqual(["error", "status", "message", "hint", "documentation", "specification"]);
    expect(s.ErrorBody.properties.availableEndpoints).toMatchObject({ type: "array", items: { format: "uri-template" } });
  });
});

describe("responses", () => {
  it("every operation documents its error codes and 500, each with an error schema and no-store; 429 exactly where throttled", () => {
    for (const spec of restOperations()) {
      const op = doc.paths[spec.path][spec.method];
      for (const code of spec.errors) {
        const response = op.responses[String(ERROR_CODES[code].status)];
        expect(JSON.stringify(response.content["application/json"].schema), `${spec.operationId} ${code}`).toContain(`#/components/schemas/${pascal(code)}`);
        expect(response.headers["Cache-Control"].$ref).toBe("#/components/headers/Cache-Control.noStore");
        // 503 (load shedding, readiness) always says when to come back
        if (code === "service_unavailable") expect(response.headers["Retry-After"], spec.operationId).toBeDefined();
      }
      if (spec.throttled) {
        expect(op.responses["429"].$ref, spec.operationId).toBe("#/components/responses/RateLimited");
        // Every answer once the request was counted (issue 28.6): success, 304 and every error but the 405.
        for (const [status, response] of Object.entries<any>(op.responses)) {
          if (status === "405" || status === "429") continue;
          expect(Object.keys(response.headers), `${spec.operationId} ${status}`).toEqual(expect.arrayContaining(["RateLimit-Policy", "RateLimit"]));
        }
        expect(op.responses["500"].content["application/json"].schema.$ref).toBe("#/components/schemas/InternalError");
      } else {
        expect(op.responses["429"], spec.operationId).toBeUndefined();
        expect(op.responses["500"].$ref).toBe("#/components/responses/InternalError");
      }
    }
    expect(restOperations().filter((op) => op.throttled).map((op) => op.operationId)).toEqual(["searchRestaurants", "searchDishes", "exportRestaurants"]);
    const rateLimited = doc.components!.responses!.RateLimited as any;
    expect(Object.keys(rateLimited.headers)).toEqual(expect.arrayContaining(["Retry-After", "RateLimit-Policy", "RateLimit"]));
  });

  it("success responses carry the cache policy the handler sends, ETag and CORS; GETs document 304", () => {
    for (const spec of restOperations()) {
      const op = doc.paths[spec.path][spec.method];
      const headers = op.responses["200"].headers;
      const cacheControl = doc.components!.headers![headers["Cache-Control"].$ref.split("/").pop()] as any;
      expect(cacheControl.schema.const, spec.operationId).toBe(CACHE_POLICIES[spec.response.policy]);
      expect(headers.ETag).toBeDefined();
      expect(headers["Access-Control-Allow-Origin"]).toBeDefined();
      if (spec.method === "get") expect(op.responses["304"]).toBeDefined();
    }
    expect((doc.components!.headers!["Access-Control-Allow-Origin"] as any).schema.const).toBe("*");
  });

  it("405 documents Allow; the tool server documents its JSON-RPC statuses", () => {
    expect(doc.components!.responses!.MethodNotAllowed.headers).toHaveProperty("Allow");
    const mcp = doc.paths["/api/mcp"].post;
    expect(Object.keys(mcp.responses).sort()).toEqual(["200", "202", "400", "403", "404", "405", "408", "413", "429", "500", "503"]);
    expect(mcp.requestBody.content["application/json"].schema.properties.jsonrpc.const).toBe("2.0");
    // search_dishes shares the budget with search_restaurants (issue 28.6): the 429 names every throttled tool.
    expect(mcp.responses["429"].description).toContain("search_restaurants");
    expect(mcp.responses["429"].description).toContain("search_dishes");
    for (const status of ["200", "429", "500"]) expect(Object.keys(mcp.responses[status].headers), status).toEqual(expect.arrayContaining(["RateLimit-Policy", "RateLimit"]));
  });

  // Issue 15.6: no component that no operation references (the 405 is every operation's).
  it("references every component", () => {
    const text = JSON.stringify(doc);
    for (const [kind, entries] of Object.entries<any>(doc.components)) {
      for (const name of Object.keys(entries)) {
        expect(text, `${kind}/${name}`).toContain(`"#/components/${kind}/${name}"`);
      }
    }
  });
});

const pascal = (code: string) => {
  const p = code.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
  return p.endsWith("Error") ? p : `${p}Error`;
};

describe("the schemas agree with the code that produces the bodies", () => {
  it("the API index parses with its published schema", () => {
    expect(() => ApiIndexSchema.parse(apiIndex("some-slug"))).not.toThrow();
    const parsed = ApiIndexSchema.parse(apiIndex("some-slug"));
    expect(parsed.reference).toBe(`${BASE}/docs/api`);
  });

  it.each(Object.keys(ERROR_CODES) as ErrorCode[])("an ApiError %s serializes to its published error schema", (code) => {
    const body = errorBody(new ApiError(code, "Something happened."));
    expect(() => ErrorBodySchema.parse(body)).not.toThrow();
    expect(() => ERROR_BODY_SCHEMAS[code].parse(body)).not.toThrow();
    const other = (Object.keys(ERROR_CODES) as ErrorCode[]).find((c) => c !== code)!;
    expect(ERROR_BODY_SCHEMAS[other].safeParse(body).success).toBe(false);
  });

  it("the tool examples (real tool output) validate against the document with a JSON Schema 2020-12 validator", async () => {
    const withEx = withExamples(buildOpenApiDocument(), await toolExamples()) as any;
    const validator = new DocumentValidator(withEx);
    let checked = 0;
    for (const { path: p, method, op } of Object.entries<any>(withEx.paths).flatMap(([p, item]) => Object.entries<any>(item).map(([method, op]) => ({ path: p, method, op })))) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        for (const [name, example] of Object.entries<any>(response.content?.["application/json"]?.examples ?? {})) {
          const validate = validator.validatorAt(`#/paths/${encodeURIComponent(p.replace(/\//g, "~1"))}/${method}/responses/${status}/content/application~1json/schema`);
          expect(validate(example.value), `${method} ${p} ${status} ${name}: ${validator.ajv.errorsText(validate.errors)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});

describe("snapshot of the published shape", () => {
  it("matches tests/openapi/__snapshots__/openapi-shape.json (update with vitest -u after reviewing the diff)", async () => {
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot(SNAPSHOT);
  });
});
