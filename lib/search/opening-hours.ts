// "Open now" / "open at" / "open until": a restaurant's state at an instant, in its own local time.
// One function, openState, answers both the search filters (openNow, openAt: isOpenAt) and the
// menu page's badge ("Open until 22:00", "Closed · opens 17:30"), on the server and in the browser.
// Kept free of imports so the browser bundle gets only this file.
//
// Opening hours are local wall-clock ranges per weekday ("mon": "11:30-22:30"), read in the time
// zone of the restaurant's city (City.timeZone, IANA). Rules (docs/api.md, "Near me and open now"):
// - a range whose end is not after its start runs past midnight: "fri": "18:00-02:00" is open
//   Friday 18:00 until Saturday 02:00 (so at 01:00 on Saturday the Friday range applies);
// - "24:00" as an end means midnight at the end of that day;
// - a weekday missing from the hours is closed that day;
// - unknown hours (null) or a city without a time zone: unknown, never "open".
// Daylight saving time is the time zone's business: the local time comes from Intl, and the next
// change is a wall-clock time ("opens 17:30"), right on either side of a clock change.

/** The weekdays, Monday first, as the hours objects key them. */
export const DAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export type DayKey = (typeof DAY_KEYS)[number];

const WEEKDAY: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const DAY = 24 * 60;
const WEEK = 7 * DAY;

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

/**
 * The minute of the local week (0 = Monday 00:00, up to 10079) at `instant` in `timeZone`, or null
 * for a zone this runtime does not know. The search's SQL open filter compares this with the stored
 * intervals (migration opening_interval), which follow weekIntervals' arithmetic below.
 */
export function minuteOfWeek(instant: Date, timeZone: string): number | null {
  try {
    const local = localTime(instant, timeZone);
    return local.day * DAY + local.minute;
  } catch {
    return null;
  }
}

function minutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** [start, end) in minutes of the range's own day; end may exceed 1440 (past midnight). */
function span(range: string): [number, number] | null {
  if (!/^\d{2}:\d{2}-\d{2}:\d{2}$/.test(range)) return null;
  const start = minutes(range.slice(0, 5));
  let end = minutes(range.slice(6));
  if (end <= start) end += DAY;
  return [start, end];
}

/** A wall-clock moment relative to "now": `inDays` 0 = later today, 1 = tomorrow…; time "HH:MM" ("24:00" = tonight's midnight). */
export interface LocalMoment {
  /** 0 = Monday */
  day: number;
  time: string;
  inDays: number;
}

/**
 * Open or closed, and until when. `closes: null` = open around the clock; `opens: null` = no
 * opening hours on any day.
 */
export type OpenState = { open: true; closes: LocalMoment | null } | { open: false; opens: LocalMoment | null };

/** The week's open intervals in minutes from Monday 00:00, wrapped at the week's end, sorted, merged. */
function weekIntervals(hours: Partial<Record<DayKey, string>>): [number, number][] {
  const raw: [number, number][] = [];
  DAY_KEYS.forEach((key, d) => {
    const value = hours[key];
    const s = typeof value === "string" ? span(value) : null;
    if (!s) return;
    const a = d * DAY + s[0];
    const b = d * DAY + s[1];
    if (b <= WEEK) raw.push([a, b]);
    else raw.push([a, WEEK], [0, b - WEEK]);
  });
  raw.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of raw) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

function moment(absolute: number, now: number): LocalMoment {
  const nowDay = Math.floor(now / DAY);
  let dayIndex = Math.floor(absolute / DAY);
  let minute = absolute - dayIndex * DAY;
  // Midnight at the end of a day reads "24:00" of that day, not "00:00" of the next.
  if (minute === 0 && dayIndex > nowDay) {
    dayIndex -= 1;
    minute = DAY;
  }
  const hh = String(Math.floor(minute / 60)).padStart(2, "0");
  const mm = String(minute % 60).padStart(2, "0");
  return { day: dayIndex % 7, time: `${hh}:${mm}`, inDays: dayIndex - nowDay };
}

