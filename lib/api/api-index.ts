// The API index at /api/public, which the developers page renders too, and the endpoints a 404
// under /api lists: both map the registry (./operations.ts).
import { API_OPERATIONS, methodsOf } from "./operations";
import { ERROR_CODES } from "../http/api-errors";
import { CACHE_POLICIES } from "../http/cache-policy";
import { attributionText } from "../service-info";
import { publicBaseUrl, siteUrls } from "../site-urls";

/** Absolute URL of every endpoint, for 404 bodies. */
export function availableEndpoints(): string[] {
  return API_OPERATIONS.map((e) => publicBaseUrl() + e.path);
}

export function apiIndex(exampleSlug?: string) {
  const base = publicBaseUrl();
  return {
    name: "Menu Service public API",
    version: "1.0.0",
    description:
      "Public, read-only, unauthenticated JSON API of restaurant menus: restaurant profiles, complete menus with prices, the 14 EU allergens and dietary tags, the location and cuisine directories and the plans. No API key, no account, CORS-open.",
    baseUrl: base,
    documentation: siteUrls.apiDocs(),
    specification: siteUrls.openApi(),
    reference: siteUrls.apiReference(),
    authentication: "none",
    attribution: attributionText(),
    terms: siteUrls.terms(),
    endpoints: API_OPERATIONS.map((e) => {
      const example = e.index.example ?? e.path;
      return {
        path: e.path,
        url: base + e.path,
        methods: methodsOf(e),
        summary: e.index.summary,
        parameters: e.index.parameters ?? [],
        example: base + (exampleSlug ? example.replace("{slug}", exampleSlug) : example),
        cacheControl: CACHE_POLICIES[e.cache],
      };
    }),
    errors: {
      format: {
        error: "string — stable code; branch on this",
        status: "integer — the HTTP status",
        message: "string — what happened",
        hint: "string — how to fix it",
        documentation: "uri",
        specification: "uri",
        availableEndpoints: "array of uri — only on a 404 for an unknown path",
      },
      codes: Object.entries(ERROR_CODES).map(([code, { status, hint }]) => ({ error: code, status, hint })),
      caching: "Errors are sent with Cache-Control: no-store.",
    },
    conventions: {
      cors: "Access-Control-Allow-Origin: * on every response; OPTIONS preflight answers 204.",
      conditionalRequests: "Every successful GET has an ETag; send If-None-Match (at most 1000 characters) to get 304 Not Modified.",
      queryParameters:
        "Numbers are read one way in every parameter: JSON number syntax plus a leading + and a leading or trailing dot (1e2, .5, 5., +3); an empty value is the same as leaving the parameter out; a parameter given twice is invalid_request.",
      methods: "Read endpoints accept GET and HEAD (and OPTIONS); anything else is 405 method_not_allowed with an Allow header.",
      rateLimits:
        "No published quota. Restaurant and dish search (these two endpoints and the MCP tools search_restaurants and search_dishes, one budget) are throttled per client address: every answer once counted (errors included) carries RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers); over the budget it is 429 rate_limited with Retry-After. Menus, directories, plans and tools are never throttled. Cache responses and avoid heavy search traffic.",
    },
  };
}
