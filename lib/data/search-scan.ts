// Keyset scans for the searches that order by a computed value (distance) or filter by the opening
// hours (open at an instant, in each restaurant's own time zone): restaurant search with
// near/openNow/openAt and every dish search. Portable SQL, the same on SQLite and PostgreSQL, but
// for the read of the open restaurants off each engine's own index (openRestaurantIds).
//
// Paging is keyset, never OFFSET: a page starts strictly after the key of the previous page's last
// row, so page 100 costs what page 1 costs, and every match turns up exactly once however the
// pages are walked. Every filter is SQL, "open at" too (openRestaurantIds, openAtSql): a page is
// `limit` rows unless it is the last, and the total is counted like any other (docs/api.md, "Pagination").
import { databaseKind } from "../db/database-url";
import { Prisma } from "../db/generated/client";
import { readDb } from "../db/prisma";
import { boundingBox, KM_PER_DEGREE, longitudeScale, squaredRadius, type GeoPoint } from "../search/geo";
import { minuteOfWeek } from "../search/opening-hours";
import { TOTAL_BOUND } from "../search/total-bound";

export type KeyValue = string | number;
export type Key = KeyValue[];

/** A boolean column is true: 1 on SQLite, TRUE on PostgreSQL. */
export function isTrue(column: string): Prisma.Sql {
  return Prisma.raw(`${column} = ${databaseKind() === "sqlite" ? "1" : "TRUE"}`);
}

/** Squared distance (degrees of latitude) of the restaurant r from the centre. */
export function squaredDistanceSql(center: GeoPoint): Prisma.Sql {
  const k = longitudeScale(center);
  return Prisma.sql`((r."latitude" - ${center.lat}) * (r."latitude" - ${center.lat}) + (r."longitude" - ${center.lng}) * ${k} * (r."longitude" - ${center.lng}) * ${k})`;
}

/** Restaurant r within radiusKm of the centre: the bounding box first (cheap), then the circle. */
export function withinSql(center: GeoPoint, radiusKm: number, squared: Prisma.Sql): Prisma.Sql {
  const box = boundingBox(center, radiusKm);
  return Prisma.sql`r."latitude" IS NOT NULL AND r."longitude" IS NOT NULL AND r."latitude" BETWEEN ${box.minLat} AND ${box.maxLat} AND r."longitude" BETWEEN ${box.minLng} AND ${box.maxLng} AND ${squared} <= ${squaredRadius(radiusKm)}`;
}

export interface ScanQuery {
  /** FROM … (with joins) */
  from: Prisma.Sql;
  where: Prisma.Sql[];
  /** the result order, most significant first; together unique per row */
  key: Prisma.Sql[];
  /** more columns, aliased */
  columns: Prisma.Sql[];
  /**
   * The total's own FROM, when another side of the same matches is cheaper to count from than
   * the one the page reads in order (dish q on SQLite: the index's matches, stopping at the bound).
   */
  countFrom?: Prisma.Sql;
  /**
   * Conditions the total adds to `where`, implied by it: an indexable form of one of them, where
   * the page must not use the index (dish q on PostgreSQL, when walking in order is cheaper).
   */
  countWhere?: Prisma.Sql[];
  /**
   * Rows that come in groups of one restaurant, whose own key leads the row key (dishes: the
   * restaurant's name and slug, then section and dish positions). With near, scanSearch reads
   * such a query restaurant first (groupedRows): no index gives the distance order, and sorting
   * every dish within the radius grows with the radius' dishes; sorting its restaurants and then
   * only the dishes of the next few does not. So it does when few restaurants are open (OPEN_GROUP).
   */
  group?: {
    /** FROM "Restaurant" r (and what the group's conditions join) */
    from: Prisma.Sql;
    /** the conditions of `where` that concern the restaurant alone */
    where: Prisma.Sql[];
    /** how many leading key columns are the restaurant's */
    keyLength: number;
    /**
     * The rows' FROM within one batch of restaurants, when it differs from `from`: the batch is a
     * short id list, and the rows are best read from it (SQLite read the matches of q from its
     * trigram index again for every batch, or walked every published restaurant for the ids).
     */
    rowsFrom?: Prisma.Sql;
  };
  /**
   * A walk in key order with a bound: past this value of the leading key columns, the rest of
   * the page is read from `from` instead (dish q: the index's matches, sorted), so that a walk
   * whose estimate was wrong costs at most its bound more than the other way.
   */
  walkUpTo?: { key: Key; from: Prisma.Sql; sortApart?: boolean; onCut?: () => void };
  /**
   * Read every row of `from` past the page's start, then sort them for the page, with a fence
   * (OFFSET 0) between the two. For a FROM that starts from an index's matches (dish q on
   * PostgreSQL): given ORDER BY and LIMIT, its planner walked the restaurants in name order
   * instead, testing each against all the matches held in memory, and a word whose matches cluster
   * late in that order ran into the statement timeout (q=ramen past a walk's bound at 100 000
   * restaurants: over 10 s, against 306 ms sorted apart).
   */
  sortApart?: boolean;
  /** With near: the radius, whose condition in `where` (and the group's) a page's read narrows (nearestFirst). Set by scanSearch. */
  ring?: NearRing;
}

