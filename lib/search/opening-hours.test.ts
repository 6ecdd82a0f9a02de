import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isOpenAt, isOpenAtLocal, localTime, openState, openStateLocal, stateSpan } from "./opening-hours";

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

// The badge of the menu page ("Open until 22:00", "Closed · opens 17:30") and the search filters
// read the same function; these pin the next change as well as open/closed.
describe("openState", () => {
  const evenings = { mon: "17:30-22:00", tue: "17:30-22:00", wed: "17:30-22:00", thu: "17:30-22:00", fri: "17:30-23:00", sat: "17:30-23:00" };

  it("a New York restaurant at 14:30 local is closed and opens at 17:30 today, whatever the caller's zone", () => {
    // Thursday 2026-11-26 19:30Z is 14:30 in New York (EST), 04:30 Friday in Tokyo.
    expect(openState(evenings, "America/New_York", new Date("2026-11-26T19:30:00Z"))).toEqual({ open: false, opens: { day: 3, time: "17:30", inDays: 0 } });
    // 23:00Z is 18:00 in New York.
    expect(openState(evenings, "America/New_York", new Date("2026-11-26T23:00:00Z"))).toEqual({ open: true, closes: { day: 3, time: "22:00", inDays: 0 } });
    expect(isOpenAt(evenings, "America/New_York", new Date("2026-11-26T23:00:00Z"))).toBe(true);
  });

  it("a night past midnight: open until 02:00, from the evening and after midnight", () => {
    const late = { fri: "18:00-02:00" };
    // Friday 2026-07-10 23:00 in Zürich (CEST, 21:00Z): closes Saturday 02:00, tomorrow.
    expect(openState(late, "Europe/Zurich", new Date("2026-07-10T21:00:00Z"))).toEqual({ open: true, closes: { day: 5, time: "02:00", inDays: 1 } });
    // Saturday 01:00 (Friday 23:00Z): the Friday range still applies, closing today at 02:00.
    expect(openState(late, "Europe/Zurich", new Date("2026-07-10T23:00:00Z"))).toEqual({ open: true, closes: { day: 5, time: "02:00", inDays: 0 } });
    // Saturday 02:00: closed until next Friday 18:00.
    expect(openState(late, "Europe/Zurich", new Date("2026-07-11T00:00:00Z"))).toEqual({ open: false, opens: { day: 4, time: "18:00", inDays: 6 } });
  });

  it("closed days: the next opening may be tomorrow, days later or next week", () => {
    const hours = { mon: "11:30-14:00", wed: "11:30-14:00" };
    expect(openStateLocal(hours, 0, 15 * 60)).toEqual({ open: false, opens: { day: 2, time: "11:30", inDays: 2 } });
    expect(openStateLocal(hours, 1, 9 * 60)).toEqual({ open: false, opens: { day: 2, time: "11:30", inDays: 1 } });
    expect(openStateLocal(hours, 2, 14 * 60)).toEqual({ open: false, opens: { day: 0, time: "11:30", inDays: 5 } });
    expect(openStateLocal(hours, 6, 23 * 60)).toEqual({ open: false, opens: { day: 0, time: "11:30", inDays: 1 } });
    expect(openStateLocal({}, 3, 600)).toEqual({ open: false, opens: null });
  });

  it("24:00, ranges that join across midnight and the week's end, and around the clock", () => {
    expect(openStateLocal({ sat: "10:00-24:00" }, 5, 12 * 60)).toEqual({ open: true, closes: { day: 5, time: "24:00", inDays: 0 } });
    expect(openStateLocal({ sat: "10:00-24:00", sun: "00:00-02:00" }, 5, 23 * 60)).toEqual({ open: true, closes: { day: 6, time: "02:00", inDays: 1 } });
    expect(openStateLocal({ sun: "22:00-24:00", mon: "00:00-03:00" }, 6, 23 * 60)).toEqual({ open: true, closes: { day: 0, time: "03:00", inDays: 1 } });
    expect(openStateLocal({ sun: "18:00-02:00", mon: "10:00-12:00" }, 0, 60)).toEqual({ open: true, closes: { day: 0, time: "02:00", inDays: 0 } });
    const always = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, "00:00-24:00"]));
    expect(openStateLocal(always, 2, 777)).toEqual({ open: true, closes: null });
  });

  it("daylight saving changes: the same UTC instant reads differently on either side", () => {
    const nights = { sat: "17:30-22:00", sun: "17:30-22:00" };
    // New York springs forward on Sunday 2026-03-08. 21:40Z is 16:40 EST on Saturday, 17:40 EDT on Sunday.
    expect(openState(nights, "America/New_York", new Date("2026-03-07T21:40:00Z"))).toEqual({ open: false, opens: { day: 5, time: "17:30", inDays: 0 } });
    expect(openState(nights, "America/New_York", new Date("2026-03-08T21:40:00Z"))).toEqual({ open: true, closes: { day: 6, time: "22:00", inDays: 0 } });
    // Zürich falls back on Sunday 2026-10-25: 10:45Z is 12:45 CEST a week before, 11:45 CET that day.
    const lunch = { sun: "11:30-12:30" };
    expect(openState(lunch, "Europe/Zurich", new Date("2026-10-18T10:45:00Z"))).toEqual({ open: false, opens: { day: 6, time: "11:30", inDays: 7 } });
    expect(openState(lunch, "Europe/Zurich", new Date("2026-10-25T10:45:00Z"))).toEqual({ open: true, closes: { day: 6, time: "12:30", inDays: 0 } });
  });

  it("unknown hours or zone: no state", () => {
    expect(openState(null, "Europe/Zurich", new Date())).toBeNull();
    expect(openState({ mon: "10:00-11:00" }, null, new Date())).toBeNull();
    expect(openState({ mon: "10:00-11:00" }, "Mars/Olympus_Mons", new Date())).toBeNull();
  });

  it("the next change is the first minute, walking forward, where the state flips (property)", () => {
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const range = fc.tuple(time, time).filter(([a, b]) => a !== b).map(([a, b]) => `${a}-${b}`);
    const days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...days), range, { minKeys: 1 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 1439 }), (week, day, minute) => {
        const state = openStateLocal(week, day, minute);
        // Reference: step minute by minute (isOpenAtLocal is pinned above against a timeline).
        let t = day * 1440 + minute;
        const start = t;
        while (t < start + 8 * 1440 && isOpenAtLocal(week, Math.floor(t / 1440) % 7, t % 1440) === state.open) t++;
        const change = state.open ? state.closes : state.opens;
        if (t === start + 8 * 1440) return expect(change).toBeNull();
        const [hh, mm] = change!.time.split(":").map(Number);
        expect(day * 1440 + change!.inDays * 1440 + hh * 60 + mm).toBe(t);
        expect(change!.day).toBe((day + change!.inDays) % 7);
      }),
    );
  });
});

