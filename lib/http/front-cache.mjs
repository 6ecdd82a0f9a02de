// The server guard's copies of whole answers (lib/http/server-guard.mjs): a menu, its page or its
// Markdown twin asked for again within a second is answered here, from the bytes the app sent the
// last time, without passing through Next.js.
//
// Why: a cached menu cost ~1.8 ms of CPU a request, almost all of it Next.js' request and response
// machinery (a web Request, streams, async hooks, their garbage), not the answer, which the app
// already held. At 50 connections on 2 cores that made every request wait ~90 ms for the others,
// and the slowest 0.1 % 260–390 ms (issue #29). Repeating the bytes costs a few hundredths of that.
//
// What may be repeated is the app's decision (lib/cache/public-caches.ts offerToFront): a 200 of a
// menu or directory answer built from fresh data, for every client alike, unthrottled, marked with
// FRONT_CACHE_HEADER (its lifetime in ms, at most a second), which never leaves the process. The
// guard then keeps it when the request was made of the app's cache hits only (the same data a
// second request would get), and repeats it to a GET for the same URL whose Accept,
// Accept-Encoding and Accept-Language, and every header the answer's Vary names, are the same. A
// conditional or ranged GET, a HEAD, anything with Authorization goes to the app as before. The
// copies live in the app's "front" cache (lib/cache/ttl-cache.ts: its share of CACHE_MEMORY_MB, its
// entries and bytes bounded, purged with every other cache when an import changes public data), so
// an answer is never older than the app's own copy plus a second (two while one request makes the
// next copy: FRONT_REFRESH_MS).
// Plain JS: the guard loads it without a build step.

/** Set by the app on an answer it offers (its lifetime in ms); removed before the headers leave. */
export const FRONT_CACHE_HEADER = "x-menu-front-cache";

/** The longest a repeated answer is kept: one answer of the app per URL and second at most. */
export const FRONT_TTL_MAX_MS = 1000;

/**
 * How long an expired copy still answers while one request, sent on to the app, makes the next
 * one: without it, every request of the few milliseconds the app took went to the app at once
 * (at 5 000 a second, ~50 at ~2 ms each: a 100-ms stall a second).
 */
export const FRONT_REFRESH_MS = 1000;

/** The largest answer kept (a menu page is ~90 KB): larger ones go to the app every time. */
export const FRONT_ENTRY_MAX_BYTES = 256 * 1024;

/** Request headers every kept answer is matched on, whatever its Vary says: the negotiation's. */
const ALWAYS_MATCHED = ["accept", "accept-encoding", "accept-language"];

/** Request headers that make a GET the app's to answer: it validates, ranges or authenticates. */
const APP_ONLY_REQUEST_HEADERS = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range", "range", "authorization"];

/** Answer headers that are the request's own (the guard and Node set them again) or the connection's. */
const NOT_REPEATED = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding", "content-length", FRONT_CACHE_HEADER]);

/** Answers that must not be repeated: per client (cookies, throttle counts) or from a stale copy. */
const NEVER_KEPT = ["set-cookie", "cache-status", "ratelimit", "ratelimit-policy", "retry-after"];

const CACHE_KEY = Symbol.for("menu-service.cache.front");

/**
 * The app's "front" cache, once the app has made it (lib/cache/public-caches.ts).
 *
 * @returns {{ peek(key: string, accept?: (v: FrontEntry) => boolean): { value: FrontEntry, expired: boolean } | undefined, countHit(): void, put(key: string, value: FrontEntry, ttlMs: number, purges: number): void, purges: number } | undefined}
 */
function store() {
  return globalThis[CACHE_KEY];
}

/**
 * @typedef {{ status: number, headers: [string, string | string[] | number][], body: Buffer, match: [string, string | undefined][], bytes: number, refreshing?: boolean }} FrontEntry
 */

/** Whether a request may be answered from, or fill, the copies: a plain GET. */
export function frontEligible(method, headers) {
  if (method !== "GET") return false;
  for (const name of APP_ONLY_REQUEST_HEADERS) if (headers[name] !== undefined) return false;
  return true;
}

/** The header names a kept answer is matched on: the negotiation's and its Vary's; null when Vary is "*". */
export function matchedHeaders(vary) {
  const names = new Set(ALWAYS_MATCHED);
  for (const part of String(vary ?? "").split(",")) {
    const name = part.trim().toLowerCase();
    if (name === "*") return null;
    if (name) names.add(name);
  }
  return [...names];
}

