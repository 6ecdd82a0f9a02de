import { describe, expect, it } from "vitest";
import { decimalNumber } from "./decimal-number";

describe("decimalNumber: the one number grammar of query parameters", () => {
  it.each([
    ["0", 0],
    ["12", 12],
    ["-2", -2],
    ["+3", 3],
    ["2.50", 2.5],
    [".5", 0.5],
    ["-.5", -0.5],
    ["5.", 5],
    ["1e2", 100],
    ["1E2", 100],
    ["1e+2", 100],
    ["1.5e-3", 0.0015],
    [".5e1", 5],
    ["007", 7],
    ["  42 ", 42],
    ["1e400", Infinity],
    ["-1e400", -Infinity],
  ])("reads %j as %d", (text, expected) => {
    expect(decimalNumber(text)).toBe(expected);
  });

  it("reads every spelling JSON.stringify and String() give a finite number", () => {
    for (const n of [0, 1, -1, 0.1, 1 / 3, 1e21, 1.5e-7, -2.5e300, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE]) {
      expect(decimalNumber(JSON.stringify(n)), JSON.stringify(n)).toBe(n);
      expect(decimalNumber(String(n)), String(n)).toBe(n);
    }
  });

  it.each(["", " ", ".", "+", "-", "e5", "1e", "1e+", "1.2.3", "0x10", "0b1", "Infinity", "-Infinity", "NaN", "1,000", "1_000", "12abc", "abc", "1 2", "--1", "+-1", "١٢"])(
    "refuses %j",
    (text) => {
      expect(decimalNumber(text)).toBeUndefined();
    },
  );
});
