// What both searches do with a cursor and the open-at instant: read the position a cursor
// carries, write the next one, and fix the instant "open now" means for a whole walk of pages.
import type { Candidate, Key, RankPosition } from "../data/search-scan";
import { decodeCursor, encodeCursor, invalidCursor } from "./cursor";
import { kilometres, RADIUS_KM, type GeoPoint } from "./geo";
import { currentMinute } from "./search-params";

export interface GeoTimeInput {
  near?: GeoPoint;
  radiusKm?: number;
  openNow: boolean;
  openAt?: Date;
  cursor?: string;
}

export interface Paging {
  /** the keyset position the page starts after (a ranked search: the start of its window) */
  from?: Key;
  /** a ranked search: the position within the window the page starts after (lib/data/search-scan.ts rankedPage) */
  rankFrom?: RankPosition;
  near?: { center: GeoPoint; radiusKm: number };
  /** the instant of the open filter (SQL: lib/data/search-scan.ts openAtSql): openAt, or for openNow the minute of the walk's first page */
  instant?: Date;
  /** the query echo's geo/time part */
  echo: { near?: GeoPoint; radiusKm?: number; openNow?: boolean; openAt?: string };
  /** the cursor for a next page at `next` (and `rank` within its window), or null */
  cursorFor(next: Key | null, rank?: RankPosition): string | null;
  /** distanceKm / openNow / openAt of one result */
  extras(c: Candidate): { distanceKm?: number; openNow?: boolean; openAt?: boolean };
}

interface Position {
  /** the key the page starts after; with r, the start of the page's window ([]: the first) */
  k: Key;
  /** a ranked search: the [rank, index] within the window the page starts after; absent in cursors from before ranking, whose k starts a window */
  r?: RankPosition;
  /** openNow: the instant of the first page (epoch ms), so that every page filters alike */
  t?: number;
}

const isIndex = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function position(value: unknown, openNow: boolean): Position {
  const p = value as Position;
  const okRank = p?.r === undefined || (Array.isArray(p.r) && p.r.length === 2 && p.r.every(isIndex));
  const okKey = Array.isArray(p?.k) && (p.k.length > 0 || p.r !== undefined) && p.k.every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)));
  const okTime = !openNow || (typeof p.t === "number" && Number.isFinite(p.t));
  if (!okRank || !okKey || !okTime) throw invalidCursor();
  return p;
}

/**
 * `scope` names the endpoint, `bound` the filters a cursor must come back with (everything but
 * cursor and limit: a client may change the page size while walking).
 */
export function paging(scope: string, bound: unknown, input: GeoTimeInput): Paging {
  const near = input.near ? { center: input.near, radiusKm: input.radiusKm ?? RADIUS_KM.default } : undefined;
  const decoded = input.cursor ? position(decodeCursor(scope, bound, input.cursor), input.openNow) : undefined;
  const instant = input.openAt ?? (input.openNow ? (decoded?.t !== undefined ? new Date(decoded.t) : currentMinute()) : undefined);
  return {
    from: decoded?.k.length ? decoded.k : undefined,
    rankFrom: decoded?.r,
    near,
    instant,
    echo: {
      ...(near ? { near: near.center, radiusKm: near.radiusKm } : {}),
      ...(input.openNow ? { openNow: true } : {}),
      ...(instant ? { openAt: instant.toISOString() } : {}),
    },
    cursorFor: (next, rank) => (next ? encodeCursor(scope, bound, { k: next, ...(rank ? { r: rank } : {}), ...(input.openNow && instant ? { t: instant.getTime() } : {}) }) : null),
    extras: (c) => ({
      ...(c.squaredDistance !== undefined ? { distanceKm: kilometres(c.squaredDistance) } : {}),
      ...(input.openNow ? { openNow: true } : input.openAt ? { openAt: true } : {}),
    }),
  };
}
