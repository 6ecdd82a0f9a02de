// Issue 28.8, the defects the fuzzer (tests/http/openapi-fuzz.test.ts) is built to find, as plain
// examples: what /openapi.json states is what the service accepts — no looser (schema-valid
// requests that were refused) and no stricter (bounds that were stated but not enforced).
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { LEGACY, MODERN, post } from "../mcp/mcp-client";

describe("schema-valid requests the handlers used to refuse are now outside the schema, or accepted", () => {
  it("the schemas now refuse what the handlers refuse", async () => {
    const doc = (await get("/openapi.json")).json;
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((p: any) => p.name === name).schema;
    const matches = (schema: any, value: string) => new RegExp(schema.pattern, "u").test(value);
    for (const [path, name, value] of [
      ["/api/public/restaurants", "near", "north"],
      ["/api/public/restaurants", "near", "91,0"],
      ["/api/public/dishes", "currency", "XYZ"],
      ["/api/public/dishes", "diet", "Vegan!"],
      ["/api/public/dishes", "excludeAllergens", "shellfish"],
      ["/api/public/dishes", "q", "a\u0001b"],
      ["/api/public/tools/review-qr", "url", "ftp://example.org/"],
    ] as const) {
      expect(matches(param(path, name), value), `${path} ${name}=${value}`).toBe(false);
      const res = await get(`${path}?${name}=${encodeURIComponent(value)}`);
      expect(res.status, `${path} ${name}=${value}`).toBe(400);
    }
    expect(param("/api/public/tools/food-cost", "price").minimum).toBe(0.005);
  });

  it("food-cost takes price=0.005 (its published minimum), analysed as 0.01", async () => {
    const res = await get("/api/public/tools/food-cost?cost=1&price=0.005");
    expect(res.status).toBe(200);
    expect(res.json.currentPrice.price).toBe(0.01);
  });
});

describe("bounds that were stated but not enforced are enforced", () => {
  it("If-None-Match: 1000 characters are compared, 1001 are invalid_request", async () => {
    const ok = await get("/api/public/plans", { headers: { "If-None-Match": `"${"x".repeat(998)}"` } });
    expect(ok.status).toBe(200);
    const tooLong = await get("/api/public/plans", { headers: { "If-None-Match": `"${"x".repeat(999)}"` } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ error: "invalid_request", issues: [{ parameter: "If-None-Match" }] });
    expect(tooLong.headers.get("cache-control")).toBe("no-store");
  });

  it("Mcp-Method over 128 and Mcp-Name over 256 characters are 400 -32600", async () => {
    for (const headers of [{ "Mcp-Method": "m".repeat(129) }, { "Mcp-Name": "n".repeat(257) }] as Array<Record<string, string>>) {
      const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { "MCP-Protocol-Version": MODERN, ...headers });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe(-32600);
    }
  });

  it("a JSON-RPC message with a member JSON-RPC does not define is refused, as the strict body schema says", async () => {
    const res = await post({ jsonrpc: "2.0", id: 1, method: "ping", extra: true }, { "MCP-Protocol-Version": LEGACY });
    expect(res.status).toBe(400);
    const doc = (await get("/openapi.json")).json;
    expect(doc.paths["/api/mcp"].post.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
  });

  it("an MCP-Protocol-Version outside the published enum is refused", async () => {
    const doc = (await get("/openapi.json")).json;
    const versions: string[] = doc.paths["/api/mcp"].post.parameters.find((p: any) => p.name === "MCP-Protocol-Version").schema.enum;
    expect(versions).toEqual(expect.arrayContaining([LEGACY, MODERN]));
    const res = await post({ jsonrpc: "2.0", id: 1, method: "ping" }, { "MCP-Protocol-Version": "2024-01-01" });
    expect(res.status).toBe(400);
  });
});