/** One value a request header has, as Node gives it (a repeated header as its list). */
function headerValue(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Where a request's copy is kept: its URL and its negotiation's headers, so that the variants of one
 * URL (gzip and plain, HTML and Markdown) are kept side by side instead of pushing each other out.
 */
export function frontKey(url, headers) {
  let key = url ?? "";
  for (const name of ALWAYS_MATCHED) key += `\n${headerValue(headers, name) ?? ""}`;
  return key;
}

/** Whether a request asks what a kept answer was asked with. */
export function sameRequest(entry, headers) {
  for (const [name, value] of entry.match) if (headerValue(headers, name) !== value) return false;
  return true;
}

/**
 * The copy an answer leaves, or null when it must not be kept.
 *
 * @param {{ status: number, headers: Record<string, string | string[] | number | undefined>, body: Buffer, requestHeaders: Record<string, string | string[] | undefined> }} answer
 * @returns {FrontEntry | null}
 */
export function frontEntry({ status, headers, body, requestHeaders }) {
  if (status !== 200 || body.length > FRONT_ENTRY_MAX_BYTES) return null;
  for (const name of NEVER_KEPT) if (headers[name] !== undefined) return null;
  const names = matchedHeaders(headers.vary);
  if (!names) return null;
  const kept = Object.entries(headers).filter(([name, value]) => value !== undefined && !NOT_REPEATED.has(name));
  const match = names.map((name) => [name, headerValue(requestHeaders, name)]);
  let bytes = body.length;
  for (const [name, value] of kept) bytes += 2 * (name.length + String(value).length) + 64;
  for (const [name, value] of match) bytes += 2 * (name.length + (value?.length ?? 0)) + 64;
  return { status, headers: kept, body, match, bytes };
}

/**
 * Answers `req` from a kept copy when there is one; true when it did. The request counts as a
 * cache hit in its access line.
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ cacheHits: number }} scope
 */
export function answerFromFront(req, res, scope) {
  const cache = store();
  if (!cache || !frontEligible(req.method, req.headers)) return false;
  const found = cache.peek(frontKey(req.url, req.headers), (kept) => sameRequest(kept, req.headers));
  if (!found) return false;
  const entry = found.value;
  if (found.expired && !entry.refreshing) {
    // This request makes the next copy; until it is done, the others get this one.
    entry.refreshing = true;
    res.once("close", () => (entry.refreshing = false));
    return false;
  }
  cache.countHit();
  scope.cacheHits++;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  // No writeHead: end() with the whole body sends it with its Content-Length, in one write.
  res.statusCode = entry.status;
  res.end(entry.body);
  return true;
}

/**
 * Watches an answer the app makes: removes the offer header before the headers leave and, when
 * the app offered it and the request was made of cache hits only, keeps a copy as it finishes.
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ cacheHits: number, cacheMisses: number }} scope
 */
export function offerFromApp(req, res, scope) {
  const cache = store();
  // Read before the app builds the answer: a purge while it does means the copy may be of old data.
  const purges = cache?.purges;
  const keep = cache !== undefined && frontEligible(req.method, req.headers);
  let ttlMs = 0;
  /** @type {Buffer[] | null} */
  let chunks = keep ? [] : null;
  let size = 0;
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithoutOffer(statusCode, ...rest) {
    const offered = this.getHeader(FRONT_CACHE_HEADER);
    if (offered !== undefined) {
      this.removeHeader(FRONT_CACHE_HEADER);
      ttlMs = Math.min(Number(offered) || 0, FRONT_TTL_MAX_MS);
    }
    const given = rest[rest.length - 1];
    if (given && typeof given === "object" && !Array.isArray(given)) {
      for (const name of Object.keys(given)) {
        if (name.toLowerCase() !== FRONT_CACHE_HEADER) continue;
        ttlMs = Math.min(Number(given[name]) || 0, FRONT_TTL_MAX_MS);
        delete given[name];
      }
    } else if (Array.isArray(given)) {
      // Raw [name, value, name, value…] or [[name, value]…]: the offer is not passed this way by the
      // app (it sets headers one by one), so an answer given so is sent as it is and not kept.
      chunks = null;
    }
    if (ttlMs <= 0) chunks = null;
    return writeHead.call(this, statusCode, ...rest);
  };
  if (!keep) return;
  const collect = (chunk, encoding) => {
    if (!chunks || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buffer.length;
    if (size > FRONT_ENTRY_MAX_BYTES) chunks = null;
    else chunks.push(Buffer.from(buffer));
  };
  // Collected after the write: by then the headers have gone, and an answer not offered is not copied.
  const write = res.write;
  res.write = function writeKept(chunk, encoding, callback) {
    const written = write.call(this, chunk, encoding, callback);
    collect(chunk, encoding);
    return written;
  };
  const end = res.end;
  res.end = function endKept(chunk, encoding, callback) {
    const ended = end.call(this, chunk, encoding, callback);
    collect(chunk, encoding);
    return ended;
  };
  res.once("finish", () => {
    if (!chunks || ttlMs <= 0 || scope.cacheMisses > 0 || scope.cacheHits === 0) return;
    const entry = frontEntry({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks), requestHeaders: req.headers });
    if (entry) cache.put(frontKey(req.url, req.headers), entry, ttlMs, purges);
  });
}
