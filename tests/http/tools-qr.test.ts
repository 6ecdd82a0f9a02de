// GET /api/public/tools/wifi-qr and /api/public/tools/review-qr (contract section 4).
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { ReviewQrResultSchema } from "../../lib/tools/review-qr";
import { WifiQrResultSchema } from "../../lib/tools/wifi-qr";
import { get } from "../support/http";

const TOOL_CACHE = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400";
// The Wi-Fi result echoes the network password: no shared or browser cache may keep it.
const SECRET_CACHE = "private, no-store";

function expectInvalid(res: { status: number; json: any; headers: Headers }, message: RegExp) {
  expect(res.status).toBe(400);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.json).toMatchObject({ error: "invalid_request", status: 400, hint: expect.any(String), documentation: expect.any(String), specification: expect.any(String) });
  expect(res.json.message).toMatch(message);
}

const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe("GET /api/public/tools/wifi-qr", () => {
  const PATH = "/api/public/tools/wifi-qr";

  it("returns the payload, per-platform instructions and a printable SVG", async () => {
    const res = await get(`${PATH}${q({ ssid: "Zunfthaus Gäste", password: "fondue-4-all" })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(SECRET_CACHE);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(() => WifiQrResultSchema.parse(res.json)).not.toThrow();
    expect(res.json).toMatchObject({ payload: "WIFI:S:Zunfthaus Gäste;T:WPA;P:fondue-4-all;;", ssid: "Zunfthaus Gäste", encryption: "WPA", hidden: false });
    expect(Object.keys(res.json.instructions)).toEqual(["ios", "android", "windows", "macos"]);
    expect(res.json.qr.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.json.qr.dataUri).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it.each([
    [{ ssid: 'Bar;"Gäste":1', password: "pa\\ss,word;1" }, 'WIFI:S:Bar\\;\\"Gäste\\"\\:1;T:WPA;P:pa\\\\ss\\,word\\;1;;'],
    [{ ssid: "Open", encryption: "nopass", password: "dropped!" }, "WIFI:S:Open;T:nopass;;"],
    [{ ssid: "Open", encryption: "NOPASS" }, "WIFI:S:Open;T:nopass;;"],
    [{ ssid: "Legacy", encryption: "wep", password: "abcde" }, "WIFI:S:Legacy;T:WEP;P:abcde;;"],
    [{ ssid: "Staff", password: "password1", hidden: "true" }, "WIFI:S:Staff;T:WPA;P:password1;H:true;;"],
    [{ ssid: "Staff", password: "password1", hidden: "false" }, "WIFI:S:Staff;T:WPA;P:password1;;"],
  ])("%j → %s", async (params, payload) => {
    const res = await get(`${PATH}${q(params)}`);
    expect(res.status).toBe(200);
    expect(res.json.payload).toBe(payload);
  });

  it.each([
    [{}, /"ssid": is required/],
    [{ ssid: "" }, /"ssid": is required/],
    [{ ssid: "x".repeat(33), password: "password1" }, /"ssid": must be at most 32 bytes/],
    [{ ssid: "Guest" }, /"password": is required for WPA networks/],
    [{ ssid: "Guest", password: "short" }, /"password": a WPA password has 8 to 63 characters/],
    [{ ssid: "Guest", password: "abc", encryption: "WEP" }, /"password": a WEP key/],
    [{ ssid: "Guest", password: "password1", encryption: "WPA2" }, /"encryption": must be WPA, WEP or nopass/],
    [{ ssid: "Guest", password: "password1", hidden: "maybe" }, /"hidden": must be true or false/],
  ])("%j → invalid_request %s", async (params, message) => {
    expectInvalid(await get(`${PATH}${q(params)}`), message);
  });

  it("refuses a parameter given twice", async () => {
    expectInvalid(await get(`${PATH}?ssid=a&ssid=b&password=password1`), /"ssid" was given 2 times/);
  });

  // Issue 15.13: the password is in the query string; the service itself never writes it to a log.
  it("leaves the password out of the server's own output, for a success and a refusal", async () => {
    const password = `log-canary-${Date.now()}`;
    expect((await get(`${PATH}${q({ ssid: "Guest", password })}`)).status).toBe(200);
    expect((await get(`${PATH}${q({ ssid: "Guest", password, encryption: "WPA9" })}`)).status).toBe(400);
    expect((await get(`${PATH}${q({ ssid: "Guest", password })}`, { method: "DELETE" })).status).toBe(405);
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(inject("serverLog"), "utf8")).not.toContain(password);
  });

  it("says where the password travels, in the API index and the OpenAPI document", async () => {
    const index = JSON.stringify((await get("/api/public")).json);
    const openapi = (await get("/openapi.json")).json;
    expect(index).toMatch(/query string, which proxies, CDNs and access logs/);
    expect(openapi.paths["/api/public/tools/wifi-qr"].get.description).toMatch(/query string, which proxies, CDNs and access logs/);
  });

  it.each(["POST", "PUT", "DELETE"])("%s → 405 with Allow", async (method) => {
    const res = await get(`${PATH}?ssid=x`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.json.error).toBe("method_not_allowed");
  });
});

describe("GET /api/public/tools/review-qr", () => {
  const PATH = "/api/public/tools/review-qr";

  it("turns a placeId into the write-a-review URL with a QR image", async () => {
    const res = await get(`${PATH}?placeId=ChIJN1t_tDeuEmsRUsoyG83frY4`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(TOOL_CACHE);
    expect(() => ReviewQrResultSchema.parse(res.json)).not.toThrow();
    expect(res.json).toMatchObject({
      source: "placeId",
      placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4",
      reviewUrl: "https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4",
      payload: "https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4",
    });
    expect(res.json.qr.svg.startsWith("<svg")).toBe(true);
  });

  it("uses an http(s) URL as-is", async () => {
    const url = "https://www.example.org/review?venue=42&lang=de";
    const res = await get(`${PATH}${q({ url })}`);
    expect(res.json).toMatchObject({ source: "url", placeId: null, reviewUrl: url, payload: url });
  });

  it.each([
    [{}, /"placeId": is required \(or give url\)/],
    [{ placeId: "abc", url: "https://example.org" }, /not both/],
    [{ url: "javascript:alert(document.cookie)" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "data:text/html;base64,PHNjcmlwdD4=" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "vbscript:msgbox(1)" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "//example.org/review" }, /"url": must be an absolute http: or https: URL/],
    [{ placeId: "<script>" }, /"placeId": must contain only letters/],
    // Issue 15.13: user info disguises the real host of a printed code.
    [{ url: "https://google.com@evil.example/r" }, /"url": must not contain user info/],
    [{ url: "https://google.com:x@evil.example/r" }, /"url": must not contain user info/],
  ])("%j → invalid_request %s", async (params, message) => {
    expectInvalid(await get(`${PATH}${q(params)}`), message);
  });
});
