// A secret made once per build and compiled into the server code (next.config.ts, env
// MENU_BUILD_SECRET): every instance of one build shares it, nothing has to be configured, and a
// new deployment gets a new one. Each use derives a key of its own from it: the token of the
// internal page renders and revalidation calls (lib/loopback.ts), the signature of search cursors
// (lib/search/cursor.ts). Outside a build (unit tests, tsx scripts) one process only has to agree
// with itself: a random secret, one per process so middleware and route handlers share it.
import { createHmac, randomBytes } from "node:crypto";
import { processState } from "./process-state.mjs";

function buildSecret(): string {
  const built = process.env.MENU_BUILD_SECRET;
  if (built) return built;
  return processState("build-secret", () => randomBytes(32).toString("base64url"));
}

/** The key of one purpose, e.g. "internal-render" or "search-cursor". */
export function buildKey(purpose: string): Buffer {
  return createHmac("sha256", buildSecret()).update(`menu-service ${purpose}`).digest();
}
