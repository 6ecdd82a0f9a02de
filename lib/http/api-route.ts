// The REST adapter shared by every route under /api: method dispatch with JSON 405s, CORS,
// HEAD, preflight, ETag/304 and the error contract. Route files stay one line of wiring per method.
import { ApiError, errorBody, toApiError } from "./api-errors";
import { CACHE_POLICIES, type CachePolicy } from "./cache-policy";
import { allowAnyOrigin as withCors, preflightResponse } from "./cors";
import { consumeRateLimit, type RateLimitPolicy } from "./rate-limit";
import { respondWithFreshness } from "../cache/freshness";
import { watchChanges } from "../cache/change-watch";
import { publicBaseUrl } from "../site-urls";
import { log } from "../observability/logger";
import { etagOf } from "./etag-of";
import { tracing } from "../observability/trace-hooks";

export const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof ALL_METHODS)[number];

export type RouteParams = Record<string, string | string[] | undefined>;
export type Handler = (request: Request, params: RouteParams) => Promise<Response> | Response;
type NextContext = { params: Promise<RouteParams> };
type NextHandler = (request: Request, context: NextContext) => Promise<Response>;


export function errorResponse(error: unknown): Response {
  const apiError = toApiError(error);
  if (!(error instanceof ApiError)) {
    log().error({ err: error }, apiError.status === 503 ? "database unavailable, answered 503" : "unexpected error answered 500");
    tracing()?.recordError(error);
  }
  const headers = withCors(new Headers(apiError.options.headers));
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", CACHE_POLICIES.noStore);
  return new Response(JSON.stringify(errorBody(apiError)), { status: apiError.status, headers });
}


/**
 * The longest If-None-Match a GET takes (the published maxLength): room for a few dozen ETags.
 * A longer one is invalid_request rather than compared, so the bound the document states holds.
 */
export const MAX_IF_NONE_MATCH_LENGTH = 1000;

function checkIfNoneMatch(request: Request): void {
  const value = request.headers.get("if-none-match");
  if (value !== null && value.length > MAX_IF_NONE_MATCH_LENGTH) {
    throw new ApiError("invalid_request", `The If-None-Match header is ${value.length} characters long; at most ${MAX_IF_NONE_MATCH_LENGTH} are accepted.`, {
      hint: "Send the ETag of the response you hold (or a short list of them).",
      extra: { issues: [{ parameter: "If-None-Match", message: `at most ${MAX_IF_NONE_MATCH_LENGTH} characters` }] },
    });
  }
}

/** RFC 9110 §13.1.2: weak comparison against a list of entity tags, or "*". */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/**
 * The validator as sent: weak. Next.js compresses bodies on the way out (gzip or br, by
 * Accept-Encoding) and keeps the ETag it was given, so one strong ETag would name two different
 * byte sequences (RFC 9110 §8.8.1). A weak one promises only the same content, which is what it
 * means here; If-None-Match compares weakly anyway (matchesIfNoneMatch).
 */
export function weakEtag(etag: string): string {
  return etag.startsWith("W/") ? etag : `W/${etag}`;
}

/** A Vary header value with `field` added once (case-insensitive). */
export function varyWith(vary: string | null | undefined, field: string): string {
  const fields = (vary ?? "").split(",").map((f) => f.trim()).filter(Boolean);
  return fields.some((f) => f.toLowerCase() === field.toLowerCase()) ? fields.join(", ") : [...fields, field].join(", ");
}

/**
 * A cacheable success: ETag from the bytes, 304 when the client already has them. The caller's
 * `prepared` body lets hot paths reuse a serialized body and its ETag. The 304 carries the same
 * Cache-Control, ETag and Vary as the 200 it stands for (RFC 9110 §15.4.5); Vary names
 * Accept-Encoding on both because the 200 may be compressed (Next.js adds it only to bodies).
 */
