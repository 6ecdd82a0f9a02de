import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isOpenAt, isOpenAtLocal, localTime } from "./opening-hours";

describe("isOpenAt", () => {
  const hours = { mon: "11:30-14:00", fri: "18:00-02:00", sat: "10:00-24:00" };

  it("reads the hours in the restaurant's own time zone", () => {
    // 2026-07-06 is a Monday; 10:00Z is 12:00 in Zürich (CEST) and 19:00 in Tokyo.
    const instant = new Date("2026-07-06T10:00:00Z");
    expect(isOpenAt(hours, "Europe/Zurich", instant)).toBe(true);
    expect(isOpenAt(hours, "Asia/Tokyo", instant)).toBe(false);
  });

  it("keeps a range past midnight open into the next morning, and only then", () => {
    // Friday 2026-07-10 23:30 and Saturday 01:59 in Zürich are inside 18:00-02:00; Saturday 02:00 is not.
    expect(isOpenAt(hours, "Europe/Zurich", new Date("2026-07-10T21:30:00Z"))).toBe(true);
    expect(isOpenAt(hours, "Europe/Zurich", new Date("2026-07-10T23:59:00Z"))).toBe(true);
    expect(isOpenAt({ fri: "18:00-02:00" }, "Europe/Zurich", new Date("2026-07-11T00:00:00Z"))).toBe(false);
    // Thursday 01:00 is not covered by Friday's range.
    expect(isOpenAt({ fri: "18:00-02:00" }, "Europe/Zurich", new Date("2026-07-08T23:00:00Z"))).toBe(false);
  });

  it("treats 24:00 as the end of the day and a missing day as closed", () => {
    expect(isOpenAtLocal(hours, 5, 23 * 60 + 59)).toBe(true);
    expect(isOpenAtLocal(hours, 6, 0)).toBe(false);
    expect(isOpenAtLocal(hours, 2, 12 * 60)).toBe(false);
  });

  it("answers null, never open, for unknown hours or an unknown time zone", () => {
    const instant = new Date("2026-07-06T10:00:00Z");
    expect(isOpenAt(null, "Europe/Zurich", instant)).toBeNull();
    expect(isOpenAt(hours, null, instant)).toBeNull();
    expect(isOpenAt(hours, "Mars/Olympus_Mons", instant)).toBeNull();
  });

  it("follows daylight saving time", () => {
    // 11:30 local is 09:30Z in summer (CEST) and 10:30Z in winter (CET); both Mondays.
    expect(isOpenAt({ mon: "11:30-11:45" }, "Europe/Zurich", new Date("2026-07-06T09:35:00Z"))).toBe(true);
    expect(isOpenAt({ mon: "11:30-11:45" }, "Europe/Zurich", new Date("2026-01-05T10:35:00Z"))).toBe(true);
    expect(isOpenAt({ mon: "11:30-11:45" }, "Europe/Zurich", new Date("2026-01-05T09:35:00Z"))).toBe(false);
  });

  it("agrees with a minute-by-minute reading of the week (property)", () => {
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const range = fc.tuple(time, time).filter(([a, b]) => a !== b).map(([a, b]) => `${a}-${b}`);
    const days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...days), range), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 1439 }), (week, day, minute) => {
        // Reference: mark every open minute of a two-week timeline, then look up (day, minute).
        const open = new Set<number>();
        for (const [d, r] of Object.entries(week)) {
          const start = Number(r.slice(0, 2)) * 60 + Number(r.slice(3, 5));
          const endRaw = Number(r.slice(6, 8)) * 60 + Number(r.slice(9, 11));
          const end = endRaw <= start ? endRaw + 1440 : endRaw;
          const base = days.indexOf(d as (typeof days)[number]) * 1440;
          for (let t = start; t < end; t++) open.add((base + t) % (7 * 1440));
        }
        expect(isOpenAtLocal(week, day, minute)).toBe(open.has(day * 1440 + minute));
      }),
    );
  });

  it("localTime gives the weekday from Monday = 0", () => {
    expect(localTime(new Date("2026-07-06T10:00:00Z"), "UTC")).toEqual({ day: 0, minute: 600 });
    expect(localTime(new Date("2026-07-12T23:30:00Z"), "UTC")).toEqual({ day: 6, minute: 1410 });
  });
});
