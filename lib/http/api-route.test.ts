import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-errors";
import { apiRoute, matchesIfNoneMatch, jsonResponse } from "./api-route";
import { etagOf } from "./etag-of";
import { resetThrottle } from "./rate-limit";
import { resetConfig } from "../config";

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

describe("apiRoute with a throttle", () => {
  const saved = { limit: process.env.RATE_LIMIT_PER_MINUTE, trusted: process.env.TRUSTED_PROXY_HEADERS };
  beforeEach(() => {
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    resetConfig();
    process.env.TRUSTED_PROXY_HEADERS = "x-forwarded-for";
    resetConfig();
    resetThrottle();
  });
  afterEach(() => {
    for (const [name, value] of [["RATE_LIMIT_PER_MINUTE", saved.limit], ["TRUSTED_PROXY_HEADERS", saved.trusted]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
      resetConfig();
    }
    resetThrottle();
  });

  const search = apiRoute(
    {
      GET: (req) => {
        const url = new URL(req.url);
        if (url.searchParams.get("limit") === "abc") throw new ApiError("invalid_request", 'Invalid parameter "limit": must be an integer');
        if (url.searchParams.has("crash")) throw new TypeError("boom");
        return jsonResponse(req, { ok: true }, "search");
      },
    },
    { throttle: "search" },
  );
  const from = (address: string, query = "", headers: Record<string, string> = {}) =>
    new Request(`http://x/search${query}`, { headers: { "x-forwarded-for": address, ...headers } });

  it("puts RateLimit and RateLimit-Policy on a success, a 304, a 400 and a 500 alike, each counted", async () => {
    const ok = await search.GET(from("192.0.2.1"), ctx);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-policy")).toBe('"search";q=3;w=60');
    expect(ok.headers.get("ratelimit")).toMatch(/^"search";r=2;t=\d+$/);

    const notModified = await search.GET(from("192.0.2.1", "", { "If-None-Match": ok.headers.get("etag")! }), ctx);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("ratelimit")).toMatch(/^"search";r=1;t=\d+$/);

    const invalid = await search.GET(from("192.0.2.1", "?limit=abc"), ctx);
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("ratelimit-policy")).toBe('"search";q=3;w=60');
    expect(invalid.headers.get("ratelimit")).toMatch(/^"search";r=0;t=\d+$/);
    expect(invalid.headers.get("cache-control")).toBe("no-store");
    expect(await invalid.json()).toMatchObject({ error: "invalid_request" });

    const refused = await search.GET(from("192.0.2.1", "?limit=abc"), ctx);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit")).toMatch(/^"search";r=0;t=\d+$/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);

    const original = console.error;
    console.error = () => {};
    const crashed = await search.GET(from("192.0.2.2", "?crash"), ctx);
    console.error = original;
    expect(crashed.status).toBe(500);
    expect(crashed.headers.get("ratelimit")).toMatch(/^"search";r=2;t=\d+$/);
  });

  it("counts HEAD like GET and sends the fields without a body", async () => {
    const head = await search.HEAD(new Request("http://x/search?limit=abc", { method: "HEAD", headers: { "x-forwarded-for": "192.0.2.3" } }), ctx);
    expect(head.status).toBe(400);
    expect(head.headers.get("ratelimit")).toMatch(/^"search";r=2;t=\d+$/);
    expect(await head.text()).toBe("");
  });

  it("leaves the preflight and 405s uncounted and without the fields", async () => {
    const preflight = await search.OPTIONS(new Request("http://x/search", { method: "OPTIONS", headers: { "x-forwarded-for": "192.0.2.4" } }), ctx);
    const post = await search.POST(new Request("http://x/search", { method: "POST", headers: { "x-forwarded-for": "192.0.2.4" } }), ctx);
    expect(post.status).toBe(405);
    for (const res of [preflight, post]) expect(res.headers.get("ratelimit")).toBeNull();
    const first = await search.GET(from("192.0.2.4"), ctx);
    expect(first.headers.get("ratelimit")).toMatch(/^"search";r=2;t=\d+$/);
  });
});
