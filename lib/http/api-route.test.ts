import { describe, expect, it } from "vitest";
import { ApiError } from "./api-errors";
import { apiRoute, etagOf, matchesIfNoneMatch, jsonResponse } from "./api-route";

const ctx = { params: Promise.resolve({}) };

describe("If-None-Match", () => {
  const etag = etagOf("hello");
  it.each([
    [null, false],
    ["", false],
    [etag, true],
    [`W/${etag}`, true],
    [`"other", ${etag}`, true],
    ["*", true],
    ['"other"', false],
  ])("%s → %s", (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});

describe("apiRoute", () => {
  const route = apiRoute({
    GET: (req) => jsonResponse(req, { ok: true }, "search"),
  });

  it("answers GET with JSON, CORS, cache policy and an ETag", async () => {
    const res = await route.GET(new Request("http://x/a"), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toContain("s-maxage=60");
    // Weak: the body may leave the server compressed (issue 15.5).
    expect(res.headers.get("etag")).toBe(`W/${etagOf(JSON.stringify({ ok: true }))}`);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const etag = etagOf(JSON.stringify({ ok: true }));
    const res = await route.GET(new Request("http://x/a", { headers: { "If-None-Match": etag } }), ctx);
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(`W/${etag}`);
  });

  it("sends the 304 with the 200's Vary, Cache-Control and ETag", async () => {
    const varied = apiRoute({ GET: (req) => jsonResponse(req, { ok: true }, "menu", { Vary: "Accept" }) });
    const full = await varied.GET(new Request("http://x/a"), ctx);
    const notModified = await varied.GET(new Request("http://x/a", { headers: { "If-None-Match": full.headers.get("etag")! } }), ctx);
    expect(notModified.status).toBe(304);
    for (const name of ["vary", "cache-control", "etag"]) expect(notModified.headers.get(name), name).toBe(full.headers.get(name));
    expect(full.headers.get("vary")).toBe("Accept, Accept-Encoding");
  });

  it("mirrors GET for HEAD without a body", async () => {
    const res = await route.HEAD(new Request("http://x/a", { method: "HEAD" }), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeTruthy();
    expect(await res.text()).toBe("");
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("answers %s with a JSON 405 and Allow", async (method) => {
    const res = await route[method](new Request("http://x/a", { method }), ctx);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ error: "method_not_allowed", status: 405 });
  });

  it("answers the CORS preflight with 204", async () => {
    const res = await route.OPTIONS(new Request("http://x/a", { method: "OPTIONS" }), ctx);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-max-age")).toBe("86400");
  });

  it("maps thrown ApiErrors and unexpected exceptions to the error format", async () => {
    const failing = apiRoute({
      GET: (req) => {
        if (new URL(req.url).searchParams.has("bad")) throw new ApiError("invalid_request", "bad parameter");
        throw new TypeError("boom at /secret/path");
      },
    });
    const bad = await failing.GET(new Request("http://x/a?bad"), ctx);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid_request", message: "bad parameter" });
    const original = console.error;
    console.error = () => {};
    const boom = await failing.GET(new Request("http://x/a"), ctx);
    console.error = original;
    expect(boom.status).toBe(500);
    const text = await boom.text();
    expect(JSON.parse(text)).toMatchObject({ error: "internal_error", status: 500 });
    expect(text).not.toContain("secret");
    expect(text).not.toContain("TypeError");
  });
});
