// The HTML of a public page is rendered by the App Router under INTERNAL_RENDER_PREFIX (with ISR)
// and served to the world by the HTML route handler, which fetches it and adds what Next.js will
// not let a page send: Vary: Accept, a CSP with hashes of the page's own inline scripts, an ETag.
//
// Nothing here is configured: the token that opens the internal pages and the address they are
// fetched from are the loopback's (lib/loopback.ts).
import { config } from "../config";
import { INTERNAL_RENDER_HEADER, internalOrigin, internalRenderToken } from "../loopback";
import { currentRequest, WAIT_UNTIL_HEADER } from "../observability/request-context.mjs";
import { tracing } from "../observability/trace-hooks";

/** First path segment of the internal renders (lib/pages/routes.ts INTERNAL_RENDER_PREFIX). */
export const INTERNAL_RENDER_PREFIX_ROOT = "/render";

/**
 * Whether a path names an internal render, however it is spelt: percent-encoded, with dot
 * segments or repeated slashes, any letter case, any suffix (".rsc", ".segments/…"). Next.js
 * resolves such spellings to the render pages, so middleware refuses all of them without the token.
 */
export function isInternalPath(pathname: string): boolean {
  const q = pathname.search(/[?#]/);
  let path = q === -1 ? pathname : pathname.slice(0, q);
  for (let i = 0; i < 3 && path.includes("%"); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, "/").split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== "" && segment !== ".") segments.push(segment);
  }
  return (segments[0] ?? "").split(/[.;]/, 1)[0].toLowerCase() === INTERNAL_RENDER_PREFIX_ROOT.slice(1);
}

/**
 * A deployment behind Vercel-style Deployment Protection answers 401 to the render fetch, which
 * carries no visitor's login: the platform's bypass secret (set by the platform as
 * VERCEL_AUTOMATION_BYPASS_SECRET once "Protection Bypass for Automation" is on) lets it through.
 */
function platformBypassHeaders(): Record<string, string> {
  const secret = config().VERCEL_AUTOMATION_BYPASS_SECRET?.trim();
  return secret ? { "x-vercel-protection-bypass": secret } : {};
}

/** Why a render answered what it did, for the operator's log line. */
export function renderRefusalHint(status: number): string {
  if (status === 401 || status === 403) {
    return config().VERCEL_AUTOMATION_BYPASS_SECRET?.trim()
      ? " (the deployment's own URL refused the render even with VERCEL_AUTOMATION_BYPASS_SECRET: is the secret current?)"
      : " (the deployment's own URL asks for a login: behind Deployment Protection, turn on Protection Bypass for Automation so VERCEL_AUTOMATION_BYPASS_SECRET is set)";
  }
  if (status === 404) return " (render token refused: is another build answering at this address?)";
  return "";
}

export interface RenderedPage {
  status: number;
  html: string;
  location: string | null;
  /** Next.js' ISR state of the render: HIT, STALE, MISS (or null for dynamic pages) */
  cache: string | null;
}

function requestHeaders(): Record<string, string> {
  const scope = currentRequest();
  return { ...(scope ? { "x-request-id": scope.id, [WAIT_UNTIL_HEADER]: String(scope.waitUntil) } : {}), ...tracing()?.propagationHeaders() };
}

/** Fetches an internal page path (e.g. "/render/v1/r/some-slug") from this deployment. */
export async function fetchInternalPage(path: string, requestUrl: string): Promise<RenderedPage> {
  const response = await fetch(internalOrigin(requestUrl) + path, {
    // identity: compressing a response to this very process only to inflate it again costs CPU and buffers.
    // The request's id and trace context: the render's log lines and spans belong to this request.
    headers: { [INTERNAL_RENDER_HEADER]: internalRenderToken(), accept: "text/html", "accept-encoding": "identity", ...requestHeaders(), ...platformBypassHeaders() },
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
