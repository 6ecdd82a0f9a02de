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
//
// The MCP endpoint's calls of a menu, the plans or the directory (lib/mcp/tool-answer-cache.ts) are
// repeated too: the guard watches such a POST's small body arrive (without reading it from the
// stream), keys the copy on the message with its id left out, and answers with the
// caller's id in place of the first caller's. An MCP call cost what a menu did before this, and was
// the slowest of the soak's endpoints (issue #29).
// Plain JS: the guard loads it without a build step.

import { constants as zlibConstants, crc32, deflateRawSync, gunzipSync } from "node:zlib";

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

/** The one POST whose answers may be repeated: the MCP endpoint, without a query. */
const RPC_PATH = "/api/mcp";

/** The largest POST body read ahead (a menu's tools/call is ~120 bytes): larger ones are the app's. */
export const FRONT_RPC_BODY_MAX_BYTES = 4096;

/**
 * Request headers a repeated MCP answer is matched on besides the negotiation's: the Host (the
 * app refuses a foreign one on a loopback service: DNS rebinding), the body's type, the protocol.
 */
const RPC_MATCHED = ["host", "origin", "content-type", "mcp-protocol-version", "mcp-method", "mcp-name"];

/** How the SDK ends a JSON-RPC answer, up to the id's value (mcp/tool-answer-cache.ts answerBody). */
const RPC_ID_MEMBER = Buffer.from(',"jsonrpc":"2.0","id":');

/** The longest string id the app accepts (lib/mcp/mcp-endpoint.ts MCP_LIMITS.id). */
const RPC_ID_MAX = 256;

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
 * @typedef {{ status: number, headers: [string, string | string[] | number][], body: Buffer, match: [string, string | undefined][], bytes: number, rpc?: boolean, gzip?: { deflated: Buffer, crc: number }, refreshing?: boolean }} FrontEntry
 * An entry with `rpc` holds an MCP answer up to its id's value: the body ends with `"id":`, and
 * `gzip` is that text deflated (the answer was sent gzipped) with its CRC-32.
 *
 * @typedef {{ id: string | number, key: string }} RpcCall An MCP tools/call: its id, and the message without it.
 */

/** Whether a request may be answered from, or fill, the copies: a plain GET. */
export function frontEligible(method, headers) {
  if (method !== "GET") return false;
  for (const name of APP_ONLY_REQUEST_HEADERS) if (headers[name] !== undefined) return false;
  return true;
}

/**
 * Whether a POST may be read ahead for a repeated MCP answer: to the endpoint itself, with a small
 * body of declared length, no credentials and no Mcp-Param-* headers (a 2026-era call, the SDK's).
 */
export function frontRpcEligible(method, url, headers) {
  if (method !== "POST" || url !== RPC_PATH || headers["transfer-encoding"] !== undefined) return false;
  const length = headers["content-length"];
  if (typeof length !== "string" || !/^[1-9]\d{0,8}$/.test(length) || Number(length) > FRONT_RPC_BODY_MAX_BYTES) return false;
  for (const name of APP_ONLY_REQUEST_HEADERS) if (headers[name] !== undefined) return false;
  for (const name in headers) if (name.startsWith("mcp-param-")) return false;
  return true;
}

/**
 * A JSON-RPC tools/call as the repeated answers know it: its id, and the message without it (the
 * key). Undefined for anything else, which the app answers: notifications, other methods, an id
 * the app would refuse, a body that is not one JSON object.
 *
 * @returns {RpcCall | undefined}
 */
export function rpcCallOf(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  if (message.jsonrpc !== "2.0" || message.method !== "tools/call") return undefined;
  const id = message.id;
  if (!(typeof id === "string" ? id.length <= RPC_ID_MAX : Number.isSafeInteger(id))) return undefined;
  if (typeof message.params !== "object" || message.params === null || Array.isArray(message.params)) return undefined;
  return { id, key: JSON.stringify({ ...message, id: null }) };
}

/**
 * How long the guard waits for the rest of a small POST body once its headers are in. A body not
 * whole by then goes to the app as it is, never repeated: a client that sends its body slowly is
 * the app's to meet (its limit on bodies read at once sheds the excess with 503), not the guard's
 * to wait for. Clients send a small body with its headers, or right after them.
 */
export const FRONT_RPC_BODY_WAIT_MS = 10;

/**
 * Reads a small POST body as it arrives, without taking it from the stream: the request's push
 * (where Node's parser hands each piece of the body to it) is watched, and nothing reads, so the
 * app later reads an untouched request (Next.js refuses one that was read: "disturbed").
 * Resolves with the call it is, or undefined: not a call, not whole within FRONT_RPC_BODY_WAIT_MS,
 * or the request closed. Called as the request is emitted, before any of its body can have been pushed.
 *
 * @param {import("node:http").IncomingMessage} req
 * @returns {Promise<RpcCall | undefined>}
 */
export function readRpcCall(req) {
  const length = Number(req.headers["content-length"]);
  if (req.readableLength > 0 || req.readableEnded) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const push = req.push;
    const finish = (call) => {
      clearTimeout(timer);
      req.push = push;
      req.off("close", onClose);
      resolve(call);
    };
    const timer = setTimeout(() => finish(undefined), FRONT_RPC_BODY_WAIT_MS);
    const onClose = () => finish(undefined);
    req.push = function pushWatched(chunk, encoding) {
      const more = push.call(this, chunk, encoding);
      if (chunk === null) finish(undefined);
      else {
        const piece = typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
        chunks.push(piece);
        size += piece.length;
        if (size >= length) finish(size === length ? rpcCallOf(Buffer.concat(chunks).toString("utf8")) : undefined);
      }
      return more;
    };
    req.on("close", onClose);
  });
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
export function frontKey(url, headers, call) {
  let key = url ?? "";
  for (const name of ALWAYS_MATCHED) key += `\n${headerValue(headers, name) ?? ""}`;
  return call ? `${key}\n${call.key}` : key;
}

