// Opaque, signed pagination cursors for restaurant and dish search.
//
// A cursor is the keyset position after the last row of a page (never an OFFSET), signed with an
// HMAC over the search it came from: a tampered cursor, or one taken from another search (other
// filters, the other endpoint), fails the check and is invalid_request.
//
// The key needs no configuration and is the same on every instance of one build: it comes from
// the build's secret (lib/build-secret.ts). Cursors are short-lived by nature; a new deployment
// invalidates old ones, which then get invalid_request and start again from the first page. The
// signature protects integrity, not secrets: a cursor only says where the next page starts, and
// its contents are validated after the check.
import { createHmac, timingSafeEqual } from "node:crypto";
import { buildKey } from "../build-secret";
import { ApiError } from "../http/api-errors";

/** Longer input is not a cursor this service wrote. */
export const MAX_CURSOR_LENGTH = 1000;

let cachedKey: Buffer | undefined;

function cursorKey(): Buffer {
  return (cachedKey ??= buildKey("search-cursor"));
}

/** A stable text for a search's parameters (key order fixed by the caller's object literal). */
function signature(scope: string, query: unknown, payload: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(`${scope}\n${JSON.stringify(query)}\n${payload}`).digest().subarray(0, 16);
}

/**
 * The cursor for `position`, bound to `scope` (the endpoint) and `query` (its filters, minus cursor
 * and limit). `key`: the build's by default; the change feed signs with a key kept in the database,
 * so that its cursors outlive deployments (lib/changes/list-changes.ts).
 */
export function encodeCursor(scope: string, query: unknown, position: unknown, key: Buffer = cursorKey()): string {
  const payload = Buffer.from(JSON.stringify(position)).toString("base64url");
  return `${payload}.${signature(scope, query, payload, key).toString("base64url")}`;
}

const invalid = () =>
  new ApiError("invalid_request", 'Invalid parameter "cursor": not a cursor of this search. Pass the nextCursor of the previous page unchanged, with the same filters; omit it for the first page.');

/** The position a cursor carries, or invalid_request when it was not issued for this very search. */
export function decodeCursor(scope: string, query: unknown, cursor: string, key: Buffer = cursorKey()): unknown {
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalid();
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(cursor);
  if (!match) throw invalid();
  const [, payload, mac] = match;
  // The signature's text is compared, not its bytes: base64 leaves the last character's low bits
  // unused, so four spellings decoded to the same bytes and a cursor changed there still passed.
  const given = Buffer.from(mac);
  const expected = Buffer.from(signature(scope, query, payload, key).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
}

export const invalidCursor = invalid;
