import { describe, expect, it } from "vitest";
import { malformedRequestResponse, normalizeApiPath, prepareRequest, repairPercentEncoding } from "./request-front.mjs";

describe("repairPercentEncoding", () => {
  it.each([
    ["/api/public/restaurants/sushi-kaze", "/api/public/restaurants/sushi-kaze"],
    ["/z%C3%BCrich?q=%", "/z%C3%BCrich?q=%"],
    ["/api/%FF", "/api/%25FF"],
    ["/api/x%ZZ", "/api/x%25ZZ"],
    ["/a%", "/a%25"],
    ["/a%E0%A4", "/a%25E0%25A4"],
    ["/ok%C3%BC/bad%E0%A4%A?x=%E0", "/ok%C3%BC/bad%25E0%25A4%25A?x=%E0"],
  ])("%s → %s", (input, expected) => {
    expect(repairPercentEncoding(input)).toBe(expected);
  });

  it("always yields a decodable path", () => {
    for (const raw of ["/%", "/%%%", "/%C3", "/%C3%", "/%F0%9F%98", "/%ED%A0%80", "/%2"]) {
      const path = repairPercentEncoding(raw);
      expect(() => decodeURIComponent(path)).not.toThrow();
    }
  });
});

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
