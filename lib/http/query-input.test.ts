import { describe, expect, it } from "vitest";
import { ApiError } from "./api-errors";
import { queryBoolean, queryNumber, queryText } from "./query-input";

const url = (qs: string) => new URL(`http://x/?${qs}`);

describe("queryNumber", () => {
  it.each([
    ["cost=4.5", 4.5],
    ["cost=+4", 4],
    ["cost=-2", -2],
    ["cost=.5", 0.5],
    ["cost=5.", 5],
    ["cost=1e3", 1000],
    ["cost=%201.5%20", 1.5],
    ["cost=1e999", Infinity],
    ["cost=abc", "abc"],
    ["cost=0x10", "0x10"],
    ["cost=Infinity", "Infinity"],
    ["cost=4,5", "4,5"],
    ["cost=", undefined],
    ["other=1", undefined],
  ])("%s → %s", (qs, expected) => {
    expect(queryNumber(url(qs), "cost")).toBe(expected);
  });

  it("refuses a parameter given twice", () => {
    expect(() => queryNumber(url("cost=1&cost=2"), "cost")).toThrow(ApiError);
  });
});

describe("queryBoolean", () => {
  it.each([
    ["hidden=true", true],
    ["hidden=TRUE", true],
    ["hidden=1", true],
    ["hidden=false", false],
    ["hidden=0", false],
    ["hidden=yes", "yes"],
    ["hidden=", undefined],
    ["", undefined],
  ])("%s → %s", (qs, expected) => {
    expect(queryBoolean(url(qs), "hidden")).toBe(expected);
  });
});

describe("queryText", () => {
  it("keeps the text as given, spaces included, and treats empty as absent", () => {
    expect(queryText(url("ssid=%20Caf%C3%A9%20"), "ssid")).toBe(" Café ");
    expect(queryText(url("ssid="), "ssid")).toBeUndefined();
  });
});