describe("stateSpan", () => {
  const evening = { mon: "17:30-22:00", tue: "17:30-22:00", wed: "17:30-22:00", thu: "17:30-22:00", fri: "17:30-23:30" };

  it("runs from the last change or local midnight to the next change or local midnight", () => {
    // Thursday 2026-07-09 14:30 in New York (EDT, UTC−4): closed since midnight, opens 17:30.
    const span = stateSpan(evening, "America/New_York", new Date("2026-07-09T18:30:20Z"));
    expect(span).toEqual({ from: Date.parse("2026-07-09T04:00:00Z"), until: Date.parse("2026-07-09T21:30:00Z") });
    // 21:00: open since 17:30, until 22:00.
    expect(stateSpan(evening, "America/New_York", new Date("2026-07-10T01:00:00Z"))).toEqual({
      from: Date.parse("2026-07-09T21:30:00Z"),
      until: Date.parse("2026-07-10T02:00:00Z"),
    });
    // 23:00, closed: the wording ("opens tomorrow") changes at midnight.
    expect(stateSpan(evening, "America/New_York", new Date("2026-07-10T03:00:00Z"))?.until).toBe(Date.parse("2026-07-10T04:00:00Z"));
  });

  it("ends where the clock reads the change across a daylight saving change", () => {
    // New York springs forward on 2026-03-08 at 02:00 EST (07:00Z): 04:00 local is 08:00Z.
    expect(stateSpan({ sun: "01:00-04:00" }, "America/New_York", new Date("2026-03-08T06:30:00Z"))?.until).toBe(Date.parse("2026-03-08T08:00:00Z"));
    // It falls back on 2026-11-01 at 02:00 EDT (06:00Z): 01:30 first comes at 05:30Z.
    expect(stateSpan({ sun: "01:30-03:00" }, "America/New_York", new Date("2026-11-01T04:30:00Z"))?.until).toBe(Date.parse("2026-11-01T05:30:00Z"));
  });

  it("is null when the state is unknown", () => {
    expect(stateSpan(null, "Europe/Zurich", new Date())).toBeNull();
    expect(stateSpan(evening, null, new Date())).toBeNull();
    expect(stateSpan(evening, "Mars/Olympus_Mons", new Date())).toBeNull();
  });

  it("holds one state and one local day throughout, in zones with and without clock changes (property)", () => {
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 59)).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const range = fc.tuple(time, time).filter(([a, b]) => a !== b).map(([a, b]) => `${a}-${b}`);
    const days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
    const zones = ["America/New_York", "Europe/Zurich", "Australia/Lord_Howe", "Asia/Tokyo", "America/St_Johns"];
    // Instants around the 2026 clock changes of those zones, and anywhere in the year.
    const around = [Date.parse("2026-03-08T07:00:00Z"), Date.parse("2026-03-29T01:00:00Z"), Date.parse("2026-04-04T15:00:00Z"), Date.parse("2026-10-04T16:00:00Z"), Date.parse("2026-10-25T01:00:00Z"), Date.parse("2026-11-01T06:00:00Z")];
    const instant = fc.oneof(
      fc.tuple(fc.constantFrom(...around), fc.integer({ min: -36 * 3600, max: 36 * 3600 })).map(([t, s]) => t + s * 1000),
      fc.integer({ min: Date.parse("2026-01-01T00:00:00Z"), max: Date.parse("2027-01-01T00:00:00Z") }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...days), range, { minKeys: 1 }), fc.constantFrom(...zones), instant, fc.double({ min: 0, max: 1, noNaN: true }), (week, zone, t, where) => {
        const span = stateSpan(week, zone, new Date(t))!;
        expect(span.from).toBeLessThanOrEqual(t);
        expect(span.until).toBeGreaterThan(t);
        expect(span.until - span.from).toBeLessThanOrEqual(25 * 3600_000);
        const state = openState(week, zone, new Date(t));
        const day = localTime(new Date(t), zone).day;
        for (const u of [span.from, span.until - 1, Math.floor(span.from + where * (span.until - 1 - span.from))]) {
          expect(openState(week, zone, new Date(u))).toEqual(state);
          expect(localTime(new Date(u), zone).day).toBe(day);
        }
      }),
      { numRuns: 400 },
    );
  });
});
