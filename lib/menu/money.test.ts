import { describe, expect, it } from "vitest";
import { currencyDigits, fitsCurrency, isCurrencyCode, toMajor, toMinor } from "./money";

describe("money", () => {
  it.each([
    ["EUR", 2],
    ["CHF", 2],
    ["JPY", 0],
    ["KWD", 3],
  ])("%s has %i minor digits", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  it.each([
    [19.99, "EUR", 1999],
    [0.29, "EUR", 29],
    [1.005, "EUR", 101],
    [800, "JPY", 800],
    [1.234, "KWD", 1234],
  ])("%d %s is %i minor units", (major, currency, minor) => {
    expect(toMinor(major, currency)).toBe(minor);
  });

  it("round-trips minor → major without float noise", () => {
    for (let minor = 0; minor < 2000; minor += 7) expect(toMinor(toMajor(minor, "EUR"), "EUR")).toBe(minor);
    expect(toMajor(1999, "EUR")).toBe(19.99);
  });

  it("knows when a price has more decimals than its currency", () => {
    expect(fitsCurrency(12.5, "EUR")).toBe(true);
    expect(fitsCurrency(12.345, "EUR")).toBe(false);
    expect(fitsCurrency(800.5, "JPY")).toBe(false);
  });

  it("accepts ISO 4217 codes only", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("XYZ")).toBe(false);
  });
});