export function cachedResponse(
  request: Request,
  prepared: { body: string; etag?: string; contentType?: string },
  policy: CachePolicy,
  extraHeaders: Record<string, string> = {},
): Response {
  const etag = weakEtag(prepared.etag ?? etagOf(prepared.body));
  const headers = withCors(new Headers(extraHeaders));
  headers.set("Cache-Control", CACHE_POLICIES[policy]);
  headers.set("ETag", etag);
  headers.set("Vary", varyWith(headers.get("vary"), "Accept-Encoding"));
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", prepared.contentType ?? "application/json; charset=utf-8");
  return new Response(prepared.body, { status: 200, headers });
}

export function jsonResponse(request: Request, data: unknown, policy: CachePolicy, extraHeaders?: Record<string, string>): Response {
  return cachedResponse(request, { body: JSON.stringify(data) }, policy, extraHeaders);
}

/** The fields set on a response built by a handler (mutable headers), or on a copy when they are not. */
function withFields(response: Response, fields: Record<string, string>): Response {
  const names = Object.keys(fields);
  if (names.length === 0) return response;
  try {
    for (const name of names) response.headers.set(name, fields[name]);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const name of names) headers.set(name, fields[name]);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * Builds every method export of a route file. Methods not in `handlers` answer 405 with Allow;
 * HEAD mirrors GET without a body; OPTIONS is the CORS preflight.
 *
 * `throttle` counts each GET/HEAD against that budget (lib/http/rate-limit.ts) before the handler
 * runs, and puts the RateLimit fields on whatever it answers: a success, a 304, and every error
 * after the count (a 400 from validation too), since each of those used up a request.
 */
export function apiRoute(
  handlers: Partial<Record<"GET" | "POST", Handler>>,
  options: { allowHeaders?: string; throttle?: RateLimitPolicy } = {},
): Record<Method, NextHandler> {
  const allowed: Method[] = [...(handlers.GET ? (["GET", "HEAD"] as const) : []), ...(handlers.POST ? (["POST"] as const) : []), "OPTIONS"];
  const allow = allowed.join(", ");

  const run = (handler: Handler | undefined, method: Method): NextHandler => async (request, context) => {
    // The throttle's fields once the request was counted; a refusal (429) carries its own.
    let rateLimit: Record<string, string> = {};
    try {
      if (method === "OPTIONS") return preflightResponse({ allow, allowHeaders: options.allowHeaders });
      if (!handler) {
        throw new ApiError("method_not_allowed", `${method} is not supported here; use ${allow}.`, { headers: { Allow: allow } });
      }
      if (options.throttle) rateLimit = await consumeRateLimit(request, options.throttle);
      await watchChanges(request.url);
      checkIfNoneMatch(request);
      const params = (await context?.params) ?? {};
      const response = withFields(await respondWithFreshness(async () => handler(request, params)), rateLimit);
      if (method === "HEAD") return new Response(null, { status: response.status, headers: response.headers });
      // A throttled answer carries the client's own counts: never repeated to another.
      return response;
    } catch (error) {
      const response = withFields(errorResponse(error), rateLimit);
      return method === "HEAD" ? new Response(null, { status: response.status, headers: response.headers }) : response;
    }
  };

  return {
    GET: run(handlers.GET, "GET"),
    HEAD: run(handlers.GET, "HEAD"),
    POST: run(handlers.POST, "POST"),
    PUT: run(undefined, "PUT"),
    PATCH: run(undefined, "PATCH"),
    DELETE: run(undefined, "DELETE"),
    OPTIONS: run(undefined, "OPTIONS"),
  };
}


/** One query parameter: absent → undefined; given twice → invalid_request (ambiguous). */
export function singleParam(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) throw new ApiError("invalid_request", `The parameter "${name}" was given ${values.length} times; give it once.`);
  return values[0];
}

/**
 * The Link header of a page with a next one (RFC 8288): this request's URL on the public base,
 * with cursor replaced by `nextCursor`. Nothing when there is no next page.
 */
export function nextPageHeaders(request: Request, nextCursor: string | null): Record<string, string> {
  if (!nextCursor) return {};
  const url = new URL(request.url);
  url.searchParams.set("cursor", nextCursor);
  return { Link: `<${publicBaseUrl()}${url.pathname}?${url.searchParams.toString()}>; rel="next"` };
}
