// Issue 28.6: every answer of a throttled operation carries RateLimit and RateLimit-Policy — the
// 400 of a search that used up a request of the budget before validation refused it included
// (`curl -si '…/api/public/restaurants?limit=abc'`), over REST and over MCP. The budget of this
// server is set far above what the suite uses (tests/support/global-setup.ts).
import { describe, expect, it } from "vitest";
import { get } from "../support/http";
import { GENERATIONS } from "../mcp/mcp-client";

const POLICY = /^"search";q=\d+;w=60$/;
const REMAINING = /^"search";r=\d+;t=\d+$/;

function expectFields(headers: Headers, where: string) {
  expect(headers.get("ratelimit-policy"), where).toMatch(POLICY);
  expect(headers.get("ratelimit"), where).toMatch(REMAINING);
}

describe("RateLimit fields on every answer of a throttled operation", () => {
  it.each([
    "/api/public/restaurants?limit=abc",
    "/api/public/restaurants?near=91,0",
    "/api/public/restaurants?q=a&q=b",
    "/api/public/restaurants?q=%00",
    "/api/public/dishes?maxPrice=10",
    "/api/public/dishes?excludeAllergens=shellfish",
    "/api/public/dishes?limit=abc",
  ])("GET %s: 400 invalid_request with the fields", async (url) => {
    const { status, headers, json } = await get(url);
    expect(status).toBe(400);
    expect(json.error).toBe("invalid_request");
    expectFields(headers, url);
    expect(headers.get("access-control-expose-headers")).toMatch(/RateLimit-Policy/);
  });

  it.each(["/api/public/restaurants?limit=abc", "/api/public/dishes?currency=XX"])("HEAD %s: 400 with the fields", async (url) => {
    const { status, headers, text } = await get(url, { method: "HEAD" });
    expect(status).toBe(400);
    expect(text).toBe("");
    expectFields(headers, url);
  });

  it("a success and its 304 carry them too", async () => {
    const first = await get("/api/public/dishes?limit=1");
    expect(first.status).toBe(200);
    expectFields(first.headers, "200");
    const again = await get("/api/public/dishes?limit=1", { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expectFields(again.headers, "304");
  });

  it.each(GENERATIONS.map((gen) => [gen.version, gen] as const))(
    "MCP %s: a tools/call of search_dishes or search_restaurants with bad arguments carries them; an unthrottled tool's does not",
    async (_version, gen) => {
      for (const [name, args] of [
        ["search_dishes", { maxPrice: 10 }],
        ["search_restaurants", { near: "north" }],
      ] as const) {
        const res = await gen.request("tools/call", { name, arguments: args });
        expect(res.status, name).toBe(200);
        expect(res.json.result.isError, name).toBe(true);
        expect(res.json.result.structuredContent.error, name).toBe("invalid_request");
        expectFields(res.headers, name);
      }
      const menu = await gen.request("tools/call", { name: "get_restaurant_menu", arguments: { slug: "" } });
      expect(menu.headers.get("ratelimit")).toBeNull();
    },
  );
});
