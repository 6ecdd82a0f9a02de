// Response headers as the document publishes them, from the constants the code sends
// (CACHE_POLICIES, the CORS origin). Plain OpenAPI header objects: a header is a string whose value
// the contract pins, and the contract tests validate live headers against these schemas.
import type { oas31 } from "zod-openapi";
import { CACHE_POLICIES, type CachePolicy } from "../http/cache-policy";

type HeaderObject = oas31.HeaderObject;

/** Components are named after the header they describe (one Cache-Control per policy). */
export const headerComponentName = {
  cacheControl: (policy: CachePolicy) => `Cache-Control.${policy}`,
  etag: "ETag",
  allowOrigin: "Access-Control-Allow-Origin",
  exposeHeaders: "Access-Control-Expose-Headers",
  allow: "Allow",
  retryAfter: "Retry-After",
  cacheStatus: "Cache-Status",
  rateLimitPolicy: "RateLimit-Policy",
  rateLimit: "RateLimit",
  lastModified: "Last-Modified",
  requestId: "X-Request-Id",
} as const;

const POLICY_PURPOSE: Record<CachePolicy, string> = {
  directory: "Directory, plan and discovery data: shared caches keep it 24 hours (s-maxage=86400), and may serve it a day longer while the service fails (stale-if-error).",
  search: "Restaurant search: shared caches keep it 60 seconds (s-maxage=60), and may serve it a day longer while the service fails (stale-if-error).",
  menu: "One restaurant's menu: shared caches keep it 5 minutes (s-maxage=300), and may serve it a day longer while the service fails (stale-if-error).",
  changes: "The change feed: shared caches keep it 10 seconds (s-maxage=10): a mirror polling it learns of an import within that time.",
  export: "The bulk export: shared caches keep one copy 5 minutes (s-maxage=300) and revalidate it with If-None-Match or If-Modified-Since (304 while nothing changed).",
  tool: "Results of the pure utility tools (same input, same output): shared caches keep them 24 hours.",
  secret: "The answer echoes a secret the caller sent (a Wi-Fi password): no cache may keep it.",
  noStore: "Errors are never stored by any cache.",
};

export function headerComponents(): Record<string, HeaderObject> {
  const cacheControl = Object.fromEntries(
    (Object.keys(CACHE_POLICIES) as CachePolicy[]).map((policy) => [
      headerComponentName.cacheControl(policy),
      { description: POLICY_PURPOSE[policy], required: true, schema: { type: "string", const: CACHE_POLICIES[policy], maxLength: 200 } },
    ]),
  );
  return {
    ...cacheControl,
    [headerComponentName.etag]: {
      description:
        "Weak validator of the content (the same for every Content-Encoding the body may be sent in); send it back in If-None-Match to get 304 Not Modified when nothing changed.",
      required: true,
      schema: { type: "string", pattern: '^W/"[^"]+"$', maxLength: 200 },
    },
    [headerComponentName.allowOrigin]: {
      description: "CORS: every response may be read by a page from any origin (contract section 1, rule 3).",
      required: true,
      schema: { type: "string", const: "*" },
    },
    [headerComponentName.exposeHeaders]: {
      description: "CORS: the response headers a cross-origin page may read (ETag, Link, Allow, Retry-After, …).",
      required: false,
      schema: { type: "string", maxLength: 500 },
    },
    [headerComponentName.allow]: {
      description: "The methods this path accepts.",
      required: true,
      schema: { type: "string", pattern: "^[A-Z]+(, [A-Z]+)*$", maxLength: 100 },
    },
    [headerComponentName.cacheStatus]: {
      description:
        'RFC 9211, only on an answer built from the service\'s last good copy because the database failed or was slow (stale-if-error): e.g. `menu-service; hit; ttl=-120; detail="stale-if-error"`, ttl being how many seconds past its freshness the copy is.',
      required: false,
      schema: { type: "string", maxLength: 200 },
    },
    [headerComponentName.retryAfter]: {
      description: "Seconds to wait before retrying. Every 429 carries it (contract section 8: throttling is never silent).",
      required: true,
      schema: { type: "string", pattern: "^[0-9]+$", maxLength: 10 },
    },
    [headerComponentName.lastModified]: {
      description: "When the content last changed (HTTP-date); send it back in If-Modified-Since to get 304 Not Modified when nothing changed since.",
      required: true,
      schema: { type: "string", maxLength: 40 },
    },
    [headerComponentName.requestId]: {
      description:
        "The id of this request in the service's logs and traces: the caller's own X-Request-Id when it is at most 128 characters of letters, digits and - _ . : / + = @, else the trace id of a valid W3C traceparent, else a new one (32 hex digits). Quote it when reporting a problem.",
      required: false,
      schema: { type: "string", pattern: "^[A-Za-z0-9\\-_.:/+=@]{1,128}$", maxLength: 128 },
    },
    // draft-ietf-httpapi-ratelimit-headers (-10); absent when throttling is switched off.
    [headerComponentName.rateLimitPolicy]: {
      description:
        'The throttle\'s budget (draft-ietf-httpapi-ratelimit-headers): q requests per w seconds per client address, e.g. "search";q=600;w=60. Absent when the operator switched throttling off.',
      required: false,
      schema: { type: "string", pattern: '^"[a-z]+";q=[0-9]+;w=[0-9]+$', maxLength: 100 },
    },
    [headerComponentName.rateLimit]: {
      description:
        'What is left of the budget: r requests remain, the window resets in t seconds, e.g. "search";r=599;t=42. A copy from a shared cache shows the count of the client it was first sent to.',
      required: false,
      schema: { type: "string", pattern: '^"[a-z]+";r=[0-9]+;t=[0-9]+$', maxLength: 100 },
    },
  };
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The throttle's fields, on every answer of a throttled operation. */
export function rateLimitHeaders() {
  return { "RateLimit-Policy": ref(headerComponentName.rateLimitPolicy), RateLimit: ref(headerComponentName.rateLimit) };
}

/** Headers of a successful, cacheable GET (200 and 304); data read from the database may be a last good copy. */
export function successHeaders(policy: CachePolicy, throttled = false) {
  const fromDatabase = policy === "directory" || policy === "search" || policy === "menu";
  return {
    "Cache-Control": ref(headerComponentName.cacheControl(policy)),
    ETag: ref(headerComponentName.etag),
    "Access-Control-Allow-Origin": ref(headerComponentName.allowOrigin),
    "Access-Control-Expose-Headers": ref(headerComponentName.exposeHeaders),
    ...(fromDatabase ? { "Cache-Status": ref(headerComponentName.cacheStatus) } : {}),
    ...(policy === "export" ? { "Last-Modified": ref(headerComponentName.lastModified) } : {}),
    ...(throttled ? rateLimitHeaders() : {}),
    "X-Request-Id": ref(headerComponentName.requestId),
  };
}

/** Headers of every error: never cached, still readable cross-origin. */
export function errorHeaders(extra: "allow" | "retryAfter" | "rateLimited" | null = null) {
  return {
    "Cache-Control": ref(headerComponentName.cacheControl("noStore")),
    "Access-Control-Allow-Origin": ref(headerComponentName.allowOrigin),
    "Access-Control-Expose-Headers": ref(headerComponentName.exposeHeaders),
    ...(extra === "allow" ? { Allow: ref(headerComponentName.allow) } : {}),
    ...(extra === "retryAfter" || extra === "rateLimited" ? { "Retry-After": ref(headerComponentName.retryAfter) } : {}),
    ...(extra === "rateLimited" ? rateLimitHeaders() : {}),
    "X-Request-Id": ref(headerComponentName.requestId),
  };
}