/** The state at a local weekday (0 = Monday) and minute of the day. */
export function openStateLocal(hours: Partial<Record<DayKey, string>>, day: number, minute: number): OpenState {
  const now = day * DAY + minute;
  const intervals = weekIntervals(hours);
  if (intervals.length === 0) return { open: false, opens: null };
  if (intervals.length === 1 && intervals[0][0] === 0 && intervals[0][1] === WEEK) return { open: true, closes: null };
  const first = intervals[0];
  const last = intervals[intervals.length - 1];
  // An interval running into the next week continues in the week's first one.
  const wraps = first[0] === 0 && last[1] === WEEK;
  for (const [a, b] of intervals) {
    if (now < a || now >= b) continue;
    const end = b === WEEK && wraps ? WEEK + first[1] : b;
    return { open: true, closes: moment(end, now) };
  }
  const next = intervals.find(([a]) => a > now);
  return { open: false, opens: moment(next ? next[0] : WEEK + first[0], now) };
}

/** The state at `instant` in `timeZone`; null when the hours or the time zone are unknown. */
export function openState(hours: unknown, timeZone: string | null, instant: Date): OpenState | null {
  if (!timeZone || !hours || typeof hours !== "object" || Array.isArray(hours)) return null;
  let local: { day: number; minute: number };
  try {
    local = localTime(instant, timeZone);
  } catch {
    return null; // a zone this runtime does not know: the local time is unknown
  }
  return openStateLocal(hours as Partial<Record<DayKey, string>>, local.day, local.minute);
}

/** Open at that local weekday and minute? */
export function isOpenAtLocal(hours: Partial<Record<DayKey, string>>, day: number, minute: number): boolean {
  return openStateLocal(hours, day, minute).open;
}

/** true / false, or null when the hours or the time zone are unknown (the search filters). */
export function isOpenAt(hours: unknown, timeZone: string | null, instant: Date): boolean | null {
  return openState(hours, timeZone, instant)?.open ?? null;
}

/**
 * The instants (ms since the epoch) between which the state at `instant` and the restaurant's
 * local day stay as they are: [from, until), bounded by the last and the next opening or closing
 * and by local midnights (the line's "today"/"tomorrow" wording and the hours table's today change
 * then). A page carries the span of the state it was rendered with, so that the browser recomputes
 * the line only when its clock has left the span (a page kept in a cache across a change, or a
 * clock that disagrees with the server's) — the local time of a zone costs the browser its time
 * zone data, hundreds of milliseconds of a phone's main thread at load. Where a clock change falls
 * inside the span, the span is shortened to the safe side: recomputing early is harmless. Null
 * when the state is unknown.
 */
export function stateSpan(hours: unknown, timeZone: string | null, instant: Date): { from: number; until: number } | null {
  if (!timeZone || !hours || typeof hours !== "object" || Array.isArray(hours)) return null;
  const now = minuteOfWeek(instant, timeZone);
  if (now === null) return null;
  // Each end of an open interval is a change; within the day only (midnights bound the span).
  let back = now % DAY;
  let ahead = DAY - back;
  for (const [a, b] of weekIntervals(hours as Partial<Record<DayKey, string>>)) {
    for (const edge of [a, b]) {
      if (edge <= now) back = Math.min(back, now - edge);
      else ahead = Math.min(ahead, edge - now);
    }
  }
  const minuteStart = Math.floor(instant.getTime() / 60_000) * 60_000;
  // Wall-clock minutes are real minutes unless the zone's offset changes in between: then the
  // instant where the clock reads the edge is off by the change, and the span ends at the nearer.
  const at = (minutes: number, nearer: (x: number, y: number) => number): number => {
    const candidate = minuteStart + minutes * 60_000;
    const read = minuteOfWeek(new Date(candidate), timeZone) as number;
    let drift = (((now + minutes - read) % WEEK) + WEEK) % WEEK;
    if (drift > WEEK / 2) drift -= WEEK;
    return drift === 0 ? candidate : nearer(candidate, candidate + drift * 60_000);
  };
  const from = at(-back, Math.max);
  const until = at(ahead, Math.min);
  return { from: Math.min(from, minuteStart), until: Math.max(until, minuteStart + 60_000) };
}
