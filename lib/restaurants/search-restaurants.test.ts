import { describe, expect, it } from "vitest";
import { searchRestaurantsInput } from "./search-restaurants";

const parse = (input: Record<string, unknown>) => searchRestaurantsInput.safeParse(input);

describe("search parameters", () => {
  it.each([
    [undefined, 20],
    ["", 20],
    ["1", 1],
    ["20", 20],
    ["50", 50],
    ["0", 1],
    ["-7", 1],
    ["500", 50],
    [" 7 ", 7],
    ["+3", 3],
    ["1e3", 50],
    ["1E1", 10],
    ["10.0", 10],
    [String(Number.MAX_SAFE_INTEGER), 50],
    [10, 10],
    [0, 1],
    [1000, 50],
  ])("limit %s → %i", (limit, expected) => {
    const r = parse({ limit });
    expect(r.success).toBe(true);
    expect(r.success && r.data.limit).toBe(expected);
  });

  // One number grammar (lib/decimal-number.ts); whole numbers beyond the safe-integer range are refused.
  it.each(["abc", "2.5", "1e-3", "0x10", "10abc", "NaN", "Infinity", "9".repeat(400), "1e16", 2.5, Number.NaN, 1e300])("limit %s is invalid", (limit) => {
    const r = parse({ limit });
    expect(r.success).toBe(false);
    expect(!r.success && r.error.issues[0].path).toEqual(["limit"]);
  });

  it("trims filters and keeps non-ASCII text", () => {
    const r = parse({ q: "  rösti ", city: "Zürich", cuisine: "SWISS" });
    expect(r.success && r.data).toEqual({ q: "rösti", city: "Zürich", cuisine: "SWISS", limit: 20, openNow: false });
  });

  it.each([
    ["q", "x".repeat(201)],
    ["city", "x".repeat(101)],
    ["cuisine", "x".repeat(101)],
    ["q", "a\u0000b"],
    ["city", "line\nbreak"],
  ])("%s rejects hostile value", (field, value) => {
    const r = parse({ [field]: value });
    expect(r.success).toBe(false);
    expect(!r.success && r.error.issues[0].path).toEqual([field]);
  });

  it("accepts SQL-looking text as plain text", () => {
    const r = parse({ q: "'; DROP TABLE Restaurant; --" });
    expect(r.success && r.data.q).toBe("'; DROP TABLE Restaurant; --");
  });
});
