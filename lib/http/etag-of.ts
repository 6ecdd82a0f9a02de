// The ETag of a body, apart from the REST adapter: the caches that prepare bodies need it too, and
// importing it from api-route made lib/cache and lib/http import each other.
import { createHash } from "node:crypto";

/** A strong validator from the body bytes: equal bodies, equal ETags, across processes. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}
