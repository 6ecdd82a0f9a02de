import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "./api-errors";
import {
  clientErrorResponse,
  firstHeaderLine,
  FRONT_ERRORS,
  frontAnswer,
  isInternalPath,
  normalizeApiPath,
  originForm,
  prepareRequest,
  responseBaseHeaders,
} from "./request-front.mjs";

describe("normalizeApiPath", () => {
  it.each([
    ["/api/public/", "/api/public"],
    ["/api/public/restaurants/?q=x", "/api/public/restaurants?q=x"],
    ["/api//public///plans", "/api/public/plans"],
    ["/api/", "/api"],
    ["/api/public", "/api/public"],
    ["/menus/", "/menus/"],
    ["/apiary/", "/apiary/"],
    ["/", "/"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeApiPath(input)).toBe(expected);
  });
});

describe("prepareRequest", () => {
  it("sends a method Next.js cannot route on as PATCH, naming the original", () => {
    const req = { url: "/api/public", method: "TRACE", headers: {} as Record<string, string> };
    prepareRequest(req);
    expect(req.method).toBe("PATCH");
    expect(req.headers["x-menu-original-method"]).toBe("TRACE");
  });

  it("leaves routed methods alone and drops a client-sent original-method header", () => {
    const req = { url: "/api/public/", method: "GET", headers: { "x-menu-original-method": "EVIL" } as Record<string, string> };
    prepareRequest(req);
    expect(req).toEqual({ url: "/api/public", method: "GET", headers: {} });
  });
});

describe("originForm", () => {
  it.each([
    ["http://evil.example/plans", "/plans"],
    ["HTTPS://evil.example:8443/api/public?q=1", "/api/public?q=1"],
    ["http://evil.example", "/"],
    ["http://evil.example?x=1", "/?x=1"],
    ["/plans", "/plans"],
    ["//evil.example/plans", "//evil.example/plans"],
    ["*", "*"],
  ])("%s → %s", (input, expected) => {
    expect(originForm(input)).toBe(expected);
  });

  it("is applied before any route sees the request", () => {
    const req = { url: "http://evil.example/api/public/", method: "GET", headers: {} as Record<string, string> };
    prepareRequest(req);
    expect(req.url).toBe("/api/public");
  });
});

describe("firstHeaderLine", () => {
  it("is the first of repeated lines, in any letter case, and undefined for a single line", () => {
    const raw = ["Host", "x", "Accept", "text/html", "accept", "text/markdown"];
    expect(firstHeaderLine(raw, "accept")).toBe("text/html");
    expect(firstHeaderLine(["Accept", "text/html, text/markdown"], "accept")).toBeUndefined();
    expect(firstHeaderLine(["Host", "x"], "accept")).toBeUndefined();
  });

  it("replaces Node's joined Accept with the first line, as a shared cache keys it", () => {
    const firefox = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    const req = {
      url: "/plans",
      method: "GET",
      headers: { accept: `${firefox}, text/html;charset=utf-8;q=0` } as Record<string, string>,
      rawHeaders: ["Accept", firefox, "Accept", "text/html;charset=utf-8;q=0"],
    };
    prepareRequest(req);
    expect(req.headers.accept).toBe(firefox);
  });
});

describe("frontAnswer", () => {
  const base = "https://menus.example.org";
  it("leaves paths to the routes", () => {
    expect(frontAnswer({ url: "/plans", method: "GET" }, base)).toBeNull();
  });

  it("answers OPTIONS * with the server's methods", () => {
    const answer = frontAnswer({ url: "*", method: "OPTIONS" }, base)!;
    expect(answer.status).toBe(204);
    expect(answer.headers.Allow).toBe("GET, HEAD, POST, OPTIONS");
  });

  it.each([["*", "GET"], ["example.com:443", "CONNECT"], ["", "GET"]])("answers target %j (%s) with invalid_request", (url, method) => {
    const answer = frontAnswer({ url, method }, base)!;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body!)).toMatchObject({ error: "invalid_request", documentation: `${base}/api/public#errors` });
    expect(answer.headers["Cache-Control"]).toBe("no-store");
  });
});

describe("isInternalPath", () => {
  it.each([
    "/render/x/r/abc",
    "/render/x/r/abc.rsc",
    "/render/x/r/abc.css?x=1",
    "/render",
    "/render.txt",
    "//render/x",
    "/%72ender/x/r/abc",
    "/%2572ender/x",
    "/RENDER/x",
    "/%2e%2e/render/k1/r/abc.segments/_tree.segment.rsc",
    "/%2E%2e/render/x",
    "/.%2e/render/x",
    "/./render/x",
    "/alpenstuebli-naegeli/../render/x",
    "/a/b/%2e%2e/%2e%2e/render/x",
    "/..\\render/x",
    "/render;x=1/y",
  ])("%s is internal", (url) => {
    expect(isInternalPath(url)).toBe(true);
  });

  it.each(["/", "/renderer", "/renders/x", "/plans", "/alpenstuebli-naegeli/render", "/api/public/restaurants/render", "/%ff", "/render/../menu", "/x/./render"])("%s is not", (url) => {
    expect(isInternalPath(url)).toBe(false);
  });
});

describe("clientErrorResponse", () => {
  const parse = (raw: string) => {
    const [head, body] = raw.split("\r\n\r\n");
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(head).toContain("Connection: close");
    return { head, body: JSON.parse(body) };
  };

  it("answers a request that took too long with 408 request_timeout", () => {
    const { head, body } = parse(clientErrorResponse({ code: "ERR_HTTP_REQUEST_TIMEOUT" }, "https://m.example")!);
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(body).toMatchObject({ error: "request_timeout", status: 408, documentation: "https://m.example/api/public#errors" });
  });

  it("answers headers over the limit with 431 and anything unparseable with 400", () => {
    expect(parse(clientErrorResponse({ code: "HPE_HEADER_OVERFLOW" }, "https://m.example")!).head).toMatch(/^HTTP\/1\.1 431 /);
    const { head, body } = parse(clientErrorResponse({ code: "HPE_INVALID_METHOD" }, "https://m.example")!);
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(body.error).toBe("invalid_request");
  });

  it("answers nothing on a connection the client has reset", () => {
    expect(clientErrorResponse({ code: "ECONNRESET" }, "https://m.example")).toBeNull();
  });

  it("uses the codes and statuses of the API's error table", () => {
    for (const error of Object.values(FRONT_ERRORS)) {
      expect(ERROR_CODES[error.error as keyof typeof ERROR_CODES]?.status, error.error).toBe(error.status);
    }
  });
});

describe("responseBaseHeaders", () => {
  it("opens every response to any origin and forbids sniffing; HSTS only on an https site", () => {
    expect(responseBaseHeaders("http://localhost:3000")).toEqual({ "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff" });
    expect(responseBaseHeaders("https://menus.example.org")).toMatchObject({ "Strict-Transport-Security": "max-age=31536000" });
  });
});
