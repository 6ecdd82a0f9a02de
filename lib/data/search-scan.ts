// Keyset scans for the searches that filter by what SQL alone cannot decide (open at an instant,
// in each restaurant's own time zone) or order by a computed value (distance): restaurant search
// with near/openNow/openAt and every dish search. Portable SQL, the same on SQLite and PostgreSQL.
//
// Paging is keyset, never OFFSET: a page starts strictly after the key of the previous page's last
// row, so page 100 costs what page 1 costs, and every match turns up exactly once however the
// pages are walked. When a filter runs here after SQL (`keep`), a page reads at most SCAN_BUDGET
// candidate rows: if that many pass without filling the page, the page is shorter than `limit`
// and its cursor continues after the last row read (README, "Pagination").
import { databaseKind } from "../db/database-url";
import { Prisma } from "../db/generated/client";
import { readDb } from "../db/prisma";
import { boundingBox, longitudeScale, type GeoPoint } from "../search/geo";

export type KeyValue = string | number;
export type Key = KeyValue[];

/** Candidate rows one request may read to apply an after-SQL filter. */
export const SCAN_BUDGET = 5000;
/** `total` counts matches up to this many; beyond, it says so (totalCapped) instead of counting on. */
export const TOTAL_BOUND = 1000;

const BATCH = 500;

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
  const r2 = (radiusKm * radiusKm) / ((6371.0088 * Math.PI) / 180) ** 2;
  return Prisma.sql`r."latitude" IS NOT NULL AND r."longitude" IS NOT NULL AND r."latitude" BETWEEN ${box.minLat} AND ${box.maxLat} AND r."longitude" BETWEEN ${box.minLng} AND ${box.maxLng} AND ${squared} <= ${r2}`;
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
   * only the dishes of the next few does not.
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
  // (bench/growth.md: a page 101 of 2 s at 5 million dishes).
  const leading = databaseKind() === "postgresql" ? [Prisma.sql`${query.key[0]} >= ${key[0]}`] : [];
  return [...query.where, ...leading, Prisma.sql`(${Prisma.join(query.key)}) > (${Prisma.join(key)})`];
}

/** Restaurants read per step of groupedRows, growing fourfold while the page is not full. */
const GROUP_BATCH = 8;
const GROUP_BATCH_MAX = 2000;

async function fetchRows(query: ScanQuery, from: Key | undefined, take: number): Promise<ScanRow[]> {
  if (query.group) return groupedRows(query, query.group, from, take);
  return orderedRows(query, from, take);
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
    const restaurants = await keyedRows(
      Prisma.sql`SELECT r."id" AS "id", ${Prisma.join(keyColumns(groupKey))} ${group.from} WHERE ${and([...group.where, ...bound])} ORDER BY ${Prisma.join(groupKey)} LIMIT ${batch}`,
      groupKey.length,
    );
    if (restaurants.length === 0) return rows;
    const ids = restaurants.map((r) => r.id);
    rows.push(...(await orderedRows({ ...query, from: group.rowsFrom ?? query.from, where: [...query.where, Prisma.sql`r."id" IN (${Prisma.join(ids)})`] }, from, take - rows.length)));
    if (rows.length >= take || restaurants.length < batch) return rows;
    start = { key: restaurants[restaurants.length - 1].key, inclusive: false };
  }
}

async function orderedRows(query: ScanQuery, from: Key | undefined, take: number): Promise<ScanRow[]> {
  return keyedRows(
    Prisma.sql`SELECT ${Prisma.join([...query.columns, ...keyColumns(query.key)])} ${query.from} WHERE ${and(after(query, from))} ORDER BY ${Prisma.join(query.key)} LIMIT ${take}`,
    query.key.length,
  );
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
  /** where the next page starts; null on the last page */
  next: Key | null;
}

/** One page of `limit` matches after `from`, in key order. */
export async function scanPage(query: ScanQuery, options: { from?: Key; limit: number; keep?: (row: ScanRow) => boolean }): Promise<ScanPage> {
  const { limit, keep } = options;
  if (!keep) {
    const rows = await fetchRows(query, options.from, limit + 1);
    return rows.length > limit ? { rows: rows.slice(0, limit), next: rows[limit - 1].key } : { rows, next: null };
  }
  const kept: ScanRow[] = [];
  let position = options.from;
  let scanned = 0;
  for (;;) {
    const take = Math.min(Math.max(BATCH, limit + 1), SCAN_BUDGET - scanned);
    const batch = await fetchRows(query, position, take);
    scanned += batch.length;
    for (const row of batch) {
      if (keep(row)) kept.push(row);
      if (kept.length > limit) return { rows: kept.slice(0, limit), next: kept[limit - 1].key };
    }
    if (batch.length < take) return { rows: kept, next: null };
    position = batch[batch.length - 1].key;
    if (scanned >= SCAN_BUDGET) return { rows: kept, next: position };
  }
}

export interface BoundedTotal {
  total: number;
  /** true: total is a lower bound (TOTAL_BOUND reached, or SCAN_BUDGET candidates read) */
  capped: boolean;
}

