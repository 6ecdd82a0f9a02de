// How this process calls itself: the render fetches of the HTML handler (lib/pages/internal-render.ts)
// and the change watch's revalidation (lib/cache/change-watch.ts). Below both, with the request tap
// and middleware, which recognise such a call by its token.
//
// Nothing here is configured. The token comes from the build's secret (lib/build-secret.ts), so
// every instance of one build accepts every other's calls and nobody outside can make them. The
// call goes to the listener this process is serving on (recorded from its own sockets), so it
// never leaves the machine; a host that gives the app no listener (a function platform) is called
// at the origin the platform names or the request came to.
import { timingSafeEqual } from "node:crypto";
import { buildKey } from "./build-secret";
import { config } from "./config";
import { listenerOrigin } from "./render-listener.mjs";

/** Request header that carries the render token. */
export const INTERNAL_RENDER_HEADER = "x-menu-internal-render";

let token: string | undefined;

/** The build's render token. */
export function internalRenderToken(): string {
  return (token ??= buildKey("internal-render").toString("base64url"));
}

/** Whether `given` is this build's render token. */
export function isRenderToken(given: string | null | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(internalRenderToken());
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function isInternalRenderRequest(headers: Headers): boolean {
  return isRenderToken(headers.get(INTERNAL_RENDER_HEADER));
}

/**
 * Where the render is fetched from, first that applies: the listener this process serves on
 * (loopback when it listens on every interface); the deployment URL a Vercel-style platform
 * gives (VERCEL_URL); the origin of the request being answered.
 */
export function internalOrigin(requestUrl: string): string {
  const own = listenerOrigin();
  if (own) return own;
  const platform = config().VERCEL_URL;
  if (platform) return `https://${platform}`;
  return new URL(requestUrl).origin;
}
