// The bulk export: the capability behind GET /api/public/export.ndjson. Every published
// restaurant with its full menu, one per line, each line exactly the body of
// GET /api/public/restaurants/{slug} (the same serializer), then one last line
//   {"end":true,"count":<lines before it>,"nextCursor":"<feed cursor>","changesUrl":"…/api/public/changes?since=…"}
// A file without that line is incomplete (the connection broke): download it again.
//
// Streamed from the database in keyset batches of EXPORT_BATCH restaurants: the stream pulls the
// next batch only when the client has taken the previous one, so at most one batch is in memory
// per export however slowly the client reads, and a client that disconnects cancels the stream:
// nothing more is read for it.
//
// Consistency: the feed cursor on the last line is the feed's head read before the first batch.
// Whatever changes while the export runs has a feed entry after that cursor, so a mirror that
// loads the export and then follows the feed from the cursor converges on the live data, even if
// some lines of the export are already newer than the cursor.
import { createHash } from "node:crypto";
import { buildKey } from "../build-secret";
import { currentFeedCursor } from "../changes/list-changes";
import { readPublishedRestaurantBatch } from "../data/restaurant-queries";
import { config } from "../config";
import type { FeedHead } from "../data/public-changes";
import { ApiError } from "../http/api-errors";
import { serializeRestaurant } from "../serializers";
import { readDb, type Db } from "../db/prisma";
import { publicBaseUrl, siteUrls } from "../site-urls";
import { processLog } from "../observability/process-log.mjs";
import { processState } from "../process-state.mjs";

/** Restaurants per database read: about 5 000 menu items at 50 each, a few MB of objects. */
export const EXPORT_BATCH = 100;

/** Exports one process streams at once; more are 503 service_unavailable with Retry-After (EXPORT_MAX_CONCURRENT). */
export function exportConcurrency(): number {
  return config().EXPORT_MAX_CONCURRENT;
}

export const EXPORT_RETRY_AFTER_S = 30;

/** A client that takes no chunk for this long loses its export: a stalled reader must not hold a slot for good. */
export const EXPORT_STALL_MS = 60_000;

const state = processState<{ menuExportsInFlight?: number }>("exports", () => ({}));
export const exportsInFlight = () => state.menuExportsInFlight ?? 0;

export interface ExportEndLine {
  end: true;
  count: number;
  nextCursor: string;
  changesUrl: string;
}

/** What the validators of one export are: the feed head names every public change, the build every change of shape. */
export interface ExportVersion {
  /** one database for the head and every batch (a replica, when there are any): see exportVersion */
  client: Db;
  head: FeedHead;
  cursor: string;
  etag: string;
  lastModified: Date;
}

/**
 * The head and the batches come from one database: with replicas, one replica (each is a
 * consistent, only-advancing copy), so every batch is at least as new as the cursor on the end
 * line. A head from the primary with batches from a lagging replica could give a cursor past
 * changes the lines do not show yet.
 */
export async function exportVersion(client: Db = readDb()): Promise<ExportVersion> {
  const { cursor, head } = await currentFeedCursor(client);
  const tag = createHash("sha256").update(`${head.head}\n${publicBaseUrl()}\n`).update(buildKey("export-etag")).digest("base64url").slice(0, 27);
  return { client, head, cursor, etag: `W/"x-${head.head}-${tag}"`, lastModified: head.updatedAt };
}

export type BatchReader = (afterId: number, take: number, client: Db) => Promise<({ id: number } & Parameters<typeof serializeRestaurant>[0])[]>;

/**
 * The export as a byte stream that reads one batch per pull. Refuses (503) when this process is
 * already streaming exportConcurrency() exports: each holds a batch and a database connection.
 */
export function exportStream(version: ExportVersion, readBatch: BatchReader = readPublishedRestaurantBatch, stallMs = EXPORT_STALL_MS): ReadableStream<Uint8Array> {
  if (exportsInFlight() >= exportConcurrency()) {
    throw new ApiError("service_unavailable", `This instance is already streaming ${exportConcurrency()} exports.`, {
      hint: `Retry after ${EXPORT_RETRY_AFTER_S} seconds, or fetch the export through a shared cache (it is cacheable).`,
      headers: { "Retry-After": String(EXPORT_RETRY_AFTER_S) },
    });
  }
  const encoder = new TextEncoder();
  let afterId = 0;
  let count = 0;
  let done = false;
  let counted = false;
  let stall: NodeJS.Timeout | undefined;
  const release = () => {
    clearTimeout(stall);
    if (counted) state.menuExportsInFlight = exportsInFlight() - 1;
    counted = false;
  };
  return new ReadableStream<Uint8Array>(
    {
      // Counted from the first read, not the request: a HEAD (or a 304) never reads its body.
      async pull(controller) {
        clearTimeout(stall);
        if (!counted) {
          counted = true;
          state.menuExportsInFlight = exportsInFlight() + 1;
        }
        try {
          if (done) return;
          // A turn of the event loop before each batch: a client on a fast connection drains every
          // chunk at once, and its next pull would otherwise follow in the same run of microtasks,
          // ahead of every other connection's I/O (other exports included).
          await new Promise((resolve) => setImmediate(resolve));
          if (done) return;
          const rows = await readBatch(afterId, EXPORT_BATCH, version.client);
          if (rows.length) {
            afterId = rows[rows.length - 1].id;
            count += rows.length;
            let text = "";
            for (const row of rows) text += `${JSON.stringify(serializeRestaurant(row))}\n`;
            controller.enqueue(encoder.encode(text));
            stall = setTimeout(() => {
              done = true;
              release();
              processLog().warn({ stall_ms: stallMs, count }, "export stopped: its client took nothing for too long");
              controller.error(new Error("the export's client stopped reading"));
            }, stallMs).unref();
          }
          if (rows.length < EXPORT_BATCH) {
            done = true;
            const end: ExportEndLine = { end: true, count, nextCursor: version.cursor, changesUrl: `${siteUrls.apiIndex()}/changes?since=${encodeURIComponent(version.cursor)}` };
            controller.enqueue(encoder.encode(`${JSON.stringify(end)}\n`));
            controller.close();
            release();
          }
        } catch (error) {
          // Mid-stream the status is sent: the connection breaks, and the missing end line tells the client.
          processLog().error({ err: error }, "export failed mid-stream");
          release();
          controller.error(error);
        }
      },
      cancel() {
        done = true;
        release();
      },
    },
    { highWaterMark: 0 },
  );
}
