import { describe, expect, it } from "vitest";
import { searchKey, textKey } from "./text-key";

describe("textKey", () => {
  it("folds case beyond ASCII", () => {
    expect(textKey("ZÜRICH")).toBe(textKey("zürich"));
    expect(textKey("MÜNCHEN")).toBe("münchen");
    expect(textKey("KRAKÓW")).toBe("kraków");
  });
  it("treats composed and decomposed forms alike", () => {
    expect(textKey("Zu\u0308rich")).toBe(textKey("Z\u00fcrich"));
  });
  it("trims and collapses whitespace", () => {
    expect(textKey("  São   Paulo ")).toBe("são paulo");
  });
});

describe("searchKey", () => {
  it("keeps LIKE wildcards from acting as wildcards", () => {
    expect(searchKey("100%")).not.toContain("%");
    expect(searchKey("a_b")).not.toContain("_");
    expect(searchKey("a\\b")).not.toContain("\\");
  });
  it("maps the same input the same way, so literal matches still work", () => {
    expect(searchKey("Schweinsbraten 100% & Knödel")).toContain(searchKey("100%"));
  });
});
