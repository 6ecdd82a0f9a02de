// "Open now" / "open at": is a restaurant open at an instant, in its own local time?
//
// Opening hours are local wall-clock ranges per weekday ("mon": "11:30-22:30"), read in the time
// zone of the restaurant's city (City.timeZone, IANA). Rules (README, "Open now"):
// - a range whose end is not after its start runs past midnight: "fri": "18:00-02:00" is open
//   Friday 18:00 until Saturday 02:00 (so at 01:00 on Saturday the Friday range applies);
// - "24:00" as an end means midnight at the end of that day;
// - a weekday missing from the hours is closed that day;
// - unknown hours (null) or a city without a time zone: unknown, never "open".
// Daylight saving time is the time zone's business: the local time comes from Intl.
import { DAY_KEYS } from "../import/import-schema";

type DayKey = (typeof DAY_KEYS)[number];

const WEEKDAY: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

// One formatter per time zone; zones come from the directory (a few dozen), not from clients.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** The weekday (0 = Monday) and minute of the day at `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): { day: number; minute: number } {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: WEEKDAY[get("weekday")], minute: Number(get("hour")) * 60 + Number(get("minute")) };
}

function minutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** [start, end) in minutes of the range's own day; end may exceed 1440 (past midnight). */
function span(range: string): [number, number] | null {
  if (!/^\d{2}:\d{2}-\d{2}:\d{2}$/.test(range)) return null;
  const start = minutes(range.slice(0, 5));
  let end = minutes(range.slice(6));
  if (end <= start) end += 24 * 60;
  return [start, end];
}

/** Open at that local weekday and minute? */
export function isOpenAtLocal(hours: Partial<Record<DayKey, string>>, day: number, minute: number): boolean {
  const today = hours[DAY_KEYS[day]];
  const t = today ? span(today) : null;
  if (t && minute >= t[0] && minute < t[1]) return true;
  const yesterday = hours[DAY_KEYS[(day + 6) % 7]];
  const y = yesterday ? span(yesterday) : null;
  return y !== null && minute + 24 * 60 >= y[0] && minute + 24 * 60 < y[1];
}

/** true / false, or null when the hours or the time zone are unknown. */
export function isOpenAt(hours: unknown, timeZone: string | null, instant: Date): boolean | null {
  if (!timeZone || !hours || typeof hours !== "object" || Array.isArray(hours)) return null;
  let local: { day: number; minute: number };
  try {
    local = localTime(instant, timeZone);
  } catch {
    return null; // a zone this runtime does not know: the local time is unknown
  }
  const { day, minute } = local;
  return isOpenAtLocal(hours as Partial<Record<DayKey, string>>, day, minute);
}
