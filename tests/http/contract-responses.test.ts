// Contract tests: every endpoint's live answers, success and each error, validated against the
// published /openapi.json with a JSON Schema 2020-12 validator (tests/openapi/document-validator.ts).
// Success requests are built from the document's own examples (real published data), so an example
// that stops working fails here too. The last test checks that every documented status was seen.
import { beforeAll, describe, expect, it } from "vitest";
import { DocumentValidator } from "../openapi/document-validator";
import { get } from "../support/http";

let doc: any;
let v: DocumentValidator;
const exercised = new Set<string>();

beforeAll(async () => {
  const res = await get("/openapi.json");
  expect(res.status).toBe(200);
  doc = res.json;
  v = new DocumentValidator(doc);
});

type Init = RequestInit & { headers?: Record<string, string> };

async function call(path: string, method: string, url: string, init: Init = {}) {
  const res = await get(url, { ...init, method });
  const result = v.checkOperationResponse(path, method, res);
  expect(result.problems, `${method} ${url} → ${res.status}`).toEqual([]);
  exercised.add(`${method.toUpperCase()} ${path} ${res.status}`);
  return res;
}

/** The query string the document's parameter examples make. */
function exampleQuery(path: string, method: string): string {
  const params = new URLSearchParams();
  for (const p of v.operation(path, method).parameters ?? []) {
    if (p.in === "query" && p.example !== undefined) params.set(p.name, String(p.example));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

function exampleBody(path: string, method: string): unknown {
  const examples = v.operation(path, method).requestBody.content["application/json"].examples;
  return Object.values<any>(examples)[0].value;
}

const json = (body: unknown): Init => ({ body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" } });

/** A 200, then a 304 for its ETag. */
async function successAndNotModified(path: string, url: string) {
  const ok = await call(path, "get", url);
  expect(ok.status).toBe(200);
  const etag = ok.headers.get("etag")!;
  const notModified = await call(path, "get", url, { headers: { "If-None-Match": etag } });
  expect(notModified.status).toBe(304);
  return ok;
}

describe("the published document", () => {
  it("describes this server and carries real examples", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const slug = v.operation("/api/public/restaurants/{slug}", "get").parameters.find((p: any) => p.name === "slug").example;
    expect(slug).toBeTruthy();
  });
});

describe("read endpoints", () => {
  it("GET /api/public: 200 and 304", async () => {
    await successAndNotModified("/api/public", "/api/public");
  });

  it("GET /api/public/restaurants: 200 with and without the example filters, 304, 400", async () => {
    const p = "/api/public/restaurants";
    const filtered = await successAndNotModified(p, p + exampleQuery(p, "get"));
    expect(filtered.json.count).toBeGreaterThan(0);
    await call(p, "get", p);
    await call(p, "get", `${p}?limit=500`);
    expect((await call(p, "get", `${p}?limit=ten`)).status).toBe(400);
    expect((await call(p, "get", `${p}?q=a&q=b`)).status).toBe(400);
    expect((await call(p, "get", `${p}?q=${"x".repeat(201)}`)).status).toBe(400);
  });

  it("GET /api/public/dishes: 200 with and without the example filters, 304, 400", async () => {
    const p = "/api/public/dishes";
    const filtered = await successAndNotModified(p, p + exampleQuery(p, "get"));
    expect(filtered.json.count).toBeGreaterThan(0);
    await call(p, "get", p);
    expect((await call(p, "get", `${p}?excludeAllergens=shellfish`)).status).toBe(400);
    expect((await call(p, "get", `${p}?maxPrice=10`)).status).toBe(400);
  });

  it("GET /api/public/restaurants/{slug}: 200 for the example slug, 304, 404, 400", async () => {
    const p = "/api/public/restaurants/{slug}";
    const slug = v.operation(p, "get").parameters.find((x: any) => x.name === "slug").example;
    await successAndNotModified(p, `/api/public/restaurants/${encodeURIComponent(slug)}`);
    expect((await call(p, "get", "/api/public/restaurants/no-such-restaurant")).status).toBe(404);
    expect((await call(p, "get", "/api/public/restaurants/draft-hofbraeu-keller")).status).toBe(404);
    expect((await call(p, "get", `/api/public/restaurants/${"x".repeat(201)}`)).status).toBe(400);
  });

  it.each(["/api/public/locations", "/api/public/cuisines", "/api/public/plans"])("GET %s: 200 and 304", async (p) => {
    await successAndNotModified(p, p);
  });

  it("GET /api/public/changes: 200, 304, 400 for a cursor that is not one", async () => {
    const p = "/api/public/changes";
    await successAndNotModified(p, `${p}?limit=5`);
    expect((await call(p, "get", `${p}?since=not-a-cursor`)).status).toBe(400);
  });

  it("GET /api/public/export.ndjson: 200 (every line against the document), 304", async () => {
    const p = "/api/public/export.ndjson";
    await successAndNotModified(p, p);
  });
});

describe("health probes", () => {
  it.each(["/api/health", "/api/health/ready"])("GET %s: 200 and 304, never stored", async (p) => {
    const ok = await successAndNotModified(p, p);
    expect(ok.headers.get("cache-control")).toBe("no-store");
  });
});

describe("tools", () => {
  it("GET food-cost: 200 for the example, 304, 400 for bad input", async () => {
    const p = "/api/public/tools/food-cost";
    await successAndNotModified(p, p + exampleQuery(p, "get"));
    for (const bad of ["", "?cost=-1", "?cost=abc", "?cost=3&margin=100", "?cost=3&price=0", "?cost=1&cost=2"]) {
      expect((await call(p, "get", p + bad)).status, bad).toBe(400);
    }
  });

  it("POST food-cost: 200 for the example body, 400 invalid_request and invalid_json, 413", async () => {
    const p = "/api/public/tools/food-cost";
    const ok = await call(p, "post", p, json(exampleBody(p, "post")));
    expect(ok.status).toBe(200);
    const invalid = await call(p, "post", p, json({ ingredients: [] }));
    expect(invalid.json.error).toBe("invalid_request");
    const notJson = await call(p, "post", p, json('{"cost": 3.2,'));
    expect(notJson.json.error).toBe("invalid_json");
    const tooLarge = await call(p, "post", p, json({ cost: 1, padding: "x".repeat(70 * 1024) }));
    expect(tooLarge.status).toBe(413);
  });

  it("GET wifi-qr: 200 for the example, 304, 400", async () => {
    const p = "/api/public/tools/wifi-qr";
    await successAndNotModified(p, p + exampleQuery(p, "get"));
    await call(p, "get", `${p}?ssid=Open%20Terrace&encryption=nopass&hidden=true`);
    for (const bad of ["", "?ssid=x", "?ssid=x&encryption=WPA3&password=12345678", `?ssid=${"x".repeat(33)}&encryption=nopass`, "?ssid=x&encryption=nopass&hidden=maybe"]) {
      expect((await call(p, "get", p + bad)).status, bad).toBe(400);
    }
  });

  it("GET review-qr: 200 for the example, 304, 400", async () => {
    const p = "/api/public/tools/review-qr";
    await successAndNotModified(p, p + exampleQuery(p, "get"));
    await call(p, "get", `${p}?url=${encodeURIComponent("https://example.org/review?venue=1")}`);
    for (const bad of ["", "?url=javascript:alert(1)", "?placeId=a%20b", "?placeId=x&url=https://example.org"]) {
      expect((await call(p, "get", p + bad)).status, bad).toBe(400);
    }
  });
});

describe("POST /api/mcp", () => {
  const p = "/api/mcp";
  const rpc = (body: unknown, headers: Record<string, string> = {}): Init => ({
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
  });

  it("answers the document's example requests with 200 JSON-RPC results", async () => {
    const examples = v.operation(p, "post").requestBody.content["application/json"].examples;
    for (const example of Object.values<any>(examples)) {
      const res = await call(p, "post", p, rpc(example.value));
      expect(res.status).toBe(200);
      expect(res.json.result).toBeDefined();
    }
  });

  it("initialize and a JSON-RPC error (unknown method) are 200 envelopes", async () => {
    const init = await call(p, "post", p, rpc({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "contract-test", version: "1.0.0" } } }));
    expect(init.json.result.serverInfo).toBeDefined();
    const unknown = await call(p, "post", p, rpc({ jsonrpc: "2.0", id: 2, method: "no/such/method" }));
    expect(unknown.json.error.code).toBe(-32601);
  });

  it("a method protocol 2026-07-28 does not have is 404 with -32601", async () => {
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "contract-test", version: "1.0.0" }, "io.modelcontextprotocol/clientCapabilities": {} };
    const res = await call(p, "post", p, rpc({ jsonrpc: "2.0", id: 3, method: "ping", params: { _meta: meta } }, { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "ping" }));
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe(-32601);
  });

  it("a notification is 202 with no body", async () => {
    const res = await call(p, "post", p, rpc({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(res.status).toBe(202);
  });

  it("bad envelopes are 400 JSON-RPC errors; a huge body is 413", async () => {
    expect((await call(p, "post", p, rpc("{not json"))).json.error.code).toBe(-32700);
    expect((await call(p, "post", p, rpc([{ jsonrpc: "2.0", id: 1, method: "ping" }]))).json.error.code).toBe(-32600);
    expect((await call(p, "post", p, rpc({ jsonrpc: "1.0", id: 1, method: "ping" }))).status).toBe(400);
    const big = await call(p, "post", p, rpc({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70 * 1024) } }));
    expect(big.status).toBe(413);
  });
});

