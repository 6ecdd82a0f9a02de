// The error contract of everything under /api: one table of stable codes → HTTP status and the
// hint a client needs. Codes are never renamed; new failures get new codes here.
import { isDatabaseUnavailable } from "../db/database-unavailable";
import { siteUrls } from "../site-urls";

export const ERROR_CODES = {
  invalid_request: { status: 400, hint: "Check the parameters against the endpoint's documentation." },
  invalid_json: { status: 400, hint: "Send a valid JSON document with Content-Type: application/json." },
  not_found: { status: 404, hint: "Check the path and identifier; GET /api/public lists every endpoint." },
  method_not_allowed: { status: 405, hint: "Use one of the methods in the Allow header." },
  not_acceptable: { status: 406, hint: "Accept one of the listed representations." },
  request_timeout: { status: 408, hint: "Send the headers within 10 s and the body within 10 s after them, then retry." },
  payload_too_large: { status: 413, hint: "Send a smaller request body." },
  headers_too_large: { status: 431, hint: "Send fewer or shorter headers (at most 16 KB in all)." },
  rate_limited: { status: 429, hint: "Too many requests: wait for the Retry-After seconds, then retry; cache responses." },
  internal_error: { status: 500, hint: "A failure on the service side; it is safe to retry." },
  service_unavailable: { status: 503, hint: "The service cannot serve this right now (at capacity, or its database unreachable); retry after the Retry-After seconds." },
} as const satisfies Record<string, { status: number; hint: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  error: ErrorCode;
  status: number;
  message: string;
  hint: string;
  documentation: string;
  specification: string;
  [extra: string]: unknown;
}

/** A failure a capability reports; every surface (REST, MCP, pages) maps it to its own format. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { hint?: string; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_CODES[code].status;
  }
}

export function errorBody(error: ApiError): ErrorBody {
  return {
    error: error.code,
    status: error.status,
    message: error.message,
    hint: error.options.hint ?? ERROR_CODES[error.code].hint,
    documentation: `${siteUrls.apiIndex()}#errors`,
    specification: siteUrls.openApi(),
    ...error.options.extra,
  };
}

/** Seconds a client should wait before retrying an internal_error or a database outage. */
export const INTERNAL_ERROR_RETRY_AFTER_S = 5;

/**
 * Anything thrown that is not an ApiError: service_unavailable when the database cannot answer
 * (lib/db/database-unavailable.ts: stopped, unreachable, timed out) for a resource that has no
 * last good copy (lib/cache/ttl-cache.ts), else internal_error — a bug of ours. No detail leaked.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const headers = { "Retry-After": String(INTERNAL_ERROR_RETRY_AFTER_S) };
  if (isDatabaseUnavailable(error)) return new ApiError("service_unavailable", "The data cannot be read right now: the database is unavailable.", { headers });
  return new ApiError("internal_error", "The request could not be completed because of an internal error.", { headers });
}
