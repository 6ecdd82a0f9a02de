// Every instance learns of every import within about a second, without being called: while it
// serves traffic it reads the change feed's head (PublicFeedHead.head: one row by primary key)
// once a second, and when the head has moved — an import committed a public change — it marks
// its in-process copies (lib/cache) and its Next.js renders stale, as the revalidation
// endpoint does for the instance it is called on. docs/deployment.md says why this and not
// PostgreSQL LISTEN/NOTIFY or a shared cache handler: it works the same on SQLite and PostgreSQL,
// in every run mode (npm start, next start, the standalone server, several instances), needs
// no extra connection, store or setting, and costs one indexed read a second per busy instance.
//
// Marking renders stale (revalidatePath) only works inside a request, so the watch asks its own
// process over loopback (POST /api/internal/revalidate with the build's internal token, the same
// way the pages fetch their renders: lib/loopback.ts).
//
// An idle instance stops polling after IDLE_MS; the first request after that waits for one head
// check before it is answered, so nothing stale is served after a quiet spell either.
import { config } from "../config";
import { readHeadSeq } from "../data/public-changes";
import { INTERNAL_RENDER_HEADER, internalOrigin, internalRenderToken } from "../loopback";
import { purgeCaches } from "./ttl-cache";
import { processLog } from "../observability/process-log.mjs";
import { processState } from "../process-state.mjs";

export const POLL_MS = 1000;
export const IDLE_MS = 60_000;

interface WatchState {
  timer?: ReturnType<typeof setInterval>;
  lastTraffic: number;
  /** the head this process's copies reflect; undefined until the first check */
  head?: number;
  requestUrl?: string;
  checking?: Promise<void>;
  /** how many times a new head purged this process (tests, logs) */
  purges: number;
}

const state = processState<WatchState>("change-watch", () => ({ lastTraffic: 0, purges: 0 }));

export function changeWatchState(): Readonly<WatchState> {
  return state;
}

function disabled(): boolean {
  // CHANGE_WATCH=off: a single instance whose operator calls the revalidation endpoint instead.
  return config().CHANGE_WATCH === "off" || process.env.NEXT_PHASE === "phase-production-build";
}

/** Marks every render of this process stale, from inside a request of its own (see above). */
async function markRendersStale(): Promise<void> {
  if (!state.requestUrl) return;
  const response = await fetch(`${internalOrigin(state.requestUrl)}/api/internal/revalidate`, {
    method: "POST",
    headers: { [INTERNAL_RENDER_HEADER]: internalRenderToken(), "content-type": "application/json", "accept-encoding": "identity" },
    body: JSON.stringify({ all: true }),
    cache: "no-store",
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`revalidate answered ${response.status}`);
}

let lastWarning = 0;

/** One look at the head; on a new one (or the first look of this process) every copy is marked stale (lib/cache/ttl-cache.ts). */
function check(): Promise<void> {
  return (state.checking ??= (async () => {
    try {
      const head = await readHeadSeq();
      if (state.head === head) return;
      // The first look purges too: copies (and renders on disk) may predate an import made
      // before this process started watching.
      state.head = head;
      state.purges++;
      purgeCaches();
      await markRendersStale();
    } catch (error) {
      // The database or the loopback failed: the next tick tries again (state.head is kept
      // only when the head was read, so a failed purge is repeated).
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        processLog().warn({ err: error }, "change watch could not check for imports");
      }
    } finally {
      state.checking = undefined;
    }
  })());
}

function stop() {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
}

/**
 * Called for every request the instance answers. Starts the watch when it is not running and
 * returns the first head check to wait for (the instance was idle or just started); otherwise
 * resolves at once.
 */
export function watchChanges(requestUrl: string): Promise<void> {
  if (disabled()) return Promise.resolve();
  state.lastTraffic = Date.now();
  state.requestUrl ??= requestUrl;
  if (state.timer) return Promise.resolve();
  state.timer = setInterval(() => {
    if (Date.now() - state.lastTraffic > IDLE_MS) return stop();
    void check();
  }, POLL_MS);
  state.timer.unref?.();
  return check();
}
