import { describe, expect, it } from "vitest";
import { ApiError } from "../http/api-errors";
import { escapeWifiField, generateWifiQr, wifiPayload, WifiQrResultSchema, type WifiQrInput } from "./wifi-qr";

async function failure(input: unknown): Promise<string> {
  const error = await generateWifiQr(input as WifiQrInput).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe("invalid_request");
  return (error as ApiError).message;
}

describe("escapeWifiField", () => {
  it.each([
    ["plain", "plain"],
    ["a;b", "a\\;b"],
    ["a,b", "a\\,b"],
    ["a:b", "a\\:b"],
    ['say "hi"', 'say \\"hi\\"'],
    ["back\\slash", "back\\\\slash"],
    ['\\;,:"', '\\\\\\;\\,\\:\\"'],
    ["Café ☕", "Café ☕"],
  ])("%s → %s", (raw, escaped) => {
    expect(escapeWifiField(raw)).toBe(escaped);
  });
});

describe("wifiPayload", () => {
  it.each([
    [["Guest", "WPA", "welcome2024", false], "WIFI:S:Guest;T:WPA;P:welcome2024;;"],
    [["Guest", "WEP", "abcde", false], "WIFI:S:Guest;T:WEP;P:abcde;;"],
    [["Guest", "nopass", "ignored", false], "WIFI:S:Guest;T:nopass;;"],
    [["Guest", "WPA", "welcome2024", true], "WIFI:S:Guest;T:WPA;P:welcome2024;H:true;;"],
    [["Bar;Gäste", "WPA", 'pa:ss,"w;rd"\\', false], 'WIFI:S:Bar\\;Gäste;T:WPA;P:pa\\:ss\\,\\"w\\;rd\\"\\\\;;'],
  ] as const)("%j → %s", ([ssid, enc, pw, hidden], payload) => {
    expect(wifiPayload(ssid, enc, pw, hidden)).toBe(payload);
  });
});

describe("generateWifiQr", () => {
  it("returns the payload, instructions for four platforms and an SVG QR image", async () => {
    const result = await generateWifiQr({ ssid: "Zunfthaus Gäste", password: "fondue-4-all", encryption: "wpa" });
    expect(() => WifiQrResultSchema.parse(result)).not.toThrow();
    expect(result).toMatchObject({ payload: "WIFI:S:Zunfthaus Gäste;T:WPA;P:fondue-4-all;;", encryption: "WPA", hidden: false, passwordIncluded: true, warnings: [] });
    expect(Object.keys(result.instructions)).toEqual(["ios", "android", "windows", "macos"]);
    expect(result.instructions.macos).toContain('"Zunfthaus Gäste"');
    expect(result.qr.svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(result.qr.dataUri).toBe(`data:image/svg+xml;base64,${Buffer.from(result.qr.svg).toString("base64")}`);
  });

  it.each([
    ["WPA", "WPA"],
    ["wpa", "WPA"],
    ["Wep", "WEP"],
    ["NOPASS", "nopass"],
    ["noPass", "nopass"],
  ])("reads encryption %s case-insensitively as %s", async (encryption, canonical) => {
    const password = canonical === "WEP" ? "abcde" : "password1";
    const result = await generateWifiQr({ ssid: "x", password, encryption });
    expect(result.encryption).toBe(canonical);
    expect(result.payload).toContain(`;T:${canonical};`);
  });

  it("defaults to WPA and a visible network", async () => {
    const result = await generateWifiQr({ ssid: "x", password: "password1" });
    expect(result).toMatchObject({ encryption: "WPA", hidden: false });
  });

  it("drops the password of an open network and says so", async () => {
    const result = await generateWifiQr({ ssid: "Open", password: "secret123", encryption: "nopass" });
    expect(result.payload).toBe("WIFI:S:Open;T:nopass;;");
    expect(result.passwordIncluded).toBe(false);
    expect(result.warnings.join(" ")).toMatch(/password was dropped/);
  });

  it("marks hidden networks and explains how to join them by hand", async () => {
    const result = await generateWifiQr({ ssid: "Back office", password: "password1", hidden: true });
    expect(result.payload).toBe("WIFI:S:Back office;T:WPA;P:password1;H:true;;");
    expect(result.instructions.windows).toMatch(/not broadcasting/);
  });

  it("warns about WEP", async () => {
    const result = await generateWifiQr({ ssid: "Old", password: "0123456789", encryption: "WEP" });
    expect(result.warnings.join(" ")).toMatch(/WEP is broken/);
  });

  it("accepts an SSID of exactly 32 bytes and a 64-hex-digit WPA key", async () => {
    await expect(generateWifiQr({ ssid: "é".repeat(16), password: "a".repeat(64).replace(/a/g, "f") })).resolves.toBeTruthy();
  });

  it.each([
    [{}, /"ssid": is required/],
    [{ ssid: "" }, /"ssid": is required/],
    [{ ssid: "x".repeat(33), password: "password1" }, /"ssid": must be at most 32 bytes/],
    [{ ssid: "é".repeat(17), password: "password1" }, /"ssid": must be at most 32 bytes/],
    [{ ssid: "x" }, /"password": is required for WPA networks/],
    [{ ssid: "x", encryption: "WEP" }, /"password": is required for WEP networks/],
    [{ ssid: "x", password: "short" }, /"password": a WPA password has 8 to 63 characters/],
    [{ ssid: "x", password: "x".repeat(64) }, /"password": a WPA password has 8 to 63 characters \(or exactly 64 hex digits\)/],
    [{ ssid: "x", password: "x".repeat(65) }, /"password": must be at most 64 characters/],
    [{ ssid: "x", password: "abcdef", encryption: "WEP" }, /"password": a WEP key has 5 or 13 characters/],
    [{ ssid: "x", password: "zzzzzzzzzz", encryption: "WEP" }, /"password": a WEP key/],
    [{ ssid: "x", password: "password1", encryption: "WPA2" }, /"encryption": must be WPA, WEP or nopass/],
    [{ ssid: "x", password: "password1", hidden: "yes" }, /"hidden": must be true or false/],
    [{ ssid: "x", password: "password1", extra: 1 }, /Unrecognized key: "extra"/],
  ])("%j → invalid_request %s", async (input, message) => {
    expect(await failure(input)).toMatch(message);
  });
});