describe("If-None-Match over its published maxLength", () => {
  it("is 400 invalid_request on every GET operation, as each documents", async () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!item.get) continue;
      const max = item.get.parameters.find((q: any) => q.in === "header" && q.name === "If-None-Match").schema.maxLength;
      const url = path.replace("{slug}", "zunfthaus-am-see");
      const res = await call(path, "get", url, { headers: { "If-None-Match": `"${"x".repeat(max - 1)}"` } });
      expect(res.status, url).toBe(400);
      expect(res.json.error, url).toBe("invalid_request");
    }
  });
});

describe("answers that belong to no operation", () => {
  /** What a path's Allow header must say, from the methods the document lists for it. */
  function expectedAllow(path: string): string {
    const methods = Object.keys(doc.paths[path]).map((m) => m.toUpperCase());
    if (path === "/api/mcp") return "POST, OPTIONS";
    return [...(methods.includes("GET") ? ["GET", "HEAD"] : []), ...(methods.includes("POST") ? ["POST"] : []), "OPTIONS"].join(", ");
  }

  it("every method a path does not list is 405 (components/responses/MethodNotAllowed, referenced by every operation) with the exact Allow", async () => {
    let checked = 0;
    for (const path of Object.keys(doc.paths)) {
      const url = path.replace("{slug}", "zunfthaus-am-see");
      const listed = Object.keys(doc.paths[path]).map((m) => m.toUpperCase());
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !listed.includes(m))) {
        const res = await get(url, { method, ...(method === "GET" ? {} : json({})) });
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(v.checkResponse("#/components/responses/MethodNotAllowed", res).problems, `${method} ${url}`).toEqual([]);
        // Each listed operation documents this answer of its path.
        for (const m of listed) {
          expect(doc.paths[path][m.toLowerCase()].responses["405"], `${m} ${path} lists 405`).toEqual({ $ref: "#/components/responses/MethodNotAllowed" });
          exercised.add(`${m} ${path} 405`);
        }
        expect(res.headers.get("allow"), `${method} ${url}`).toBe(expectedAllow(path));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(doc.paths).length * 3);
  });

  it.each(["/api/nope", "/api/public/nope", "/api/v1/restaurants", "/api/public/tools/nope"])(
    "%s is 404 (the not_found response of an operation, with availableEndpoints)",
    async (url) => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(v.checkResponse("#/paths/~1api~1public~1restaurants~1{slug}/get/responses/404", res).problems).toEqual([]);
      expect(res.json.availableEndpoints.length).toBeGreaterThan(0);
    },
  );
});

describe("coverage", () => {
  // 429: this server's budget is far above what the suite uses (tests/fault provokes it
  // and checks it against the document); 503: load shedding happens only under more concurrent
  // work than the limits allow (lib/http/work-limiter.test.ts covers its shape, tests/flood the
  // server under such load), and the readiness probe's only with an unhealthy database
  // (tests/fault); 500: no failure can be provoked from outside; 403 on /api/mcp: only a request
  // with a foreign Host header reaches it, which fetch cannot send (tests/mcp); 408: a body that
  // stops arriving is answered after its 10 s deadline (tests/fault/edge-attacks.test.ts holds
  // one and checks the answer against this document).
  const NOT_PROVOKABLE = new Set(["408", "429", "500", "503", "POST /api/mcp 403"]);

  it("every documented status of every operation was seen live in this file", () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const status of Object.keys(op.responses)) {
          const key = `${method.toUpperCase()} ${path} ${status}`;
          if (NOT_PROVOKABLE.has(status) || NOT_PROVOKABLE.has(`${method.toUpperCase()} ${path} ${status}`)) continue;
          if (!exercised.has(key)) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
