import { describe, expect, it } from "vitest";
import { bearerMatches } from "./bearer-auth";

describe("bearerMatches", () => {
  it.each([
    ["Bearer s3cret", true],
    ["bearer s3cret", true],
    ["Bearer   s3cret  ", true],
    ["Bearer s3cret2", false],
    ["Bearer s3cre", false],
    ["Bearer", false],
    ["Bearer ", false],
    ["Basic s3cret", false],
    ["s3cret", false],
    ["Bearer s3cret extra", false],
    ["", false],
  ])("%j → %s", (header, ok) => {
    expect(bearerMatches(header, "s3cret")).toBe(ok);
  });

  it("no header, or an empty expected secret, never matches", () => {
    expect(bearerMatches(null, "s3cret")).toBe(false);
    expect(bearerMatches("Bearer ", "")).toBe(false);
  });
});