/** near as scanSearch puts it in a query: `within` is the very term of `where` that holds the radius. */
interface NearRing {
  center: GeoPoint;
  radiusKm: number;
  squared: Prisma.Sql;
  within: Prisma.Sql;
}

export interface ScanRow {
  id: number;
  key: Key;
  [column: string]: unknown;
}

const and = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`1 = 1`);

function after(query: ScanQuery, key: Key | undefined): Prisma.Sql[] {
  if (!key) return query.where;
  // Row values: (a, b) > (x, y) in the same order and collation as ORDER BY, on both engines.
  // The leading column's own bound follows from it; spelled out for PostgreSQL, which does not
  // derive it across joined tables and would otherwise read every row before the cursor (a deep
  // page costing more than the first). SQLite derives it, and the extra term misleads its planner
  // (bench/results.md: a page 101 of 2 s at 5 million dishes).
  const leading = databaseKind() === "postgresql" ? [Prisma.sql`${query.key[0]} >= ${key[0]}`] : [];
  return [...query.where, ...leading, Prisma.sql`(${Prisma.join(query.key)}) > (${Prisma.join(key)})`];
}

/** Restaurants read per step of groupedRows, growing fourfold while the page is not full. */
const GROUP_BATCH = 8;
const GROUP_BATCH_MAX = 2000;

async function fetchRows(query: ScanQuery, from: Key | undefined, take: number): Promise<ScanRow[]> {
  if (query.group) return groupedRows(query, query.group, from, take);
  if (query.ring) return nearestFirst(query.ring, from, take, (narrow) => orderedRows({ ...query, where: narrow(query.where) }, from, take));
  if (query.walkUpTo) return walkThenRead(query, query.walkUpTo, from, take);
  return orderedRows(query, from, take);
}

/**
 * The share of the radius (beyond the cursor) a page's first read covers (1: the whole radius at
 * once), and a watcher of each read's disc: settings only so that the tests can take either path
 * and see which one they took.
 */
export const nearRings: { first: number; onRead?: (discKm: number, radiusKm: number) => void } = { first: 1 / 8 };

/**
 * With near, the next `take` rows nearest first, read from a disc that grows until it holds them
 * instead of from the whole radius: ORDER BY distance read and sorted every restaurant within the
 * radius for each page, and those grow with the data (5 km around Warsaw: 18 restaurants at 1 000,
 * 1 537 at 100 000; that page's read 0.10 → 4.0 ms on SQLite, 0.4 ms from an eighth of the radius,
 * both before the near index held name and slug).
 * A disc of radius r holds every row nearer than r, so once it yields `take` rows after the
 * cursor, they are the next `take` of the whole radius: every row outside it is farther than the
 * last of them (which must be inside by a margin: the box and the circle are compared in floating
 * point). Otherwise the disc grows to where its area beyond the cursor should hold four times
 * `take` (at least twice as wide), or to the radius itself once that is most of it; the radius is
 * read as before. A filter that leaves few restaurants (q, open now) costs one small read more.
 * `read` gets the narrowing: the conditions with the radius' term replaced by the disc's.
 */
