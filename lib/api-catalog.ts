// The table of public API endpoints. /api/public renders it, 404s under /api list it as
// availableEndpoints, and the docs are generated from it: adding an endpoint means adding it here.
import { ERROR_CODES } from "./http/api-errors";
import { CACHE_POLICIES } from "./http/cache-policy";
import { attributionText } from "./service-info";
import { WIFI_PASSWORD_IN_URL_NOTE } from "./tools/wifi-qr";
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
    summary: "Search published restaurants. Envelope: { query, total, totalCapped, count, nextCursor, results }; total stops counting at 1000 (totalCapped).",
    parameters: [
      { name: "q", in: "query", required: false, type: "string (≤200)", description: "Free-text match on name, description or slug, case-insensitive." },
      { name: "city", in: "query", required: false, type: "string (≤100)", description: "City name or slug, case-insensitive (Zürich = zürich = zurich's slug)." },
      { name: "cuisine", in: "query", required: false, type: "string (≤100)", description: "Cuisine name or slug, case-insensitive." },
      { name: "limit", in: "query", required: false, type: "integer", description: "1 to 50, default 20; values outside are clamped; a non-integer (or one beyond ±9007199254740991) is invalid_request." },
      { name: "near", in: "query", required: false, type: "string", description: "lat,lng in decimal degrees: only restaurants within radiusKm, nearest first, each with distanceKm." },
      { name: "radiusKm", in: "query", required: false, type: "number", description: "Kilometres around near, default 5, at most 50." },
      { name: "openNow", in: "query", required: false, type: "boolean", description: "true: only restaurants open now in their own local time (hours past midnight count; unknown hours never match)." },
      { name: "openAt", in: "query", required: false, type: "string (RFC 3339)", description: "Only restaurants open at that instant, in their own local time." },
      { name: "cursor", in: "query", required: false, type: "string", description: "nextCursor of the previous page (also in the Link header, rel=next), with the same filters." },
    ],
    example: "/api/public/restaurants?city=zurich&limit=5",
    cache: "search",
  },
  {
    path: "/api/public/dishes",
    methods: ["GET"],
    summary:
      "Search dishes across every published menu. Envelope: { query, total, totalCapped, count, nextCursor, allergenNotice, results }. Allergen exclusion relies on the restaurants' declarations: never a safety guarantee. The same search for people is the page /dishes (Markdown: /dishes.md), with the same parameters.",
    parameters: [
      { name: "q", in: "query", required: false, type: "string (≤200)", description: "Free-text match on the dish's name or description in any of its languages, case-insensitive." },
      { name: "city", in: "query", required: false, type: "string (≤100)", description: "City name or slug, case-insensitive." },
      { name: "cuisine", in: "query", required: false, type: "string (≤100)", description: "Cuisine name or slug, case-insensitive." },
      { name: "diet", in: "query", required: false, type: "string", description: "Comma list of dietary tags that must all be present, e.g. vegan,gluten-free." },
      { name: "excludeAllergens", in: "query", required: false, type: "string", description: "Comma list of EU-14 codes the dish must not declare; an unknown code is invalid_request naming the valid ones." },
      { name: "maxPrice", in: "query", required: false, type: "number", description: "Highest price in major units; needs currency (prices in different currencies are never compared)." },
      { name: "currency", in: "query", required: false, type: "string", description: "ISO 4217 code: only dishes priced in it." },
      { name: "limit", in: "query", required: false, type: "integer", description: "1 to 50, default 20; values outside are clamped; a non-integer (or one beyond ±9007199254740991) is invalid_request." },
      { name: "near", in: "query", required: false, type: "string", description: "lat,lng in decimal degrees: only restaurants within radiusKm, nearest first, each with distanceKm." },
      { name: "radiusKm", in: "query", required: false, type: "number", description: "Kilometres around near, default 5, at most 50." },
      { name: "openNow", in: "query", required: false, type: "boolean", description: "true: only restaurants open now in their own local time (hours past midnight count; unknown hours never match)." },
      { name: "openAt", in: "query", required: false, type: "string (RFC 3339)", description: "Only restaurants open at that instant, in their own local time." },
      { name: "cursor", in: "query", required: false, type: "string", description: "nextCursor of the previous page (also in the Link header, rel=next), with the same filters." },
    ],
    example: "/api/public/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&maxPrice=20&currency=CHF",
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
    path: "/api/public/export.ndjson",
    methods: ["GET"],
    summary:
      "Every published restaurant with its full menu as NDJSON: one line per restaurant, each exactly the body of /api/public/restaurants/{slug}, then a last line { end: true, count, nextCursor, changesUrl } (no end line: incomplete, download again). Follow /api/public/changes from nextCursor to stay current. Streamed; gzip with Accept-Encoding: gzip; ETag and Last-Modified give 304 when nothing changed. Counts against the search budget; at most 3 at once per instance (503 with Retry-After beyond).",
    parameters: [],
    example: "/api/public/export.ndjson",
    cache: "export",
  },
  {
    path: "/api/public/changes",
    methods: ["GET"],
    summary:
      "The change feed, oldest first: { since, count, hasMore, nextCursor, retentionDays, changes: [{ type, slug, change, updatedAt, apiUrl, url }] }. type is restaurant, country, city or cuisine; change is published, updated or removed (drop it). Without since: the current state. Keep nextCursor and pass it as since to learn what changed after it; removals are kept 30 days, an older cursor is invalid_request (cursorExpired: start again from the export).",
    parameters: [
      { name: "since", in: "query", required: false, type: "string", description: "nextCursor of the previous answer or the cursor on the export's last line; omit for the current state." },
      { name: "limit", in: "query", required: false, type: "integer", description: "1 to 1000, default 100; values outside are clamped." },
    ],
    example: "/api/public/changes",
    cache: "changes",
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
  {
    path: "/api/public/tools/food-cost",
    methods: ["GET", "POST"],
    summary:
      "Food cost of a dish: portion, waste and labour cost, gross margin, the suggested price for a target margin (total cost / (1 − margin)) and a recommendation. Money is rounded to cents.",
    parameters: [
      { name: "cost", in: "query", required: false, type: "number ≥ 0", description: "Raw ingredient cost of one portion (GET needs it; POST takes it or ingredients)." },
      { name: "margin", in: "query", required: false, type: "number, 0 ≤ margin < 100", description: "Target gross margin in percent; default 70." },
      { name: "price", in: "query", required: false, type: "number ≥ 0.005", description: "Current selling price, to analyse its margin (rounded to cents)." },
      { name: "ingredients", in: "body", required: false, type: "array (1–100)", description: "POST: the ingredients of one portion, each { name?, quantity, unitCost } or { name?, cost }." },
      { name: "wastePercentage", in: "body", required: false, type: "number 0–100", description: "POST: waste buffer in percent of the portion cost; default 0." },
      { name: "laborOverheadPercentage", in: "body", required: false, type: "number 0–1000", description: "POST: labour and overhead in percent of the portion cost; default 0." },
    ],
    example: "/api/public/tools/food-cost?cost=4.20&margin=70&price=12.50",
    cache: "tool",
  },
  {
    path: "/api/public/tools/wifi-qr",
    methods: ["GET"],
    summary: "Guest Wi-Fi QR code: the WIFI: payload (escaped), a printable SVG QR image and connection instructions for iOS, Android, Windows and macOS.",
    parameters: [
      { name: "ssid", in: "query", required: true, type: "string (≤32 bytes)", description: "The network name." },
      { name: "password", in: "query", required: false, type: "string", description: `Required for WPA (8–63 characters) and WEP; ignored for nopass. ${WIFI_PASSWORD_IN_URL_NOTE}` },
      { name: "encryption", in: "query", required: false, type: "WPA | WEP | nopass", description: "Case-insensitive; default WPA." },
      { name: "hidden", in: "query", required: false, type: "boolean", description: "true for a hidden SSID." },
    ],
    example: "/api/public/tools/wifi-qr?ssid=Guest&password=welcome2024&encryption=WPA",
    // The answer echoes the password: no cache may keep it (what the handler sends).
    cache: "secret",
  },
  {
    path: "/api/public/tools/review-qr",
    methods: ["GET"],
    summary: "Review QR code: the write-a-review URL of a venue as a QR payload and a printable SVG QR image.",
    parameters: [
      { name: "placeId", in: "query", required: false, type: "string", description: "The venue's place identifier in the map service. Give this or url." },
      { name: "url", in: "query", required: false, type: "http(s) URL", description: "A direct review URL with an ASCII host name (no IP address, no user info), used as-is. Give this or placeId." },
    ],
    example: "/api/public/tools/review-qr?placeId=ChIJN1t_tDeuEmsRUsoyG83frY4",
    cache: "tool",
  },
  {
    path: "/api/mcp",
    methods: ["POST"],
    summary:
      "The MCP tool server (JSON-RPC 2.0, stateless Streamable HTTP, protocol 2025-11-25 and 2026-07-28): the seven tools, menus as resources, two prompts. Manifest: /.well-known/mcp.json.",
    parameters: [
      { name: "jsonrpc", in: "body", required: true, type: '"2.0"', description: "JSON-RPC version." },
      { name: "id", in: "body", required: false, type: "string | integer", description: "Request id; omit for a notification." },
      { name: "method", in: "body", required: true, type: "string", description: "initialize, ping, tools/list, tools/call, resources/list, resources/read, resources/templates/list, prompts/list, prompts/get (2026-07-28: server/discover)." },
      { name: "params", in: "body", required: false, type: "object", description: "The method's parameters, e.g. { name, arguments } for tools/call." },
    ],
    example: "/api/mcp",
    cache: "noStore",
  },
  {
    path: "/api/health",
    methods: ["GET"],
    summary: "Liveness probe: 200 {\"status\":\"ok\",\"version\":…,\"commit\":…} while the process answers (with the running version and its build's commit); asks nothing of the database.",
    parameters: [],
    example: "/api/health",
    cache: "noStore",
  },
  {
    path: "/api/health/ready",
    methods: ["GET"],
    summary: "Readiness probe: 200 ready (or degraded, serving last good copies while the database is down); 503 service_unavailable with the checks while shutting down, at capacity, or not migrated.",
    parameters: [],
    example: "/api/health/ready",
    cache: "noStore",
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
    reference: siteUrls.apiReference(),
    authentication: "none",
    attribution: attributionText(),
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
      conditionalRequests: "Every successful GET has an ETag; send If-None-Match (at most 1000 characters) to get 304 Not Modified.",
      queryParameters:
        "Numbers are read one way in every parameter: JSON number syntax plus a leading + and a leading or trailing dot (1e2, .5, 5., +3); an empty value is the same as leaving the parameter out; a parameter given twice is invalid_request.",
      methods: "Read endpoints accept GET and HEAD (and OPTIONS); anything else is 405 method_not_allowed with an Allow header.",
      rateLimits:
        "No published quota. Restaurant and dish search (these two endpoints and the MCP tools search_restaurants and search_dishes, one budget) are throttled per client address: every answer once counted (errors included) carries RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers); over the budget it is 429 rate_limited with Retry-After. Menus, directories, plans and tools are never throttled. Cache responses and avoid heavy search traffic.",
    },
  };
}