/** Whether a request asks what a kept answer was asked with. */
export function sameRequest(entry, headers) {
  for (const [name, value] of entry.match) if (headerValue(headers, name) !== value) return false;
  return true;
}

/**
 * The copy an answer leaves, or null when it must not be kept.
 *
 * An MCP answer (`call` given) is kept only as the SDK writes a success, ending with the call's
 * id, uncompressed or gzipped, so that the next caller's id can be put in its place.
 *
 * @param {{ status: number, headers: Record<string, string | string[] | number | undefined>, body: Buffer, requestHeaders: Record<string, string | string[] | undefined>, call?: { id: string | number } }} answer
 * @returns {FrontEntry | null}
 */
export function frontEntry({ status, headers, body, requestHeaders, call }) {
  if (status !== 200 || body.length > FRONT_ENTRY_MAX_BYTES) return null;
  for (const name of NEVER_KEPT) if (headers[name] !== undefined) return null;
  const names = matchedHeaders(headers.vary);
  if (!names) return null;
  /** @type {FrontEntry["gzip"]} */
  let gzip;
  if (call) {
    const encoding = headers["content-encoding"];
    if ((encoding !== undefined && encoding !== "gzip") || !/^application\/json\b/.test(String(headers["content-type"] ?? ""))) return null;
    let plain = body;
    try {
      if (encoding === "gzip") plain = gunzipSync(body);
    } catch {
      return null;
    }
    const id = Buffer.from(`${JSON.stringify(call.id)}}`);
    const tail = Buffer.concat([RPC_ID_MEMBER, id]);
    if (plain.length < tail.length + 1 || plain[0] !== 0x7b || !plain.subarray(plain.length - tail.length).equals(tail)) return null;
    body = plain.subarray(0, plain.length - id.length);
    // Compressed once up to the id, ending on a byte boundary, so that each caller's id is a
    // last block of its own (rpcBody).
    if (encoding === "gzip") gzip = { deflated: deflateRawSync(body, { finishFlush: zlibConstants.Z_FULL_FLUSH }), crc: crc32(body) };
    for (const name of RPC_MATCHED) if (!names.includes(name)) names.push(name);
  }
  const kept = Object.entries(headers).filter(([name, value]) => value !== undefined && !NOT_REPEATED.has(name));
  const match = names.map((name) => [name, headerValue(requestHeaders, name)]);
  let bytes = body.length;
  for (const [name, value] of kept) bytes += 2 * (name.length + String(value).length) + 64;
  for (const [name, value] of match) bytes += 2 * (name.length + (value?.length ?? 0)) + 64;
  if (gzip) bytes += gzip.deflated.length;
  return call ? { status, headers: kept, body, match, bytes, rpc: true, gzip } : { status, headers: kept, body, match, bytes };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A kept MCP answer with the caller's id: the JSON text, or a gzip member of it when it was
 * gzipped. The id goes in as a stored deflate block (final, uncompressed: a few bytes), so a
 * repeated answer costs no compressor; the text before it ends on a byte boundary (frontEntry).
 */
export function rpcBody(entry, id) {
  const tail = Buffer.from(`${JSON.stringify(id)}}`);
  if (!entry.gzip) return Buffer.concat([entry.body, tail]);
  const block = Buffer.alloc(5);
  block[0] = 1; // BFINAL, BTYPE 00 (stored)
  block.writeUInt16LE(tail.length, 1);
  block.writeUInt16LE(~tail.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, entry.gzip.crc), 0);
  trailer.writeUInt32LE((entry.body.length + tail.length) >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, entry.gzip.deflated, block, tail, trailer]);
}

/** A plain GET, or a POST read ahead as an MCP call (readRpcCall). */
const mayUseCopies = (req, call) => (call ? req.method === "POST" : frontEligible(req.method, req.headers));

/**
 * Answers `req` from a kept copy when there is one; true when it did. The request counts as a
 * cache hit in its access line.
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ cacheHits: number }} scope
 * @param {RpcCall} [call] the MCP call a POST is (readRpcCall)
 */
export function answerFromFront(req, res, scope, call) {
  const cache = store();
  if (!cache || !mayUseCopies(req, call)) return false;
  const found = cache.peek(frontKey(req.url, req.headers, call), (kept) => (kept.rpc === true) === (call !== undefined) && sameRequest(kept, req.headers));
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
  res.end(call ? rpcBody(entry, call.id) : entry.body);
  return true;
}

/**
 * Watches an answer the app makes: removes the offer header before the headers leave and, when
 * the app offered it and the request was made of cache hits only, keeps a copy as it finishes.
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ cacheHits: number, cacheMisses: number }} scope
 * @param {RpcCall} [call] the MCP call a POST is (readRpcCall)
 */
export function offerFromApp(req, res, scope, call) {
  const cache = store();
  // Read before the app builds the answer: a purge while it does means the copy may be of old data.
  const purges = cache?.purges;
  const keep = cache !== undefined && mayUseCopies(req, call);
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
    const entry = frontEntry({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks), requestHeaders: req.headers, call });
    if (entry) cache.put(frontKey(req.url, req.headers, call), entry, ttlMs, purges);
  });
}
