import { describe, expect, it } from "vitest";
import type { Candidate } from "../data/search-scan";
import { isOpenAt } from "./opening-hours";
import { openFilter } from "./paging";

const evening = { fri: "17:00-23:00" };
const lunch = { fri: "11:00-14:00" };
const row = (id: number, hours: unknown, timeZone: string | null, withKey = true): Candidate => ({
  id,
  key: [id],
  openingHours: hours,
  timeZone,
  ...(withKey ? { hoursKey: JSON.stringify(hours) } : {}),
});

describe("openFilter", () => {
  // Friday 2026-07-10 19:30 UTC: 21:30 in Zürich (open in the evening), 15:30 in New York (neither).
  const instant = new Date("2026-07-10T19:30:00Z");

  it("decides each row as isOpenAt does, also when rows repeat an hours text in other time zones", () => {
    const rows = [
      row(1, evening, "Europe/Zurich"),
      row(2, evening, "America/New_York"),
      row(3, evening, "Europe/Zurich"),
      row(4, lunch, "Europe/Zurich"),
      row(5, evening, null),
      row(6, null, "Europe/Zurich"),
      row(7, evening, "America/New_York"),
      row(8, evening, "Europe/Zurich", false),
    ];
    const keep = openFilter(instant);
    expect(rows.map((r) => keep(r))).toEqual(rows.map((r) => isOpenAt(r.openingHours, r.timeZone ?? null, instant) === true));
    expect(rows.filter((r) => keep(r)).map((r) => r.id)).toEqual([1, 3, 8]);
  });

  it("does not carry a decision from one instant to another", () => {
    const r = row(1, evening, "Europe/Zurich");
    expect(openFilter(instant)(r)).toBe(true);
    expect(openFilter(new Date("2026-07-10T08:00:00Z"))(r)).toBe(false);
  });
});
