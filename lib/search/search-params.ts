// The parameters restaurant search and dish search share beyond q/city/cuisine/limit: near,
// radiusKm, openNow, openAt and cursor. One definition, so REST and MCP, both searches, answer
// alike (strings from a query string, JSON values from MCP).
import { z } from "zod";
import { decimalNumber } from "../decimal-number";
import { MAX_CURSOR_LENGTH } from "./cursor";
import { parseNear, RADIUS_KM, type GeoPoint } from "./geo";

// RFC 3339 date-time with an offset (seconds optional, at most nanoseconds): 24:00 is the end of
// the day, and there is no leap second. The published pattern of openAt. Days are those of the
// calendar (30 April, 29 February in leap years only): JavaScript's date parser would roll
// 2026-02-30 over to March 2.
const LEAP_YEAR = String.raw`(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)`;
const DATE = String.raw`(?:\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|${LEAP_YEAR}-02-29)`;
const TIME = String.raw`(?:(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?|24:00(?::00(?:\.0{1,9})?)?)`;
const OFFSET = String.raw`(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)`;
export const OPEN_AT_PATTERN = String.raw`^\s*(?:${DATE}[Tt]${TIME}${OFFSET}\s*)?$`;
const RFC3339 = new RegExp(OPEN_AT_PATTERN);

/** Whether the date at the start of an RFC 3339 text (YYYY-MM-DD) is a day of the calendar. */
export function isCalendarDate(value: string): boolean {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * The query parameters of each search, in one place: the REST handlers read exactly these, and
 * the pages (lib/pages/routes.ts) keep these but limit (a page shows a fixed number per page).
 */
export const RESTAURANT_SEARCH_PARAMS = ["q", "city", "cuisine", "near", "radiusKm", "openNow", "openAt", "limit", "cursor"] as const;
export const DISH_SEARCH_PARAMS = ["q", "city", "cuisine", "diet", "excludeAllergens", "maxPrice", "currency", "near", "radiusKm", "openNow", "openAt", "limit", "cursor"] as const;

export const SEARCH_LIMIT = { min: 1, max: 50, default: 20 } as const;

/** The limit rule in words, for the published descriptions (OpenAPI, MCP tools/list). */
export const SEARCH_LIMIT_RULE = `${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default}. Values outside the range are clamped to it (limit=500 returns at most ${SEARCH_LIMIT.max} results, limit=0 one); only a non-integer, or one beyond ±${Number.MAX_SAFE_INTEGER}, is invalid_request.`;

/** C0 controls and DEL, as a character-class range (a regular expression and the published pattern share it). */
const CONTROL_CHARACTERS = String.raw`\u0000-\u001F\u007F`;
const CONTROL_CHARACTER = new RegExp(`[${CONTROL_CHARACTERS}]`);
const noControlChars = (v: string) => !CONTROL_CHARACTER.test(v);

/** The published pattern of a text filter: no control characters. */
export const NO_CONTROL_CHARACTERS_PATTERN = `^[^${CONTROL_CHARACTERS}]*$`;

export const filterText = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .refine(noControlChars, "must not contain control characters")
    .transform((v) => v.trim())
    .optional();

export const limitParam = z
  .union([z.number(), z.string()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return SEARCH_LIMIT.default;
    const n = typeof v === "number" ? v : (decimalNumber(v) ?? Number.NaN);
    // Any whole number is clamped, up to the size a double holds exactly: beyond that a published
    // integer range could not be stated (OpenAPI, int64), and no client means it.
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({ code: "custom", message: `must be an integer (1 to 50; values outside are clamped; at most ${Number.MAX_SAFE_INTEGER} in size)` });
      return z.NEVER;
    }
    return Math.min(SEARCH_LIMIT.max, Math.max(SEARCH_LIMIT.min, n));
  })
  .describe("1 to 50, default 20; values outside the range are clamped");

export const nearParam = z
  .string()
  .max(100, "at most 100 characters")
  .optional()
  .transform((v, ctx): GeoPoint | undefined => {
    if (v === undefined || v.trim() === "") return undefined;
    const point = parseNear(v);
    if (typeof point === "string") {
      ctx.addIssue({ code: "custom", message: point });
      return z.NEVER;
    }
    return point;
  })
  .describe('"latitude,longitude" in decimal degrees (WGS 84), e.g. 47.3769,8.5417: only restaurants within radiusKm, nearest first, with distanceKm');

