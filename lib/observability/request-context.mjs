// What this process knows about the request it is working on, wherever the work happens (a cache,
// the database, a log line): its id and how its cache lookups went. The request tap
// (lib/server/request-tap.ts) enters the scope as each request starts; log lines take the id from it
// (lib/observability/logger.ts), and the HTML handler forwards it to the internal render. The store
// holds an id and counters, never the request itself, so nothing it is kept by can pin a request
// (see lib/cache/ttl-cache.ts). One instance per process (lib/process-state.mjs): the Next.js bundles
// load separate copies of this module.
import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "../process-state.mjs";


/** @returns {AsyncLocalStorage<{ id: string, cacheHits: number, cacheMisses: number, waitUntil: number }>} */
function storage() {
  return processState("request-context", () => new AsyncLocalStorage());
}

/**
 * A new scope for the request `id`.
 *
 * @param {string} id
 */
export function newRequestScope(id) {
  return { id, cacheHits: 0, cacheMisses: 0, waitUntil: Date.now() + REQUEST_WAIT_BUDGET_MS };
}

/**
 * How long one request may wait, in all, for slots of the work limiters (lib/http/work-limiter.ts).
 * Each limiter alone waits at most 10 s; without one budget a page miss that waits for a query
 * slot, then a render slot, then query slots inside the render could wait three times that while
 * its client has long given up. A render fetched for a request carries the request's deadline
 * (WAIT_UNTIL_HEADER, trusted only with the render token).
 */
export const REQUEST_WAIT_BUDGET_MS = 10_000;
export const WAIT_UNTIL_HEADER = "x-menu-wait-until";

/**
 * Milliseconds the request being worked on may still wait for a slot, or undefined outside a request.
 *
 * @returns {number | undefined}
 */
export function waitBudgetLeft() {
  const scope = storage().getStore();
  return scope ? scope.waitUntil - Date.now() : undefined;
}

/**
 * Narrows the request's wait deadline to `value` (epoch ms as text) when it is an earlier one.
 *
 * @param {{ waitUntil: number }} scope
 * @param {unknown} value
 */
export function narrowWaitUntil(scope, value) {
  const until = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (until < scope.waitUntil) scope.waitUntil = until;
}

/**
 * Enters `scope` for the rest of the current synchronous step and the work it starts: the request
 * tap calls it as Node announces a request, just before the request's handler runs.
 *
 * @param {{ id: string, cacheHits: number, cacheMisses: number, waitUntil: number }} scope
 */
export function enterRequest(scope) {
  storage().enterWith(scope);
}

/**
 * Runs `work` in the request scope `scope`.
 *
 * @template T
 * @param {{ id: string, cacheHits: number, cacheMisses: number, waitUntil: number }} scope
 * @param {() => T} work
 * @returns {T}
 */
export function runInRequest(scope, work) {
  return storage().run(scope, work);
}

/** Counts a cache lookup of the request being worked on (its access line says hit, miss or stale). */
export function countCacheLookup(hit) {
  const scope = storage().getStore();
  if (!scope) return;
  if (hit) scope.cacheHits++;
  else scope.cacheMisses++;
}

/** The scope of the request being worked on, or undefined (start-up, timers). */
export function currentRequest() {
  return storage().getStore();
}

/** The id of the request being worked on, or undefined. */
export function currentRequestId() {
  return storage().getStore()?.id;
}
