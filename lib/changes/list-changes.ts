// The change feed: the capability behind GET /api/public/changes, the MCP tool list_changes and
// the /changes page's Markdown twin. What a mirror needs to stay current without crawling: every
// restaurant, country, city and cuisine whose public content changed after the client's cursor,
// oldest first, each once (its latest change), with a cursor to continue from.
//
// Cursors are signed like the searches' (lib/search/cursor.ts), but with a key kept in the
// database (PublicFeedHead.cursorSecret) instead of the build's: a mirror keeps its cursor for
// days, across deployments. A cursor says which seq the client has read up to; when tombstones
// after that seq have been pruned (older than TOMBSTONE_RETENTION_DAYS), the client may have
// missed a removal and must start again from the export.
import { createHash } from "node:crypto";
import { z } from "zod";
import { findCityCountries } from "../data/directory-queries";
import { readChanges, readFeedHead, TOMBSTONE_RETENTION_DAYS, type FeedHead, type StoredChange } from "../data/public-changes";
import { decimalNumber } from "../decimal-number";
import { ApiError } from "../http/api-errors";
import { decodeCursor, encodeCursor, MAX_CURSOR_LENGTH } from "../search/cursor";
import { siteUrls } from "../site-urls";
import { parseInput } from "../validation";
import type { Db } from "../db/prisma";

export const CHANGES_LIMIT = { min: 1, max: 1000, default: 100 } as const;
export const CHANGES_LIMIT_RULE = `${CHANGES_LIMIT.min} to ${CHANGES_LIMIT.max}, default ${CHANGES_LIMIT.default}; values outside the range are clamped; a non-integer is invalid_request.`;

const SCOPE = "changes";

export const listChangesInput = z.object({
  since: z
    .string()
    .max(MAX_CURSOR_LENGTH, "is not a cursor this service wrote: pass nextCursor unchanged")
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v))
    .describe("nextCursor of the previous answer (or the cursor on the export's last line), unchanged; omit to list the current state from the start"),
  limit: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return CHANGES_LIMIT.default;
      const n = typeof v === "number" ? v : (decimalNumber(v) ?? Number.NaN);
      if (!Number.isSafeInteger(n)) {
        ctx.addIssue({ code: "custom", message: `must be an integer (${CHANGES_LIMIT.min} to ${CHANGES_LIMIT.max}; values outside are clamped)` });
        return z.NEVER;
      }
      return Math.min(CHANGES_LIMIT.max, Math.max(CHANGES_LIMIT.min, n));
    })
    .describe(CHANGES_LIMIT_RULE),
});

/** The input as tools publish it (MCP inputSchema): plain JSON types. */
export const listChangesPublishedInput = z.strictObject({
  since: z.string().max(MAX_CURSOR_LENGTH).optional().describe(listChangesInput.shape.since.description ?? ""),
  limit: z.number().int().min(CHANGES_LIMIT.min).max(CHANGES_LIMIT.max).default(CHANGES_LIMIT.default).describe(CHANGES_LIMIT_RULE),
});

export const ChangeEntrySchema = z
  .strictObject({
    type: z.enum(["restaurant", "country", "city", "cuisine"]).describe("What changed: a restaurant, or an entry of the public directory"),
    slug: z.string(),
    change: z
      .enum(["published", "updated", "removed"])
      .describe("published: became public (new, or public again); updated: its public content changed; removed: no longer public (drop it). A mirror treats published and updated alike: fetch apiUrl."),
    updatedAt: z.iso.datetime({ offset: true }).describe("The public updatedAt of the entry (a restaurant's equals its updatedAt in the API); for removed, when it stopped being public"),
    apiUrl: z.url().describe("Where the entry's data is: the restaurant resource, or /api/public/locations or /api/public/cuisines for a directory entry"),
    url: z.url().describe("The public page of the entry (for a removed directory entry: the directory page)"),
  });

export const ChangesResponseSchema = z
  .strictObject({
    since: z.string().nullable().describe("The cursor this answer continues from (null: from the start)"),
    count: z.number().int(),
    hasMore: z.boolean().describe("true: more changes are waiting; ask again with nextCursor at once"),
    nextCursor: z.string().describe("Pass as since next time; present on every answer, also when there is nothing new"),
    retentionDays: z.number().int().describe("Removals are kept this many days at least; a cursor older than that must start again from the export"),
    changes: z.array(ChangeEntrySchema),
  });

export type ChangeEntry = z.infer<typeof ChangeEntrySchema>;
export type ChangesResponse = z.infer<typeof ChangesResponseSchema>;

interface Position {
  /** the seq read up to */
  s: number;
  /** a walk from the start: tombstones up to this seq are left out (they were removed before it began) */
  h?: number;
}