export const radiusParam = z
  .union([z.number(), z.string()])
  .optional()
  .transform((v, ctx): number | undefined => {
    if (v === undefined || v === "") return undefined;
    const n = typeof v === "number" ? v : (decimalNumber(v) ?? Number.NaN);
    if (!Number.isFinite(n) || n <= 0 || n > RADIUS_KM.max) {
      ctx.addIssue({ code: "custom", message: `must be a number of kilometres above 0 and at most ${RADIUS_KM.max}` });
      return z.NEVER;
    }
    return n;
  })
  .describe(`Kilometres around near (default ${RADIUS_KM.default}, at most ${RADIUS_KM.max}); only with near`);

export const openNowParam = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "" || v === false || v === "false") return false;
    if (v === true || v === "true") return true;
    ctx.addIssue({ code: "custom", message: "must be true or false" });
    return z.NEVER;
  })
  .describe("true: only restaurants open at this moment, in their own local time (adds openNow to each result)");

export const openAtParam = z
  .string()
  .max(40, "at most 40 characters")
  .optional()
  .transform((v, ctx): Date | undefined => {
    if (v === undefined || v.trim() === "") return undefined;
    const date = new Date(v.trim());
    if (/^\s*\d{4}-\d{2}-\d{2}/.test(v) && !isCalendarDate(v)) {
      ctx.addIssue({ code: "custom", message: `${v.trim().slice(0, 10)} is no day of the calendar (the month is shorter): an RFC 3339 date-time such as 2026-07-04T19:30:00+02:00` });
      return z.NEVER;
    }
    if (!RFC3339.test(v.trim()) || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "must be an RFC 3339 date-time with an offset, e.g. 2026-07-04T19:30:00+02:00 or 2026-07-04T17:30:00Z" });
      return z.NEVER;
    }
    return date;
  })
  .describe("RFC 3339 date-time: only restaurants open at that instant, in their own local time (adds openAt to each result)");

export const cursorParam = z
  .string()
  .max(MAX_CURSOR_LENGTH, "is not a cursor this service wrote: pass nextCursor unchanged")
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v))
  .describe("nextCursor of the previous page, unchanged, with the same filters; omit for the first page");

export const geoTimeFields = { near: nearParam, radiusKm: radiusParam, openNow: openNowParam, openAt: openAtParam, cursor: cursorParam };

/** Checks across fields, for both searches' superRefine. */
export function checkGeoTime(v: { near?: GeoPoint; radiusKm?: number; openNow: boolean; openAt?: Date }, ctx: z.RefinementCtx) {
  if (v.radiusKm !== undefined && !v.near) ctx.addIssue({ code: "custom", path: ["radiusKm"], message: "needs near (the point to measure from)" });
  if (v.openNow && v.openAt) ctx.addIssue({ code: "custom", path: ["openAt"], message: "give either openNow or openAt, not both" });
}

/** The instant openNow means: this minute, so that one minute's identical searches share a cache entry. */
export function currentMinute(now = Date.now()): Date {
  return new Date(Math.floor(now / 60_000) * 60_000);
}

/**
 * The paging/geo/time inputs as tools publish them (MCP inputSchema): plain JSON types, where the
 * capability also takes the strings a query string carries.
 */
export const publishedPagingFields = {
  limit: z.number().int().min(SEARCH_LIMIT.min).max(SEARCH_LIMIT.max).default(SEARCH_LIMIT.default).describe(SEARCH_LIMIT_RULE),
  near: z.string().optional().describe(nearParam.description ?? ""),
  radiusKm: z.number().gt(0).max(RADIUS_KM.max).optional().describe(radiusParam.description ?? ""),
  openNow: z.boolean().optional().describe(openNowParam.description ?? ""),
  openAt: z.string().optional().describe(`${openAtParam.description ?? ""}. Open hours past midnight count for the next morning; restaurants with unknown hours are left out.`),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional().describe(cursorParam.description ?? ""),
};