async function nearestFirst(ring: NearRing, from: Key | undefined, take: number, read: (narrow: (terms: Prisma.Sql[]) => Prisma.Sql[]) => Promise<ScanRow[]>): Promise<ScanRow[]> {
  const inner = from ? Math.sqrt(Math.max(0, Number(from[0]))) * KM_PER_DEGREE : 0;
  for (let r = inner + (ring.radiusKm - inner) * nearRings.first; ; ) {
    nearRings.onRead?.(Math.min(r, ring.radiusKm), ring.radiusKm);
    if (!(r < ring.radiusKm)) return read((terms) => terms);
    const within = withinSql(ring.center, r, ring.squared);
    const rows = await read((terms) => terms.map((term) => (term === ring.within ? within : term)));
    const inside = squaredRadius(r) * (1 - 1e-9);
    // The read's LIMIT is `take`: a full read is exactly the page.
    if (rows.length >= take && Number(rows[take - 1].key[0]) <= inside) return rows;
    const found = rows.filter((row) => Number(row.key[0]) <= inside).length;
    const wanted = found === 0 ? Infinity : Math.sqrt(inner * inner + ((r * r - inner * inner) * 4 * take) / found);
    // A disc most of the radius wide costs most of reading the radius, and may still fall short.
    r = wanted > ring.radiusKm * 0.7 ? ring.radiusKm : Math.max(wanted, inner + 2 * (r - inner));
  }
}

/** The walk up to its bound, then, for a page not yet full, the rows beyond it from the other FROM. */
async function walkThenRead(query: ScanQuery, upTo: NonNullable<ScanQuery["walkUpTo"]>, from: Key | undefined, take: number): Promise<ScanRow[]> {
  const lead = Prisma.join(query.key.slice(0, upTo.key.length));
  const bound = Prisma.join(upTo.key);
  const walked = await orderedRows({ ...query, where: [...query.where, Prisma.sql`(${lead}) <= (${bound})`] }, from, take);
  if (walked.length >= take) return walked;
  upTo.onCut?.();
  const beyond = await orderedRows({ ...query, from: upTo.from, sortApart: upTo.sortApart, where: [...query.where, Prisma.sql`(${lead}) > (${bound})`] }, from, take - walked.length);
  return [...walked, ...beyond];
}

/**
 * The next `take` rows after `from`, restaurant first: the next few restaurants in key order (from
 * the one `from` is in), then their rows sorted. The restaurants' key is the leading part of the
 * rows', so the batches follow one another in row order.
 */
async function groupedRows(query: ScanQuery, group: NonNullable<ScanQuery["group"]>, from: Key | undefined, take: number): Promise<ScanRow[]> {
  const groupKey = query.key.slice(0, group.keyLength);
  const rows: ScanRow[] = [];
  let start = from ? { key: from.slice(0, group.keyLength), inclusive: true } : undefined;
  for (let batch = GROUP_BATCH; ; batch = Math.min(batch * 4, GROUP_BATCH_MAX)) {
    const bound = start ? [Prisma.sql`(${Prisma.join(groupKey)}) ${Prisma.raw(start.inclusive ? ">=" : ">")} (${Prisma.join(start.key)})`] : [];
    const readBatch = (narrow: (terms: Prisma.Sql[]) => Prisma.Sql[]) =>
      keyedRows(
        Prisma.sql`SELECT r."id" AS "id", ${Prisma.join(keyColumns(groupKey))} ${group.from} WHERE ${and([...narrow(group.where), ...bound])} ORDER BY ${Prisma.join(groupKey)} LIMIT ${batch}`,
        groupKey.length,
      );
    // With near, the batch nearest first from a disc (nearestFirst): fewer than `batch` still means the radius is done.
    const restaurants = query.ring ? await nearestFirst(query.ring, start?.key, batch, readBatch) : await readBatch((terms) => terms);
    if (restaurants.length === 0) return rows;
    const ids = restaurants.map((r) => r.id);
    rows.push(...(await orderedRows({ ...query, from: group.rowsFrom ?? query.from, where: [...query.where, Prisma.sql`r."id" IN (${Prisma.join(ids)})`] }, from, take - rows.length)));
    if (rows.length >= take || restaurants.length < batch) return rows;
    start = { key: restaurants[restaurants.length - 1].key, inclusive: false };
  }
}

