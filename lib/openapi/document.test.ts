// The generated OpenAPI document, in-process: what it must say (contract sections 1, 5, 7–9), that
// it covers every route file, that its schemas agree with the code that produces the bodies, and a
// committed snapshot of its shape so that any change to the published API is a reviewed diff.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { API_ENDPOINTS, apiIndex } from "../api-catalog";
import { ApiError, ERROR_CODES, errorBody, type ErrorCode } from "../http/api-errors";
import { CACHE_POLICIES } from "../http/cache-policy";
import { ALLERGENS } from "../menu/allergens";
import { SEARCH_LIMIT } from "../restaurants/search-restaurants";
import { DocumentValidator } from "../../tests/openapi/document-validator";
import { buildOpenApiDocument } from "./document";
import { documentedMethods, REST_OPERATIONS } from "./endpoints";
import { toolExamples, withExamples } from "./examples";
import { ApiIndexSchema, ERROR_BODY_SCHEMAS, ErrorBodySchema } from "./schemas";

const BASE = "https://menu-service.test";
const ROOT = path.resolve(import.meta.dirname, "../..");
const SNAPSHOT = path.join(ROOT, "tests/openapi/__snapshots__/openapi-shape.json");

let doc: any;

beforeAll(() => {
  process.env.PUBLIC_BASE_URL = BASE;
  process.env.CONTACT_EMAIL = "";
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

  it("documents every endpoint of the API index (lib/api-catalog.ts)", () => {
    for (const endpoint of API_ENDPOINTS) {
      expect(doc.paths, endpoint.path).toHaveProperty([endpoint.path]);
      for (const method of endpoint.methods) expect(doc.paths[endpoint.path], `${method} ${endpoint.path}`).toHaveProperty([method.toLowerCase()]);
    }
  });
});

describe("parameters carry their rules", () => {
  const param = (p: string, method: string, name: string) => doc.paths[p][method].parameters.find((x: any) => x.name === name);

  it("limit: integer 1–50, default 20, clamping described", () => {
    const limit = param("/api/public/restaurants", "get", "limit");
    expect(limit.schema).toMatchObject({ type: "integer", format: "int32", minimum: SEARCH_LIMIT.min, maximum: SEARCH_LIMIT.max, default: SEARCH_LIMIT.default });
    expect(limit.schema.anyOf).toBeUndefined();
    expect(limit.description).toMatch(/clamped/);
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
    for (const spec of REST_OPERATIONS) {
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
    expect(REST_OPERATIONS.filter((op) => op.throttled).map((op) => op.operationId)).toEqual(["searchRestaurants", "searchDishes"]);
    const rateLimited = doc.components!.responses!.RateLimited as any;
    expect(Object.keys(rateLimited.headers)).toEqual(expect.arrayContaining(["Retry-After", "RateLimit-Policy", "RateLimit"]));
  });

  it("success responses carry the cache policy the handler sends, ETag and CORS; GETs document 304", () => {
    for (const spec of REST_OPERATIONS) {
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
    expect(Object.keys(mcp.responses).sort()).toEqual(["200", "202", "400", "403", "405", "413", "429", "500"]);
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
