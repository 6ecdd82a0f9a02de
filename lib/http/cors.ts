// CORS for every surface: the API routes (lib/http/api-route.ts), the MCP endpoint
// (lib/mcp/mcp-endpoint.ts) and the pages (middleware.ts). Every response may be read from any
// origin (contract section 1, rule 3); a preflight says which methods and request headers a
// resource takes.
import { CACHE_POLICIES } from "./cache-policy";

/** Request headers a page of another origin may send to the API and the pages. */
export const CORS_ALLOWED_HEADERS = "Accept, Content-Type, If-None-Match, If-Modified-Since, Cache-Control, X-Request-Id";

/** Response headers of the API and the pages a page of another origin may read. */
export const CORS_EXPOSED_HEADERS = "ETag, Link, Allow, Retry-After, RateLimit, RateLimit-Policy, Cache-Status, Content-Length, X-Markdown-Tokens, X-Request-Id";

/** Sets the headers that let any origin read a response. */
export function allowAnyOrigin(headers: Headers, exposed: string = CORS_EXPOSED_HEADERS): Headers {
  headers.set("Access-Control-Allow-Origin", "*");
  headers.set("Access-Control-Expose-Headers", exposed);
  return headers;
}

export interface PreflightOptions {
  /** methods the resource serves, e.g. "GET, HEAD, OPTIONS" (also the Allow header) */
  allow: string;
  /** request headers it accepts; CORS_ALLOWED_HEADERS by default */
  allowHeaders?: string;
  /** response headers a cross-origin reader may see; CORS_EXPOSED_HEADERS by default */
  exposeHeaders?: string;
  /** request headers the answer depends on (the MCP endpoint echoes some of them) */
  vary?: string;
}

/** 204 to an OPTIONS request: the methods and headers a cross-origin request may use, cacheable for a day. */
export function preflightResponse(options: PreflightOptions): Response {
  const headers = allowAnyOrigin(new Headers(), options.exposeHeaders);
  headers.set("Allow", options.allow);
  headers.set("Access-Control-Allow-Methods", options.allow);
  headers.set("Access-Control-Allow-Headers", options.allowHeaders ?? CORS_ALLOWED_HEADERS);
  headers.set("Access-Control-Max-Age", "86400");
  // They change only with a deploy, like the directory.
  headers.set("Cache-Control", CACHE_POLICIES.directory);
  if (options.vary) headers.set("Vary", options.vary);
  return new Response(null, { status: 204, headers });
}
