import { describe, expect, it } from "vitest";
import { malformedRequestResponse, normalizeApiPath, prepareRequest } from "./request-front.mjs";

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

describe("malformedRequestResponse", () => {
  it("is a complete HTTP response with a JSON error body", () => {
    const raw = malformedRequestResponse("https://menus.example.org");
    const [head, body] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toMatchObject({ error: "invalid_request", status: 400, documentation: "https://menus.example.org/api/public#errors" });
  });
});