const keyOf = (head: FeedHead) => createHash("sha256").update(`menu-service change-feed\n${head.cursorSecret}`).digest();

/** The cursor for "everything up to seq `seq` has been read". */
export function feedCursor(head: FeedHead, seq: number, skipRemovedThrough?: number): string {
  return encodeCursor(SCOPE, null, { s: seq, ...(skipRemovedThrough && skipRemovedThrough > seq ? { h: skipRemovedThrough } : {}) } satisfies Position, keyOf(head));
}

const reExportHint = `Download ${siteUrls.apiIndex()}/export.ndjson again and continue with the cursor on its last line.`;

function invalidSince(): ApiError {
  return new ApiError("invalid_request", 'Invalid parameter "since": not a cursor of the change feed. Pass nextCursor (or the export\'s cursor) unchanged; omit since to start from the current state.', {
    extra: { issues: [{ parameter: "since", message: "not a cursor of the change feed" }] },
  });
}

function decodeSince(head: FeedHead, since: string): Position {
  let value: unknown;
  try {
    value = decodeCursor(SCOPE, null, since, keyOf(head));
  } catch {
    throw invalidSince();
  }
  const p = value as Position;
  if (!p || typeof p !== "object" || !Number.isSafeInteger(p.s) || p.s < 0 || (p.h !== undefined && !Number.isSafeInteger(p.h))) throw invalidSince();
  // Older than what pruning dropped, or from a database that has since been restored to an earlier
  // state: either way the client may hold entries it can no longer learn the fate of.
  if (p.s < head.prunedThrough || p.s > head.head) {
    throw new ApiError(
      "invalid_request",
      p.s > head.head
        ? 'Invalid parameter "since": the cursor is ahead of this feed (the service\'s database was restored to an earlier state). Start again from the export.'
        : `Invalid parameter "since": the cursor is older than the feed's retention (removals are kept ${TOMBSTONE_RETENTION_DAYS} days), so removals may have been missed. Start again from the export.`,
      {
        hint: reExportHint,
        extra: { issues: [{ parameter: "since", message: "expired: re-export" }], cursorExpired: true, export: `${siteUrls.apiIndex()}/export.ndjson` },
      },
    );
  }
  return p;
}

function entry(row: StoredChange, cityCountry: Map<string, string>): ChangeEntry {
  const base = { type: row.type, slug: row.slug, change: row.change, updatedAt: row.at.toISOString() };
  switch (row.type) {
    case "restaurant":
      return { ...base, apiUrl: siteUrls.restaurantApi(row.slug), url: siteUrls.restaurant(row.slug) };
    case "country":
      return { ...base, apiUrl: `${siteUrls.apiIndex()}/locations`, url: row.change === "removed" ? siteUrls.locations() : siteUrls.country(row.slug) };
    case "city": {
      const country = cityCountry.get(row.slug);
      return { ...base, apiUrl: `${siteUrls.apiIndex()}/locations`, url: row.change === "removed" || !country ? siteUrls.locations() : siteUrls.city(country, row.slug) };
    }
    case "cuisine":
      return { ...base, apiUrl: `${siteUrls.apiIndex()}/cuisines`, url: row.change === "removed" ? siteUrls.cuisines() : siteUrls.cuisine(row.slug) };
  }
}

export async function listChanges(input: z.input<typeof listChangesInput>): Promise<ChangesResponse> {
  const v = parseInput(listChangesInput, input);
  const head = await readFeedHead();
  // From the start: the current state, so tombstones written before this walk began are left out.
  const position: Position = v.since ? decodeSince(head, v.since) : { s: 0, h: head.head };
  const rows = await readChanges(position.s, v.limit + 1, position.h ?? 0);
  const page = rows.slice(0, v.limit);
  const last = page.length ? page[page.length - 1].seq : position.s;
  // Nothing (more) to read: the cursor is the head, so the next poll starts after everything seen.
  const hasMore = rows.length > v.limit;
  const next = hasMore ? last : Math.max(last, head.head);
  const cities = page.filter((r) => r.type === "city" && r.change !== "removed").map((r) => r.slug);
  const cityCountry = cities.length ? await findCityCountries(cities) : new Map<string, string>();
  return {
    since: v.since ?? null,
    count: page.length,
    hasMore,
    nextCursor: feedCursor(head, next, position.h),
    retentionDays: TOMBSTONE_RETENTION_DAYS,
    changes: page.map((row) => entry(row, cityCountry)),
  };
}

/** The cursor a client continues from after reading everything up to now (the export's last line). */
export async function currentFeedCursor(client?: Db): Promise<{ cursor: string; head: FeedHead }> {
  const head = await readFeedHead(client);
  return { cursor: feedCursor(head, head.head), head };
}
