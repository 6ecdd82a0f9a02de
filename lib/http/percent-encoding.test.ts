import { describe, expect, it } from "vitest";
import { isMalformedPath, repairPercentEncoding } from "./percent-encoding";

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

describe("isMalformedPath", () => {
  it.each(["/%FF", "/api/x%ZZ", "/a%", "/%C3", "/%ED%A0%80"])("%s is malformed", (path) => expect(isMalformedPath(path)).toBe(true));
  it.each(["/", "/z%C3%BCrich", "/a%25", "/api/public"])("%s is not", (path) => expect(isMalformedPath(path)).toBe(false));
});