async function orderedRows(query: ScanQuery, from: Key | undefined, take: number): Promise<ScanRow[]> {
  const rows = Prisma.sql`SELECT ${Prisma.join([...query.columns, ...keyColumns(query.key)])} ${query.from} WHERE ${and(after(query, from))}`;
  if (!query.sortApart) return keyedRows(Prisma.sql`${rows} ORDER BY ${Prisma.join(query.key)} LIMIT ${take}`, query.key.length);
  // The key columns keep their collation through the subquery: the same order as ORDER BY key.
  const keys = Prisma.join(query.key.map((_, i) => Prisma.raw(`t."k${i}"`)));
  return keyedRows(Prisma.sql`SELECT * FROM (${rows} OFFSET 0) t ORDER BY ${keys} LIMIT ${take}`, query.key.length);
}

/** The key expressions, selected as "k0", "k1", … (read back by keyedRows). */
function keyColumns(key: Prisma.Sql[]): Prisma.Sql[] {
  return key.map((k, i) => Prisma.sql`${k} AS ${Prisma.raw(`"k${i}"`)}`);
}

/** Rows of a query that selects "id" and keyColumns of a `length`-column key. */
async function keyedRows(sql: Prisma.Sql, length: number): Promise<ScanRow[]> {
  const rows = await readDb().$queryRaw<Record<string, unknown>[]>(sql);
  return rows.map((row) => ({ ...row, id: Number(row.id), key: Array.from({ length }, (_, i) => normalize(row[`k${i}`])) }));
}

function normalize(value: unknown): KeyValue {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number" || typeof value === "string") return value;
  return String(value);
}

export interface ScanPage {
  rows: ScanRow[];
  /** where the next page starts; null on the last page (ranked: the start of its window, [] for the first) */
  next: Key | null;
  /** ranked: the next page's position within its window (rankedPage) */
  nextRank?: RankPosition;
}

/** A ranked row's place within its window: its rank, then its index in the window's key order. */
export type RankPosition = [rank: number, index: number];

/** A page of a ranked search: after window start `from` (none: the first window), past `rankFrom` within it (none: from its start). */
export interface PageFrom {
  from?: Key;
  rankFrom?: RankPosition;
  limit: number;
}

/** Each row's rank (lower first), in the order of `rows`. */
export type Ranker = (rows: ScanRow[]) => Promise<number[]>;

const byPosition = (a: RankPosition, b: RankPosition) => a[0] - b[0] || a[1] - b[1];

/**
 * One page of a ranked search: the matches in key order, cut into windows of `window` rows, each
 * window in rank order (ties in key order). Each window is read like a page of that size, so a
 * page costs what a page of `window` rows costs, however many match; the windows are the same on
 * every page (the next starts after the key of the last row of the one before), so the order is
 * stable across pages and every match turns up exactly once. A cursor of the plain key order
 * (from before the ranking) is a window start: the walk goes on from there.
 */
export async function rankedPage(query: ScanQuery, page: PageFrom, window: number, rank: Ranker): Promise<ScanPage> {
  const picked: { row: ScanRow; start: Key; at: RankPosition }[] = [];
  let start = page.from;
  let after = page.rankFrom;
  for (;;) {
    const read = await fetchRows(query, start, window + 1);
    const rows = read.slice(0, window);
    const ranks = await rank(rows);
    const ordered = rows.map((row, i) => ({ row, start: start ?? [], at: [ranks[i], i] as RankPosition })).sort((a, b) => byPosition(a.at, b.at));
    picked.push(...(after ? ordered.filter((x) => byPosition(x.at, after!) > 0) : ordered));
    if (picked.length > page.limit || read.length <= window) break;
    start = rows[window - 1].key;
    after = undefined;
  }
  if (picked.length <= page.limit) return { rows: picked.map((p) => p.row), next: null };
  const last = picked[page.limit - 1];
  return { rows: picked.slice(0, page.limit).map((p) => p.row), next: last.start, nextRank: last.at };
}

