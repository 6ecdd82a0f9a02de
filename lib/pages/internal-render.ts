// The HTML of a public page is rendered by the App Router under INTERNAL_RENDER_PREFIX (with ISR)
// and served to the world by the HTML route handler, which fetches it over loopback and adds what
// Next.js will not let a page send: Vary: Accept, a CSP with hashes of the page's own inline
// scripts, an ETag. The internal pages answer only requests that carry this process's token
// (checked in middleware.ts), so nobody outside can reach them directly.
import { randomBytes, timingSafeEqual } from "node:crypto";

export const INTERNAL_RENDER_HEADER = "x-menu-internal-render";

/** First path segment of the internal renders (lib/pages/routes.ts INTERNAL_RENDER_PREFIX). */
export const INTERNAL_RENDER_PREFIX_ROOT = "/render";

const TOKEN_KEY = Symbol.for("menu-service.internal-render-token");
type TokenHolder = { [TOKEN_KEY]?: string };

/** One random token per process, shared by middleware and route handlers through globalThis. */
export function internalRenderToken(): string {
  const holder = globalThis as TokenHolder;
  return (holder[TOKEN_KEY] ??= process.env.INTERNAL_RENDER_TOKEN || randomBytes(32).toString("base64url"));
}

export function isInternalRenderRequest(headers: Headers): boolean {
  const given = headers.get(INTERNAL_RENDER_HEADER);
  if (!given) return false;
  const expected = Buffer.from(internalRenderToken());
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Where this process listens, for the loopback fetch: HOSTNAME and PORT as scripts/start.mjs
 * uses them (a wildcard address means loopback), the port of the request Next.js saw when PORT
 * is unset, 3000 otherwise. INTERNAL_ORIGIN overrides it all.
 */
export function internalOrigin(requestUrl?: string): string {
  const configured = process.env.INTERNAL_ORIGIN?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  const hostname = process.env.HOSTNAME?.trim() ?? "";
  const host = hostname && !["0.0.0.0", "::", "[::]", "localhost"].includes(hostname) ? hostname : "127.0.0.1";
  let port = process.env.PORT?.trim();
  if (!port && requestUrl) {
    try {
      port = new URL(requestUrl).port || undefined;
    } catch {
      // keep the default
    }
  }
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port || "3000"}`;
}

export interface RenderedPage {
  status: number;
  html: string;
  location: string | null;
  /** Next.js' ISR state of the render: HIT, STALE, MISS (or null for dynamic pages) */
  cache: string | null;
}

/** Fetches an internal page path (e.g. "/render/v1/r/some-slug") from this very server. */
export async function fetchInternalPage(path: string, requestUrl?: string): Promise<RenderedPage> {
  const response = await fetch(internalOrigin(requestUrl) + path, {
    // identity: compressing a response to this very process only to inflate it again costs CPU and buffers.
    headers: { [INTERNAL_RENDER_HEADER]: internalRenderToken(), accept: "text/html", "accept-encoding": "identity" },
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