/** The number of matches from the start, counted no further than TOTAL_BOUND. */
export async function boundedTotal(query: ScanQuery, keep?: (row: ScanRow) => boolean): Promise<BoundedTotal> {
  if (!keep) {
    const sql = Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 AS one ${query.countFrom ?? query.from} WHERE ${and([...query.where, ...(query.countWhere ?? [])])} LIMIT ${TOTAL_BOUND + 1}) t`;
    const [row] = await readDb().$queryRaw<{ n: number | bigint }[]>(sql);
    const n = Number(row?.n ?? 0);
    return n > TOTAL_BOUND ? { total: TOTAL_BOUND, capped: true } : { total: n, capped: false };
  }
  let total = 0;
  let position: Key | undefined;
  let scanned = 0;
  for (;;) {
    const take = Math.min(BATCH, SCAN_BUDGET - scanned);
    const batch = await fetchRows(query, position, take);
    scanned += batch.length;
    for (const row of batch) if (keep(row) && ++total > TOTAL_BOUND) return { total: TOTAL_BOUND, capped: true };
    if (batch.length < take) return { total, capped: false };
    if (scanned >= SCAN_BUDGET) return { total, capped: true };
    position = batch[batch.length - 1].key;
  }
}

/** A Json column read by $queryRaw: text on SQLite, a value on PostgreSQL. */
export function jsonColumn(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** A row as the after-SQL filter and the result extras see it. */
export interface Candidate {
  id: number;
  key: Key;
  /** with near: the squared distance in degrees (lib/search/geo.ts kilometres()) */
  squaredDistance?: number;
  openingHours?: unknown;
  /**
   * The hours as the database stored them (JSON text): equal texts are equal hours, so the open
   * filter decides each (hours, time zone) pair once per request (lib/search/paging.ts).
   */
  hoursKey?: string;
  timeZone?: string | null;
}

/**
 * A per-request reader of the openingHours column: SQLite returns JSON text, PostgreSQL a parsed
 * value. A scan reads up to SCAN_BUDGET rows twice (page and total) but generated and real menus
 * repeat a handful of opening-hours patterns, so each distinct text is parsed once: parsing and
 * checking every row grew with the rows read (city + openAt, issue #29).
 */
function hoursReader(): (value: unknown) => { hours: unknown; key: string } {
  const parsed = new Map<string, unknown>();
  return (value) => {
    const key = typeof value === "string" ? value : JSON.stringify(value ?? null);
    if (typeof value !== "string") return { hours: value ?? null, key };
    if (!parsed.has(key)) {
      // Bounded like the rows themselves: a request reads at most 2 × SCAN_BUDGET of them.
      if (parsed.size >= 2 * SCAN_BUDGET) parsed.clear();
      parsed.set(key, jsonColumn(value));
    }
    return { hours: parsed.get(key), key };
  };
}

export interface ScanOptions {
  near?: { center: GeoPoint; radiusKm: number };
  /** read each row's opening hours and its city's time zone (restaurant r, city ci) */
  withHours: boolean;
}

export interface LoadedPage<R> {
  total: BoundedTotal;
  rows: { row: R; candidate: Candidate }[];
  next: Key | null;
}

/**
 * A search over restaurant r (and what the query joins to it): near narrows and orders by
 * distance, `keep` filters after SQL, `load` reads the published fields of the page's ids.
 */
export async function scanSearch<R>(
  base: ScanQuery,
  options: ScanOptions,
  page: { from?: Key; limit: number; keep?: (c: Candidate) => boolean },
  load: (ids: number[]) => Promise<Map<number, R>>,
): Promise<LoadedPage<R>> {
  // Restaurant first only with near (ScanQuery.group): in name order the plain walk already reads in order.
  const query: ScanQuery = { ...base, where: [...base.where], key: [...base.key], columns: [...base.columns], group: undefined };
  if (options.near) {
    const squared = squaredDistanceSql(options.near.center);
    const within = withinSql(options.near.center, options.near.radiusKm, squared);
    query.where.push(within);
    query.key.unshift(squared);
    if (base.group) query.group = { ...base.group, where: [...base.group.where, within], keyLength: base.group.keyLength + 1 };
  }
  if (options.withHours) query.columns.push(Prisma.sql`r."openingHours" AS "openingHours"`, Prisma.sql`ci."timeZone" AS "timeZone"`);
  const readHours = hoursReader();
  const toCandidate = (row: ScanRow): Candidate => {
    const hours = options.withHours ? readHours(row.openingHours) : undefined;
    return {
      id: row.id,
      key: row.key,
      ...(options.near ? { squaredDistance: Number(row.key[0]) } : {}),
      ...(hours ? { openingHours: hours.hours, hoursKey: hours.key, timeZone: (row.timeZone as string | null) ?? null } : {}),
    };
  };
  const keep = page.keep ? (row: ScanRow) => page.keep!(toCandidate(row)) : undefined;
  const [total, found] = await Promise.all([boundedTotal(query, keep), scanPage(query, { from: page.from, limit: page.limit, keep })]);
  if (found.rows.length === 0) return { total, rows: [], next: found.next };
  const byId = await load(found.rows.map((r) => r.id));
  return {
    total,
    next: found.next,
    // A row deleted by an import between the two reads is left out, never half-read.
    rows: found.rows.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [{ row, candidate: toCandidate(r) }] : [];
    }),
  };
}
