import { describe, expect, it } from "vitest";
import { Rational, roundPreservingSum, scaledToNumber } from "./rational";

const r = (n: number) => Rational.from(n);

describe("Rational.from takes a number at its decimal value", () => {
  it.each([
    [0.1, 1n, 10n],
    [0.30000000000000004, 7500000000000001n, 25000000000000000n], // 30000000000000004 / 10^17, reduced
    [12.5, 25n, 2n],
    [-3, -3n, 1n],
    [1e-7, 1n, 10000000n],
    [1.5e21, 1500000000000000000000n, 1n],
    [0, 0n, 1n],
  ])("%s → %s/%s", (value, num, den) => {
    const x = r(value);
    expect([x.num, x.den]).toEqual([num, den]);
  });

  it.each([Number.NaN, Infinity, -Infinity])("refuses %s", (value) => {
    expect(() => r(value)).toThrow(RangeError);
  });
});

describe("arithmetic is exact", () => {
  it("0.1 + 0.2 is exactly 0.3", () => {
    expect(r(0.1).add(r(0.2)).compare(r(0.3))).toBe(0);
  });

  it("divides and multiplies without drift", () => {
    expect(r(1).div(r(3)).mul(r(3)).compare(r(1))).toBe(0);
    expect(r(10).percent(r(12.5)).compare(r(1.25))).toBe(0);
    expect(r(5).sub(r(7.5)).compare(r(-2.5))).toBe(0);
  });

  it("refuses division by zero", () => {
    expect(() => r(1).div(Rational.ZERO)).toThrow(RangeError);
  });
});

describe("rounding to cents", () => {
  it.each([
    [1.005, 101n, 101n, 100n],
    [1.004, 100n, 101n, 100n],
    [2.675, 268n, 268n, 267n], // the double nearest 2.675 is below it; the decimal is not
    [-1.005, -101n, -100n, -101n],
    [0.125, 13n, 13n, 12n],
    [7, 700n, 700n, 700n],
  ])("%s → round %s, ceil %s, floor %s", (value, round, ceil, floor) => {
    expect(r(value).roundScaled(2)).toBe(round);
    expect(r(value).ceilScaled(2)).toBe(ceil);
    expect(r(value).floorScaled(2)).toBe(floor);
  });

  it("turns scaled integers back into plain numbers", () => {
    expect(scaledToNumber(1999n, 2)).toBe(19.99);
    expect(scaledToNumber(-5n, 2)).toBe(-0.05);
    expect(r(2 / 3).toRoundedNumber(2)).toBe(0.67);
  });
});

describe("roundPreservingSum keeps rounded parts adding up to the rounded sum", () => {
  it.each([
    { values: [0.333, 0.333, 0.333], expected: [34n, 33n, 33n] },
    { values: [2.1165, 2.6775, 0.4], expected: [211n, 268n, 40n] },
    { values: [0.005, 0.005, 0.005], expected: [1n, 1n, 0n] },
    { values: [1.25, 1.25], expected: [125n, 125n] },
    { values: [0, 0], expected: [0n, 0n] },
    { values: [], expected: [] },
    { values: [0.1, 0.2], expected: [10n, 20n] },
  ])("$values → $expected", ({ values, expected }) => {
    const exact = values.map(r);
    const parts = roundPreservingSum(exact, 2);
    expect(parts).toEqual(expected);
    expect(parts.reduce((a, b) => a + b, 0n)).toBe(exact.reduce((a, v) => a.add(v), Rational.ZERO).roundScaled(2));
    // every part is within one cent of its exact value
    parts.forEach((p, i) => expect(Math.abs(Number(p) - values[i] * 100)).toBeLessThan(1));
  });
});
