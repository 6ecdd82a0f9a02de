// HTTP behaviour every /api response shares: errors, methods, CORS, HEAD, ETag (sections 7–8).
import { describe, expect, it } from "vitest";
import { baseUrl, get } from "../support/http";

const READ_ENDPOINTS = [
  "/api/public",
  "/api/public/restaurants",
  "/api/public/restaurants/zunfthaus-am-see",
  "/api/public/locations",
  "/api/public/cuisines",
  "/api/public/plans",
];

const ERROR_FIELDS = ["error", "status", "message", "hint", "documentation", "specification"];

function expectErrorContract(res: { status: number; json: any; headers: Headers }, code: string, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  for (const field of ERROR_FIELDS) expect(res.json).toHaveProperty(field);
  expect(res.json.error).toBe(code);
  expect(res.json.status).toBe(status);
}

describe("unknown paths under /api", () => {
  it.each(["/api", "/api/", "/api/nope", "/api/public/nope", "/api/public/restaurants/zunfthaus-am-see/menu", "/api/v1/restaurants", "/api/%FF", "/api/x%ZZ", "/api/public/restaurants/%E0%A4%A"])(
    "%s is a JSON not_found with availableEndpoints",
    async (path) => {
      const res = await get(path);
      if (path.startsWith("/api/public/restaurants/%")) {
        expectErrorContract(res, "not_found", 404);
        return;
      }
      expectErrorContract(res, "not_found", 404);
      expect(res.json.availableEndpoints).toEqual(expect.arrayContaining([expect.stringMatching(/\/api\/public\/restaurants$/)]));
    },
  );

  it.each(["POST", "PUT", "DELETE", "PATCH"])("%s to an unknown path is a JSON not_found too", async (method) => {
    const res = await get("/api/does-not-exist", { method });
    expectErrorContract(res, "not_found", 404);
  });
});

describe("methods", () => {
  it.each(READ_ENDPOINTS.flatMap((path) => ["POST", "PUT", "PATCH", "DELETE"].map((method) => [method, path] as const)))(
    "%s %s is method_not_allowed with Allow",
    async (method, path) => {
      const res = await get(path, { method, headers: { "content-type": "application/json" }, body: method === "DELETE" ? undefined : "{}" });
      expectErrorContract(res, "method_not_allowed", 405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    },
  );

  it.each(READ_ENDPOINTS)("HEAD %s mirrors GET without a body", async (path) => {
    const head = await get(path, { method: "HEAD" });
    const full = await get(path);
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("etag")).toBe(full.headers.get("etag"));
    expect(head.headers.get("cache-control")).toBe(full.headers.get("cache-control"));
  });

  it.each(READ_ENDPOINTS)("OPTIONS %s is a CORS preflight", async (path) => {
    const res = await get(path, {
      method: "OPTIONS",
      headers: { Origin: "https://app.example.org", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("if-none-match");
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });
});

describe("requests Next.js would answer itself", () => {
  it.each(["/api/public/", "/api/public/restaurants/?q=see"])("serves %s like its canonical path, with CORS, not a redirect", async (path) => {
    const res = await get(path, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  // Next.js redirects a doubled slash itself, before any app code runs; the redirect carries the
  // headers every answer does (lib/server/request-tap.ts), so a cross-origin fetch follows it.
  it("redirects a path with doubled slashes to its canonical path, readable from any origin", async () => {
    const res = await get("/api//public//plans", { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get("location")!, baseUrl()).pathname).toBe("/api/public/plans");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});
// TRACE, methods no route serves and unparseable requests are the edge's (tests/edge/edge-attacks.test.ts).

describe("caching", () => {
  it.each([
    ["/api/public/restaurants/zunfthaus-am-see", 300],
    ["/api/public/restaurants?q=see", 60],
    ["/api/public/locations", 86400],
    ["/api/public/cuisines", 86400],
    ["/api/public/plans", 86400],
  ])("%s has s-maxage=%i, stale-while-revalidate, CORS and an ETag", async (path, seconds) => {
    const res = await get(path, { headers: { Origin: "https://app.example.org" } });
    expect(res.headers.get("cache-control")).toMatch(new RegExp(`(^|, )s-maxage=${seconds}(,|$)`));
    expect(res.headers.get("cache-control")).toMatch(/stale-while-revalidate=\d+/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("etag")).toMatch(/^W\/"[^"]+"$/);
  });

  it.each(READ_ENDPOINTS)("%s answers If-None-Match with 304", async (path) => {
    const first = await get(path);
    const etag = first.headers.get("etag")!;
    const second = await get(path, { headers: { "If-None-Match": etag } });
    expect(second.status).toBe(304);
    expect(second.text).toBe("");
    expect(second.headers.get("etag")).toBe(etag);
    const stale = await get(path, { headers: { "If-None-Match": '"not-the-etag"' } });
    expect(stale.status).toBe(200);
  });

  it("sends errors with no-store and no ETag", async () => {
    const res = await get("/api/public/restaurants/nope");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
  });
});

describe("invalid_request", () => {
  it("names the parameter and how to fix it", async () => {
    const res = await get("/api/public/restaurants?limit=ten");
    expectErrorContract(res, "invalid_request", 400);
    expect(res.json.message).toMatch(/limit/);
    expect(res.json.hint.length).toBeGreaterThan(0);
  });
});
