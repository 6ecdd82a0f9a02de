// The table of public API endpoints. /api/public renders it, 404s under /api list it as
// availableEndpoints, and the docs are generated from it: adding an endpoint means adding it here.
import { ERROR_CODES } from "./http/api-errors";
import { CACHE_POLICIES } from "./http/cache-policy";
import { publicBaseUrl, siteUrls } from "./site-urls";

export interface EndpointParameter {
  name: string;
  in: "query" | "path" | "body";
  required: boolean;
  type: string;
  description: string;
}

export interface Endpoint {
  path: string;
  methods: string[];
  summary: string;
  parameters: EndpointParameter[];
  example: string;
  cache: keyof typeof CACHE_POLICIES;
}

export const API_ENDPOINTS: Endpoint[] = [
  {
    path: "/api/public",
    methods: ["GET"],
    summary: "This index: every endpoint, its parameters and the error format.",
    parameters: [],
    example: "/api/public",
    cache: "directory",
  },
  {
    path: "/api/public/restaurants",
    methods: ["GET"],
    summary: "Search published restaurants. Envelope: { query, total, count, results }.",
    parameters: [
      { name: "q", in: "query", required: false, type: "string (≤200)", description: "Free-text match on name, description or slug, case-insensitive." },
      { name: "city", in: "query", required: false, type: "string (≤100)", description: "City name or slug, case-insensitive (Zürich = zürich = zurich's slug)." },
      { name: "cuisine", in: "query", required: false, type: "string (≤100)", description: "Cuisine name or slug, case-insensitive." },
      { name: "limit", in: "query", required: false, type: "integer", description: "1 to 50, default 20; values outside are clamped; a non-integer is invalid_request." },
    ],
    example: "/api/public/restaurants?city=zurich&limit=5",
    cache: "search",
  },
  {
    path: "/api/public/restaurants/{slug}",
    methods: ["GET"],
    summary: "One published restaurant with its complete menu.",
    parameters: [{ name: "slug", in: "path", required: true, type: "string", description: "The identifier in the public menu URL {base_url}/{slug}." }],
    example: "/api/public/restaurants/{slug}",
    cache: "menu",
  },
  {
    path: "/api/public/locations",
    methods: ["GET"],
    summary: "The directory of countries and cities.",
    parameters: [],
    example: "/api/public/locations",
    cache: "directory",
  },
  {
    path: "/api/public/cuisines",
    methods: ["GET"],
    summary: "The directory of cuisine types.",
    parameters: [],
    example: "/api/public/cuisines",
    cache: "directory",
  },
  {
    path: "/api/public/plans",
    methods: ["GET"],
    summary: "Subscription plans, prices (EUR, major units) and the limits the service enforces; null means unlimited.",
    parameters: [],
    example: "/api/public/plans",
    cache: "directory",
  },
];

/** Absolute URL of every endpoint, for 404 bodies. */
export function availableEndpoints(): string[] {
  return API_ENDPOINTS.map((e) => publicBaseUrl() + e.path);
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
    authentication: "none",
    attribution: `Data is for informational use with attribution to ${base}, subject to the terms of use.`,
    terms: siteUrls.terms(),
    endpoints: API_ENDPOINTS.map((e) => ({
      path: e.path,
      url: base + e.path,
      methods: e.methods,
      summary: e.summary,
      parameters: e.parameters,
      example: base + (exampleSlug ? e.example.replace("{slug}", exampleSlug) : e.example),
      cacheControl: CACHE_POLICIES[e.cache],
    })),
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
      conditionalRequests: "Every successful GET has an ETag; send If-None-Match to get 304 Not Modified.",
      methods: "Read endpoints accept GET and HEAD (and OPTIONS); anything else is 405 method_not_allowed with an Allow header.",
      rateLimits: "No published quota. Cache responses and avoid heavy search traffic; throttling, if introduced, is 429 rate_limited.",
    },
  };
}
