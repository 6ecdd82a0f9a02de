import { describe, expect, it } from "vitest";
import { isCalendarDate, OPEN_AT_PATTERN, openAtParam } from "./search-params";

describe("openAt", () => {
  it.each(["2026-02-30T10:00:00Z", "2026-02-29T10:00:00Z", "2026-04-31T10:00:00+02:00", "2100-02-29T00:00:00Z", "2026-06-31T24:00Z"])(
    "refuses %s, a day the month does not have (JavaScript's parser would roll it over)",
    (value) => {
      const parsed = openAtParam.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/no day of the calendar/);
    },
  );

  it.each([
    ["2028-02-29T10:00:00Z", "2028-02-29T10:00:00.000Z"],
    ["2000-02-29T10:00:00Z", "2000-02-29T10:00:00.000Z"],
    ["2026-12-31T23:30:00-01:00", "2027-01-01T00:30:00.000Z"],
    ["2026-04-30T24:00Z", "2026-05-01T00:00:00.000Z"],
  ])("accepts %s as %s", (value, iso) => {
    expect(openAtParam.parse(value)?.toISOString()).toBe(iso);
  });

  it("knows the months' lengths and leap years", () => {
    expect([isCalendarDate("2024-02-29"), isCalendarDate("1900-02-29"), isCalendarDate("0000-02-29"), isCalendarDate("2026-11-31"), isCalendarDate("2026-13-01")]).toEqual([true, false, true, false, false]);
  });
});

describe("the published pattern of openAt", () => {
  it("matches the calendar's days only, as the handler does", () => {
    const pattern = new RegExp(OPEN_AT_PATTERN);
    for (const day of ["2026-02-30", "2026-02-29", "2100-02-29", "2026-04-31", "2026-09-31"]) expect(pattern.test(`${day}T10:00:00Z`), day).toBe(false);
    for (const day of ["2024-02-29", "2000-02-29", "0000-02-29", "2026-01-31", "2026-04-30", "2026-02-28"]) expect(pattern.test(`${day}T10:00:00Z`), day).toBe(true);
  });
});
