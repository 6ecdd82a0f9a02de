// The change feed's rows (model PublicChange): written by the importer inside its transaction,
// read by the feed, the export and every instance's change watch (lib/cache/change-watch.ts).
//
// One row per public entry (a restaurant, country, city or cuisine): a newer change of the same
// entry deletes the old row and writes one with a new seq, so reading "everything after seq s"
// yields exactly the entries whose latest public change came after s. Seqs come from the one
// PublicFeedHead row, incremented in the importer's transaction: on PostgreSQL the row lock makes
// a second import wait until the first commits, so seqs become visible in increasing order and a
// cursor never jumps over a row that commits later (SQLite has one writer at a time anyway).
import type { Db } from "../db/prisma";
import { db, primaryDb } from "../db/prisma";
import { citySelect, countrySelect, cuisineSelect, serializeCity, serializeCountry, serializeCuisine } from "../serializers/directory";
import { publishedDateSelect, publishedRestaurantWhere } from "../serializers/restaurant";

export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
type Client = Tx | Db;

export const CHANGE_TYPES = ["restaurant", "country", "city", "cuisine"] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];
export const CHANGE_KINDS = ["published", "updated", "removed"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ChangeRecord {
  type: ChangeType;
  slug: string;
  change: ChangeKind;
  at: Date;
}

export interface StoredChange extends ChangeRecord {
  seq: number;
}

/** Tombstones are kept this long at least (docs/api.md, "Mirroring: the export and the change feed"); pruned by the import after it. */
export const TOMBSTONE_RETENTION_DAYS = 30;
const RETENTION_MS = TOMBSTONE_RETENTION_DAYS * 86_400_000;

const withPublished = { restaurants: { some: publishedRestaurantWhere } };

export interface DirectoryEntryState {
  /** the entry's public JSON (what /api/public/locations or /cuisines shows of it) */
  json: string;
  /** what a restaurant's own body takes from it (city and country names, cuisine name) */
  shownInRestaurants: string;
  id: number;
}

/** The public directory, keyed "city:zurich": what the feed compares before and after an import. */
export async function publicDirectoryState(client: Client): Promise<Map<string, DirectoryEntryState>> {
  const [countries, cities, cuisines] = await Promise.all([
    client.country.findMany({ where: { cities: { some: withPublished } }, select: { id: true, ...countrySelect, cities: { ...countrySelect.cities, where: withPublished } } }),
    client.city.findMany({ where: withPublished, select: { id: true, ...citySelect } }),
    client.cuisine.findMany({ where: withPublished, select: { id: true, ...cuisineSelect } }),
  ]);
  const out = new Map<string, DirectoryEntryState>();
  for (const c of countries) out.set(`country:${c.slug}`, { id: c.id, json: JSON.stringify(serializeCountry(c)), shownInRestaurants: "" });
  for (const c of cities) out.set(`city:${c.slug}`, { id: c.id, json: JSON.stringify(serializeCity(c)), shownInRestaurants: `${c.name}\n${c.country.name}` });
  for (const c of cuisines) out.set(`cuisine:${c.slug}`, { id: c.id, json: JSON.stringify(serializeCuisine(c)), shownInRestaurants: c.name });
  return out;
}

/** Entries for what appeared in, left or changed in the public directory; and the renamed ones. */
export function directoryChanges(before: Map<string, DirectoryEntryState>, after: Map<string, DirectoryEntryState>, at: Date) {
  const records: ChangeRecord[] = [];
  const renamed: { cityIds: number[]; cuisineIds: number[] } = { cityIds: [], cuisineIds: [] };
  const record = (key: string, change: ChangeKind) => {
    const [type, slug] = key.split(/:(.*)/s) as [ChangeType, string];
    records.push({ type, slug, change, at });
  };
  for (const [key, now] of after) {
    const was = before.get(key);
    if (!was) record(key, "published");
    else if (was.json !== now.json) record(key, "updated");
    if (was && was.shownInRestaurants !== now.shownInRestaurants) {
      if (key.startsWith("city:")) renamed.cityIds.push(now.id);
      if (key.startsWith("cuisine:")) renamed.cuisineIds.push(now.id);
    }
  }
  for (const key of before.keys()) if (!after.has(key)) record(key, "removed");
  return { records, renamed };
}

/**
 * Published restaurants whose body shows a renamed city, country or cuisine: their public date
 * moves to `at` (their JSON changed) and their slugs are returned for "updated" entries.
 */
export async function touchRestaurantsShowing(tx: Tx, renamed: { cityIds: number[]; cuisineIds: number[] }, at: Date): Promise<string[]> {
  const or = [...(renamed.cityIds.length ? [{ cityId: { in: renamed.cityIds } }] : []), ...(renamed.cuisineIds.length ? [{ cuisineId: { in: renamed.cuisineIds } }] : [])];
  if (!or.length) return [];
  const where = { ...publishedRestaurantWhere, OR: or };
  const rows = await tx.restaurant.findMany({ where, select: { slug: true } });
  await tx.restaurant.updateMany({ where, data: { contentUpdatedAt: at } });
  return rows.map((r) => r.slug);
}

function* chunks<T>(list: T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

/**
 * Writes `records` (one per entry; a later record of the same entry wins) with new seqs, replacing
 * the entries' older rows, and prunes tombstones past the retention. In the importer's transaction.
 */
export async function recordPublicChanges(tx: Tx, records: ChangeRecord[], now: Date): Promise<void> {
  const latest = new Map<string, ChangeRecord>();
  for (const r of records) {
    latest.delete(`${r.type}:${r.slug}`);
    latest.set(`${r.type}:${r.slug}`, r);
  }
  const list = [...latest.values()];
  if (list.length) {
    // The increment takes the row lock (PostgreSQL) until this transaction ends.
    const head = await tx.publicFeedHead.update({ where: { id: 1 }, data: { head: { increment: list.length }, updatedAt: now }, select: { head: true } });
    let seq = head.head - list.length;
    for (const type of CHANGE_TYPES) {
      const slugs = list.filter((r) => r.type === type).map((r) => r.slug);
      for (const part of chunks(slugs, 10_000)) await tx.publicChange.deleteMany({ where: { type, slug: { in: part } } });
    }
    for (const part of chunks(list, 5000)) {
      await tx.publicChange.createMany({ data: part.map((r) => ({ seq: ++seq, type: r.type, slug: r.slug, change: r.change, at: r.at })) });
    }
  }
  const expired = { change: "removed", at: { lt: new Date(now.getTime() - RETENTION_MS) } };
  const oldest = await tx.publicChange.aggregate({ where: expired, _max: { seq: true } });
  const through = oldest._max.seq;
  if (through !== null) {
    await tx.publicChange.deleteMany({ where: expired });
    await tx.publicFeedHead.updateMany({ where: { id: 1, prunedThrough: { lt: through } }, data: { prunedThrough: through } });
  }
}

export interface FeedHead {
  head: number;
  prunedThrough: number;
  updatedAt: Date;
  cursorSecret: string;
}

/**
 * The feed's head row. From the primary: a replica may lag, and a cursor issued from a lagging
 * head would be re-read from the primary's later rows anyway, but an instance's change watch must
 * see the import that just committed.
 */
export async function readFeedHead(client: Client = primaryDb()): Promise<FeedHead> {
  const row = await client.publicFeedHead.findUnique({ where: { id: 1 }, select: { head: true, prunedThrough: true, updatedAt: true, cursorSecret: true } });
  if (!row) throw new Error("PublicFeedHead is missing: the database is not migrated (npm run db:setup)");
  return row;
}

/** The cheapest read of the head alone: one row by primary key (the change watch's poll). */
export async function readHeadSeq(): Promise<number> {
  const row = await primaryDb().publicFeedHead.findUnique({ where: { id: 1 }, select: { head: true } });
  return row?.head ?? 0;
}

/**
 * Up to `limit` rows after `afterSeq`, in seq order; tombstones with a seq up to `skipRemovedThrough`
 * are left out (a walk from the start lists the current state, not what was removed before it).
 */
export async function readChanges(afterSeq: number, limit: number, skipRemovedThrough = 0): Promise<StoredChange[]> {
  // The primary, like the head (readFeedHead): a replica behind it would let a cursor at the head
  // skip rows the replica does not have yet. One indexed range read of at most `limit` rows.
  const rows = await primaryDb().publicChange.findMany({
    where: { seq: { gt: afterSeq }, ...(skipRemovedThrough > afterSeq ? { OR: [{ change: { not: "removed" } }, { seq: { gt: skipRemovedThrough } }] } : {}) },
    orderBy: { seq: "asc" },
    take: limit,
    select: { seq: true, type: true, slug: true, change: true, at: true },
  });
  return rows as StoredChange[];
}

/** The feed rows of directory entries still public (published or updated): when each last changed by itself. */
export function readDirectoryChangeDates(): Promise<{ type: string; slug: string; at: Date }[]> {
  return db().publicChange.findMany({ where: { type: { not: "restaurant" }, change: { not: "removed" } }, select: { type: true, slug: true, at: true } });
}

/** The newest publications (the Atom feeds): published restaurants by the time they became public, newest first. */
export function readNewlyPublished(limit: number, citySlug?: string) {
  return db().restaurant.findMany({
    where: { ...publishedRestaurantWhere, publishedAt: { not: null }, ...(citySlug ? { city: { slug: citySlug } } : {}) },
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      slug: true,
      name: true,
      description: true,
      publishedAt: true,
      ...publishedDateSelect,
      cuisine: { select: { name: true } },
      city: { select: { name: true, slug: true, country: { select: { name: true, slug: true } } } },
    },
  });
}

/** A public city by slug (the per-city Atom feed), or null. */
export function findPublicCity(slug: string) {
  return db().city.findFirst({ where: { slug, ...withPublished }, select: { slug: true, name: true, country: { select: { slug: true, name: true } } } });
}
