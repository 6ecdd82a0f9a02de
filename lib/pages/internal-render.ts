// The HTML of a public page is rendered by the App Router under INTERNAL_RENDER_PREFIX (with ISR)
// and served to the world by the HTML route handler, which fetches it and adds what Next.js will
// not let a page send: Vary: Accept, a CSP with hashes of the page's own inline scripts, an ETag.
//
// Nothing here is configured. The token that opens the internal pages comes from the build's
// secret (lib/build-secret.ts), so every instance of one build accepts every other's renders and
// nobody outside can reach them. The render is fetched
// from the listener this process is serving on (recorded from its own sockets), so it never
// leaves the machine; a host that gives the app no listener (a function platform) fetches it from
// the origin the platform names or the request came to.
import { timingSafeEqual } from "node:crypto";
import { buildKey } from "../build-secret";
import { INTERNAL_RENDER_HEADER } from "../http/request-front.mjs";
import { listenerOrigin } from "./render-listener.mjs";
import { currentRequestId } from "../observability/request-context.mjs";
import { tracing } from "../observability/trace-hooks";

export { INTERNAL_RENDER_HEADER };

/** First path segment of the internal renders (lib/pages/routes.ts INTERNAL_RENDER_PREFIX). */
export const INTERNAL_RENDER_PREFIX_ROOT = "/render";

let token: string | undefined;

/** The build's render token. */
export function internalRenderToken(): string {
  return (token ??= buildKey("internal-render").toString("base64url"));
}

export function isInternalRenderRequest(headers: Headers): boolean {
  const given = headers.get(INTERNAL_RENDER_HEADER);
  if (!given) return false;
  const expected = Buffer.from(internalRenderToken());
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Where the render is fetched from, first that applies: the listener this process serves on
 * (loopback when it listens on every interface); the deployment URL a Vercel-style platform
 * gives (VERCEL_URL); the origin of the request being answered.
 */
export function internalOrigin(requestUrl: string): string {
  const own = listenerOrigin();
  if (own) return own;
  const platform = process.env.VERCEL_URL?.trim();
  if (platform) return `https://${platform.replace(/^https?:\/\//, "").replace(/\/+$/, "")}`;
  return new URL(requestUrl).origin;
}

export interface RenderedPage {
  status: number;
  html: string;
  location: string | null;
  /** Next.js' ISR state of the render: HIT, STALE, MISS (or null for dynamic pages) */
  cache: string | null;
}

function requestHeaders(): Record<string, string> {
  const id = currentRequestId();
  return { ...(id ? { "x-request-id": id } : {}), ...tracing()?.propagationHeaders() };
}

/** Fetches an internal page path (e.g. "/render/v1/r/some-slug") from this deployment. */
export async function fetchInternalPage(path: string, requestUrl: string): Promise<RenderedPage> {
  const response = await fetch(internalOrigin(requestUrl) + path, {
    // identity: compressing a response to this very process only to inflate it again costs CPU and buffers.
    // The request's id and trace context: the render's log lines and spans belong to this request.
    headers: { [INTERNAL_RENDER_HEADER]: internalRenderToken(), accept: "text/html", "accept-encoding": "identity", ...requestHeaders() },
    redirect: "manual",
    cache: "no-store",
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    html: await response.text(),
    // Next.js sends the Location of a page's redirect twice; fetch joins repeated headers with ", ".
    location: response.headers.get("location")?.split(", ")[0] ?? null,
    cache: response.headers.get("x-nextjs-cache"),
  };
}
