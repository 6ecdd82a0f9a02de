// Bounded concurrency for the expensive work a client can trigger at will: HTML renders and
// database searches. At most `concurrency` run at once (p-queue); up to `queue` more wait in order, each at
// most `maxWaitMs` and no longer than its request's one wait budget (REQUEST_WAIT_BUDGET_MS); anything beyond is shed at once with 503 service_unavailable and Retry-After.
// A flood therefore costs a bounded amount of memory (the renders in progress plus the small
// waiting requests) instead of one render per open connection.
//
// The limiters are per process (lib/process-state.mjs): middleware.ts (Markdown twins) and the
// route handlers are separate bundles, and they must share one bound.
import { AsyncResource } from "node:async_hooks";
import PQueue from "p-queue";
import { config } from "../config";
import { ApiError } from "./api-errors";
import { recordWorkShed } from "../observability/metrics";
import { processLog } from "../observability/process-log.mjs";
import { waitBudgetLeft } from "../observability/request-context.mjs";
import { processState } from "../process-state.mjs";

export interface WorkLimiterOptions {
  name: string;
  concurrency: number;
  queue: number;
  maxWaitMs: number;
}

export class WorkLimiter {
  private readonly tasks: PQueue;

  constructor(readonly options: WorkLimiterOptions) {
    this.tasks = new PQueue({ concurrency: options.concurrency });
  }

  get running(): number {
    return this.tasks.pending;
  }

  get queued(): number {
    return this.tasks.size;
  }

  /** Runs `work` when a slot is free; throws service_unavailable when the queue is full or the wait too long. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    // p-queue starts a queued task from the call stack of the one that finished: bind keeps the
    // task in its own request's context (request id, wait budget).
    const task = AsyncResource.bind(work);
    if (this.tasks.pending < this.options.concurrency && this.tasks.size === 0) return this.tasks.add(task);
    if (this.tasks.size >= this.options.queue) throw this.overloaded();
    // A request that already spent its wait budget on another limiter is not queued again.
    const waitMs = Math.min(this.options.maxWaitMs, waitBudgetLeft() ?? Infinity);
    if (waitMs <= 0) throw this.overloaded();
    // The signal bounds the wait only: once the task starts, its timer is cleared (p-queue would
    // otherwise also abort a running task) and an aborted wait leaves the queue at once.
    const wait = new AbortController();
    const timer = setTimeout(() => wait.abort(this.overloaded()), waitMs);
    try {
      return await this.tasks.add(
        () => {
          clearTimeout(timer);
          return task();
        },
        { signal: wait.signal },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private overloaded(): ApiError {
    const retryAfter = Math.max(1, Math.ceil(this.options.maxWaitMs / 1000));
    recordWorkShed(this.options.name);
    processLog().warn({ reason: "limiter", limiter: this.options.name, running: this.running, queued: this.queued }, "work shed");
    return new ApiError("service_unavailable", `The service is at capacity (${this.options.name}); retry in ${retryAfter} s.`, {
      headers: { "Retry-After": String(retryAfter) },
    });
  }
}

/** Every limiter of this process by name (lib/process-state.mjs): each bundle gets the same one. */
const limiters = processState("limiters", () => new Map<string, WorkLimiter>());

function sharedLimiter(options: WorkLimiterOptions): WorkLimiter {
  let limiter = limiters.get(options.name);
  if (!limiter) limiters.set(options.name, (limiter = new WorkLimiter(options)));
  return limiter;
}

/** Running and waiting work of every limiter made so far, for the metrics (lib/observability/metrics.ts). */
export function limiterStats(): { name: string; running: number; queued: number }[] {
  return [...limiters.values()].map((l) => ({ name: l.options.name, running: l.running, queued: l.queued }));
}

/**
 * HTML renders (a cache miss of lib/pages/html-page.ts): RENDER_CONCURRENCY at once (default 4 — the
 * render runs in this process, on its cores, so more at once only adds memory, not throughput).
 */
export function renderLimiter(): WorkLimiter {
  return sharedLimiter({ name: "renders", concurrency: config().RENDER_CONCURRENCY, queue: 64, maxWaitMs: 10_000 });
}

/**
 * Database reads a client can make distinct at will (searches and menu lookups that miss the
 * cache): QUERY_CONCURRENCY at once (default: the database pool size, 10).
 */
export function queryLimiter(): WorkLimiter {
  return sharedLimiter({
    name: "queries",
    concurrency: config().QUERY_CONCURRENCY,
    queue: 256,
    maxWaitMs: 10_000,
  });
}

/**
 * Request bodies being read (lib/http/read-json-body.ts): at most 64 at once, none waiting. Each
 * holds a request that Next.js has already taken in, so a crowd of clients that send a body's
 * first bytes and then hold costs 64 of them, not one per open connection: the rest are answered
 * 503 at once, before any of their body is read.
 */
export function bodyLimiter(): WorkLimiter {
  return sharedLimiter({ name: "request bodies", concurrency: 64, queue: 0, maxWaitMs: 1_000 });
}