/** One page of `limit` matches after `from`, in key order. */
export async function scanPage(query: ScanQuery, options: { from?: Key; limit: number }): Promise<ScanPage> {
  const { limit } = options;
  const rows = await fetchRows(query, options.from, limit + 1);
  return rows.length > limit ? { rows: rows.slice(0, limit), next: rows[limit - 1].key } : { rows, next: null };
}

export interface BoundedTotal {
  total: number;
  /** true: total is a lower bound (TOTAL_BOUND reached) */
  capped: boolean;
}

/** The number of matches from the start, counted no further than TOTAL_BOUND. */
export async function boundedTotal(query: ScanQuery): Promise<BoundedTotal> {
  const sql = Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 AS one ${query.countFrom ?? query.from} WHERE ${and([...query.where, ...(query.countWhere ?? [])])} LIMIT ${TOTAL_BOUND + 1}) t`;
  const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(sql);
  const n = Number(row?.n ?? 0);
  return n > TOTAL_BOUND ? { total: TOTAL_BOUND, capped: true } : { total: n, capped: false };
}

/** A row as the result extras see it. */
export interface Candidate {
  id: number;
  key: Key;
  /** with near: the squared distance in degrees (lib/search/geo.ts kilometres()) */
  squaredDistance?: number;
}

/**
 * "Restaurant r is open at `instant`" in SQL, for every time zone at once. Each zone's minute of
 * the local week at that instant comes from lib/search/opening-hours.ts (minuteOfWeek: Intl, so
 * daylight saving time is the zone's business), one CASE arm per zone of the directory (a few
 * dozen); the restaurant is open when one of its stored intervals (migration opening_interval,
 * the arithmetic of weekIntervals there) holds its zone's minute: a read of the interval table's
 * primary key by restaurant id, a handful of rows. The intervals carry a copy of the city's time
 * zone, so the test needs r."id" alone: the walk stays on the name, city or cuisine index without
 * reading each restaurant row and its city (4× fewer microseconds a candidate on SQLite, measured
 * at 28 000 restaurants), and it fits the restaurant-first read of near (ScanQuery.group), whose
 * FROM has no city. Unknown hours (no intervals), a city without a time zone, a zone this runtime
 * does not know: never open, as isOpenAt says. It replaced a filter in JS after SQL, which read
 * every candidate's hours (openNow 3.1× from 1 000 to 28 000 restaurants, issue #29). `read`: the
 * zones of the search's place with their minutes, when openRestaurantIds has read them (its
 * candidates are all in that place); otherwise every city's.
 */
export async function openAtSql(instant: Date, read?: ZoneMinutes): Promise<Prisma.Sql> {
  const zones = read ?? zoneMinutesOf(await cityZones(), zoneMinutes(instant));
  // Zones at the same local minute share one arm (Europe's dozens are one or two): the CASE runs
  // once for each interval read, so fewer arms are fewer comparisons (2× fewer microseconds a
  // candidate than one arm a zone, measured on SQLite at 28 000 restaurants).
  const byMinute = new Map<number, string[]>();
  for (const [timeZone, minute] of zones) byMinute.set(minute, [...(byMinute.get(minute) ?? []), timeZone]);
  if (byMinute.size === 0) return Prisma.sql`1 = 0`;
  // The minutes are integers computed here, written literally: constants for the planner.
  const at = (minute: number) => Prisma.raw(String(minute));
  const arms = [...byMinute].map(
    ([minute, names]) => Prisma.sql`WHEN oi."timeZone" IN (${Prisma.join(names)}) THEN oi."startMinute" <= ${at(minute)} AND oi."endMinute" > ${at(minute)}`,
  );
  const minutes = [...byMinute.keys()];
  // The bounds over all zones narrow the read of the primary key to the intervals that may hold one of the minutes.
  return Prisma.sql`EXISTS (SELECT 1 FROM "OpeningInterval" oi WHERE oi."restaurantId" = r."id" AND oi."startMinute" <= ${at(Math.max(...minutes))} AND oi."endMinute" > ${at(Math.min(...minutes))} AND (CASE ${Prisma.join(arms, " ")} ELSE ${isFalse()} END))`;
}

/**
 * Up to this many open restaurants are read off the interval index (openRestaurantIds) and narrow a
 * search as an id list; past it, openAtSql tests each candidate. A setting only so that the tests
 * can take either path (0: only "none open" is read off the index; Infinity: always the list).
 */
export const openList = { max: 100 };

/** Time zones, each with its minute of the week at an instant (a zone this runtime does not know is left out). */
export type ZoneMinutes = [zone: string, minute: number][];

/**
 * What the interval index says: the open restaurants, or `undefined` when they are too many to
 * list, with the zones of the place it read on the way (openAtSql takes them instead of reading
 * the City table again).
 */
export type OpenRead = { ids: number[] } | { ids: undefined; zones?: ZoneMinutes };

/**
 * The restaurants open at `instant` (published or not: the search adds that rule), in the cities
 * `inCities` when given (on PostgreSQL, in those cities' time zones: a superset), read off the
 * index of the opening intervals (migration open_interval_index) by one stabbing query a city
 * (SQLite's R*Tree of minute and city) or a time zone (PostgreSQL's GiST index of zone and range):
 * each place's local minute comes from minuteOfWeek, as in openAtSql. No list when more than
 * openList.max are open (PostgreSQL: or no cities given): then testing each candidate's intervals
 * is the cheaper way. At night few are open, and the filter tested every candidate to find none (a
 * dish search with maxPrice in PLN and openNow at 01:17 in Warsaw: 10.5 → 378.7 ms from 1 000 to
 * 100 000 restaurants on SQLite, issue #29); the index names the few, or none, at once (9.81 ms over HTTP).
 */
export async function openRestaurantIds(instant: Date, inCities?: number[]): Promise<OpenRead> {
  if (inCities?.length === 0) return { ids: [] };
  // PostgreSQL reads the index a time zone at a time: 6–10 ms for all 21 zones at 100 000
  // restaurants when many are open (planning the arms, a bitmap of each zone's open intervals),
  // which a search with the place unknown would pay on every page; within a place it is a zone or two.
  if (databaseKind() === "postgresql" && !inCities) return { ids: undefined };
  // A restaurant has at most two intervals holding one minute (a range past midnight, and the
  // next day's from midnight), so twice the bound in rows holds the bound in restaurants.
  const rowLimit = Number.isFinite(openList.max) ? Prisma.sql`LIMIT ${2 * (openList.max + 1)}` : Prisma.empty;
  const minutes = zoneMinutes(instant);
  const cityWhere = inCities ? Prisma.sql` AND "id" IN (${Prisma.join(inCities)})` : Prisma.empty;
  // The ids come back as one JSON array, one row for Prisma to hand over however many they are.
  let rows: { ids: string | number[] | null; n: number | bigint }[];
  let zones: ZoneMinutes;
  if (databaseKind() === "sqlite") {
    const cities = await readDb().$queryRaw<{ id: number | bigint; timeZone: string }[]>(
      Prisma.sql`SELECT "id", "timeZone" FROM "City" WHERE "timeZone" IS NOT NULL${cityWhere}`,
    );
    const at = cities.flatMap((c) => {
      const minute = minutes(c.timeZone);
      return minute === null ? [] : [[Number(c.id), minute]];
    });
    if (at.length === 0) return { ids: [] };
    zones = zoneMinutesOf(new Set(cities.map((c) => c.timeZone)), minutes);
    // CROSS JOIN: the (city, minute) pairs drive, one R*Tree search each. The restaurant is the
    // quotient of the row id (migration open_interval_index), which the R*Tree node holds.
    rows = await readDb().$queryRaw(
      Prisma.sql`SELECT json_group_array(DISTINCT t.id) AS ids, count(*) AS n FROM (
                   SELECT o."id" / 101626561 AS id FROM json_each(${JSON.stringify(at)}) j CROSS JOIN "OpeningIntervalIndex" o
                   WHERE o."cityLo" <= j.value ->> 0 AND o."cityHi" >= j.value ->> 0 AND o."startMinute" <= j.value ->> 1 AND o."lastMinute" >= j.value ->> 1 ${rowLimit}) t`,
    );
  } else {
    zones = zoneMinutesOf(await cityZones(cityWhere), minutes);
    if (zones.length === 0) return { ids: [] };
    // The index knows zones, not cities: the open restaurants of the cities' zones are read, a
    // superset that the search's own place conditions narrow. Testing each one's city instead
    // read the zone's open intervals until a hundred of the city's turned up (city=warsaw with
    // openAt at 19:30 local, at 100 000 restaurants: 42.9 ms, 25.9 ms without the index, 28.7 ms
    // with the zone alone; bench/results.md, "The open filter at night").
    // One arm a zone: the LIMIT stops reading arms once it has its rows.
    const arms = zones.map(
      ([timeZone, minute]) =>
        Prisma.sql`SELECT oi."restaurantId" AS id FROM "OpeningInterval" oi WHERE oi."timeZone" = ${timeZone} AND int4range(oi."startMinute", oi."endMinute") @> ${Prisma.raw(String(minute))}`,
    );
    rows = await readDb().$queryRaw(
      Prisma.sql`SELECT json_agg(DISTINCT u.id) AS ids, count(*) AS n FROM (SELECT t.id FROM (${Prisma.join(arms, " UNION ALL ")}) t ${rowLimit}) u`,
    );
  }
  const { ids: list, n } = rows[0] ?? { ids: null, n: 0 };
  const ids = ((typeof list === "string" ? JSON.parse(list) : list) ?? []) as number[];
  // Too many to list: the place's zones go to openAtSql, whose candidates are all in that place.
  if (ids.length > openList.max || (Number.isFinite(openList.max) && Number(n) === 2 * (openList.max + 1))) return { ids: undefined, zones };
  return { ids: ids.sort((a, b) => a - b) };
}

/** The distinct time zones of the cities (all, or those `cityWhere` names). */
async function cityZones(cityWhere: Prisma.Sql = Prisma.empty): Promise<string[]> {
  const rows = await readDb().$queryRaw<{ timeZone: string }[]>(Prisma.sql`SELECT DISTINCT "timeZone" FROM "City" WHERE "timeZone" IS NOT NULL${cityWhere}`);
  return rows.map((r) => r.timeZone);
}

/** The zones with their minute at the instant `minutes` was made for; zones the runtime does not know are left out. */
function zoneMinutesOf(zones: Iterable<string>, minutes: (zone: string) => number | null): ZoneMinutes {
  return [...zones].flatMap((zone) => {
    const minute = minutes(zone);
    return minute === null ? [] : [[zone, minute] as [string, number]];
  });
}

/** Each time zone's minute of the week at `instant` (null: a zone this runtime does not know), computed once a zone. */
function zoneMinutes(instant: Date): (zone: string) => number | null {
  const known = new Map<string, number | null>();
  return (zone) => {
    if (!known.has(zone)) known.set(zone, minuteOfWeek(instant, zone));
    return known.get(zone)!;
  };
}

/** false as SQL: 0 on SQLite, FALSE on PostgreSQL (a CASE of booleans needs one type). */
function isFalse(): Prisma.Sql {
  return Prisma.raw(databaseKind() === "sqlite" ? "0" : "FALSE");
}

export interface ScanOptions {
  near?: { center: GeoPoint; radiusKm: number };
  /** only restaurants open at this instant (openNow, openAt): openRestaurantIds, else openAtSql */
  openAt?: Date;
  /**
   * With openAt: the cities every match is in, when the filters say (a city, a currency's cities):
   * the open restaurants are read there only, so that few open there are few to list even when
   * many are open elsewhere. near adds its own (citiesWithin).
   */
  openCities?: number[];
  /** With near: the radius' cities when the caller has read them already (citiesWithin). */
  nearCities?: RadiusCities;
}

/**
 * Up to this many open restaurants, a search that reads its rows restaurant first
 * (ScanQuery.group: dishes) starts from them, sorted by name, instead of walking every
 * restaurant's menu in name order to test each: their dishes are a few thousand at most.
 */
const OPEN_GROUP = 100;

/** The cities of the restaurants within a radius, and whether one of them has no city. */
export interface RadiusCities {
  ids: number[];
  cityless: boolean;
}

/**
 * The cities of the restaurants within the radius, off the (latitude, longitude) index: the place
 * of the open read (a restaurant without a city is never open) and, on SQLite, of a dish q
 * (dish-queries radiusCities), one read for both.
 */
export async function citiesWithin(near: NonNullable<ScanOptions["near"]>): Promise<RadiusCities> {
  const rows = await readDb().$queryRaw<{ id: number | bigint | null }[]>(
    Prisma.sql`SELECT DISTINCT r."cityId" AS id FROM "Restaurant" r WHERE ${withinSql(near.center, near.radiusKm, squaredDistanceSql(near.center))}`,
  );
  return { ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])), cityless: rows.some((r) => r.id === null) };
}

/** The cities in both lists; undefined stands for every city. */
export function bothCities(a: number[] | undefined, b: number[] | undefined): number[] | undefined {
  if (!a) return b;
  if (!b) return a;
  const inB = new Set(b);
  return a.filter((id) => inB.has(id));
}

export interface LoadedPage<R> {
  total: BoundedTotal;
  rows: { row: R; candidate: Candidate }[];
  next: Key | null;
  /** ranked searches: ScanPage.nextRank */
  nextRank?: RankPosition;
}

/**
 * A search over restaurant r (and what the query joins to it): near narrows and orders by
 * distance, openAt narrows to the restaurants open then, `load` reads the published fields of the
 * page's ids.
 */
export async function scanSearch<R>(
  base: ScanQuery,
  options: ScanOptions,
  page: PageFrom,
  load: (ids: number[]) => Promise<Map<number, R>>,
  ranked?: { window: number; rank: Ranker },
): Promise<LoadedPage<R>> {
  // Restaurant first only with near, or from a few open restaurants (ScanQuery.group): otherwise
  // the plain walk in name order already reads in order.
  const query: ScanQuery = { ...base, where: [...base.where], key: [...base.key], columns: [...base.columns], group: undefined };
  const restaurantWhere: Prisma.Sql[] = [];
  let open: number[] | undefined;
  if (options.openAt) {
    const cities = options.near ? bothCities(options.openCities, (options.nearCities ?? (await citiesWithin(options.near))).ids) : options.openCities;
    const read = await openRestaurantIds(options.openAt, cities);
    open = read.ids;
    if (open?.length === 0) return { total: { total: 0, capped: false }, rows: [], next: null };
    restaurantWhere.push(open ? Prisma.sql`r."id" IN (${Prisma.join(open)})` : await openAtSql(options.openAt, read.ids === undefined ? read.zones : undefined));
  }
  // First: SQLite tests the conditions in the order written, and this one reads a small index
  // where a q (LIKE on searchText) reads the restaurant row (q + cuisine + openNow: 14 → 5.6 ms
  // for the count at 28 000 restaurants).
  query.where.unshift(...restaurantWhere);
  if (options.near) {
    const squared = squaredDistanceSql(options.near.center);
    const within = withinSql(options.near.center, options.near.radiusKm, squared);
    query.where.push(within);
    query.key.unshift(squared);
    query.ring = { center: options.near.center, radiusKm: options.near.radiusKm, squared, within };
    if (base.group) query.group = { ...base.group, where: [...restaurantWhere, ...base.group.where, within], keyLength: base.group.keyLength + 1 };
  } else if (base.group && open && open.length <= OPEN_GROUP) {
    query.group = { ...base.group, where: [...restaurantWhere, ...base.group.where] };
  }
  const toCandidate = (row: ScanRow): Candidate => ({ id: row.id, key: row.key, ...(options.near ? { squaredDistance: Number(row.key[0]) } : {}) });
  const [total, found] = await Promise.all([
    boundedTotal(query),
    ranked && !options.near ? rankedPage(query, page, ranked.window, ranked.rank) : scanPage(query, { from: page.from, limit: page.limit }),
  ]);
  if (found.rows.length === 0) return { total, rows: [], next: found.next, nextRank: found.nextRank };
  const byId = await load(found.rows.map((r) => r.id));
  return {
    total,
    next: found.next,
    nextRank: found.nextRank,
    // A row deleted by an import between the two reads is left out, never half-read.
    rows: found.rows.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [{ row, candidate: toCandidate(r) }] : [];
    }),
  };
}
