// Bearer-token check for the one authenticated endpoint (app/api/internal/revalidate).

import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether an Authorization header carries `Bearer <expected>`. Constant time whatever the
 * lengths: both sides are hashed to 32 bytes before the comparison.
 */
export function bearerMatches(header: string | null, expected: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  const given = createHash("sha256").update(match ? match[1] : "").digest();
  const wanted = createHash("sha256").update(expected).digest();
  return timingSafeEqual(given, wanted) && match !== null && expected !== "";
}
