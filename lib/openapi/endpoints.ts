// The registry the OpenAPI document is generated from: one entry per operation, each naming the
// zod schemas its handler validates with and serializes through (imported from the capability
// and serializer modules, never restated here), its cache policy and the error codes it can
// produce. Adding a route means adding it here; tests/openapi and lib/openapi/document.test.ts
// fail while a route file under app/api has no entry.
import { z } from "zod";
import type { ErrorCode } from "../http/api-errors";
import type { CachePolicy } from "../http/cache-policy";
import type { RateLimitPolicy } from "../http/rate-limit";
import { LivenessSchema, ReadinessSchema } from "../health/service-health";
import { getRestaurantMenuInput } from "../restaurants/get-restaurant-menu";
import { SEARCH_LIMIT, SEARCH_LIMIT_RULE, searchRestaurantsInput } from "../restaurants/search-restaurants";
import { CuisinesSchema, DishSearchResponseSchema, LocationsSchema, PlansSchema, RestaurantSchema, SearchResponseSchema } from "../serializers/public-schemas";
import { ALLERGEN_LIST_PATTERN, DIET_LIST_PATTERN, MAX_LIST_LENGTH, searchDishesInput } from "../dishes/search-dishes";
import { currencyFilterPattern } from "../menu/money";
import { NEAR_PATTERN, RADIUS_KM } from "../search/geo";
import { NO_CONTROL_CHARACTERS_PATTERN, OPEN_AT_PATTERN } from "../search/search-params";
import { FOOD_COST_LIMITS, foodCostInput, FoodCostResultSchema } from "../tools/food-cost";
import { PLACE_ID_PATTERN, REVIEW_URL_PATTERN, reviewQrInput, ReviewQrResultSchema } from "../tools/review-qr";
import { WIFI_PASSWORD_IN_URL_NOTE, wifiQrInput, WifiQrResultSchema } from "../tools/wifi-qr";
import { ApiIndexSchema } from "./schemas";
import { ChangesResponseSchema, listChangesInput } from "../changes/list-changes";
import { ExportLineSchema } from "../export/export-schema";

export const TAGS = [
  { name: "Index", description: "What the API offers, machine-readable." },
  { name: "Restaurants", description: "Published restaurants and their complete menus." },
  { name: "Directory", description: "Countries, cities and cuisine types." },
  { name: "Mirroring", description: "Keeping a copy of every published menu without crawling: the bulk export and the change feed." },
  { name: "Plans", description: "Subscription plans, prices and the limits the service enforces." },
  { name: "Tools", description: "Pure utility calculators for restaurant owners: same input, same output." },
  { name: "Tool server", description: "The Model Context Protocol tool server (JSON-RPC 2.0 over HTTP)." },
  { name: "Health", description: "Probes for containers and load balancers; never cached." },
] as const;

export type TagName = (typeof TAGS)[number]["name"];

export interface RestOperation {
  path: string;
  method: "get" | "post";
  operationId: string;
  tag: TagName;
  summary: string;
  description: string;
  query?: z.ZodObject;
  pathParams?: z.ZodObject;
  /** A JSON request body, validated by the same schema as the query form. */
  body?: { schema: z.ZodType; description: string };
  response: { component: string; schema: z.ZodType; description: string; policy: CachePolicy; contentType?: string };
  /** Error codes this operation answers besides internal_error, which any can. */
  errors: ErrorCode[];
  /** Counted against a throttle (lib/http/rate-limit.ts): RateLimit fields, and 429 rate_limited. */
  throttled?: RateLimitPolicy;
  /**
   * The rules the handler enforces that JSON Schema cannot state (across parameters, or beyond
   * a pattern): published as x-validation-rules, each naming its parameters. A request that
   * satisfies the schemas is refused (invalid_request) only for one of these.
   */
  rules?: ValidationRule[];
}

export interface ValidationRule {
  /** The parameters (or body members, as dotted paths) the rule is about; invalid_request names one of them. */
  parameters: string[];
  rule: string;
}

/**
 * The search limit as a query parameter: the capability accepts a number or a numeric string and
 * clamps it, so the document states the effective rule from SEARCH_LIMIT rather than "number | string".
 */
const limitParam = searchRestaurantsInput.shape.limit.meta({
  description: SEARCH_LIMIT_RULE,
  override: ({ jsonSchema }) => {
    delete jsonSchema.anyOf;
    // Every whole number is taken and clamped into SEARCH_LIMIT, up to the safe-integer range.
    Object.assign(jsonSchema, { type: "integer", format: "int64", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, default: SEARCH_LIMIT.default });
  },
});

/** A parameter the capability also takes as a JSON value, stated as the query string carries it. */
const asQuery = (schema: z.ZodType, json: Record<string, unknown>) =>
  schema.meta({
    override: ({ jsonSchema }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, json);
    },
  });

/** A text filter (q, city, cuisine): its length, and no control characters (the handler's refinement). */
const textFilter = (schema: z.ZodType) => schema.meta({ override: { pattern: NO_CONTROL_CHARACTERS_PATTERN } });

const geoTimeQuery = {
  near: searchRestaurantsInput.shape.near.meta({ examples: ["47.3769,8.5417"], override: { pattern: NEAR_PATTERN } }),
  radiusKm: asQuery(searchRestaurantsInput.shape.radiusKm, { type: "number", exclusiveMinimum: 0, maximum: RADIUS_KM.max, default: RADIUS_KM.default }),
  openNow: asQuery(searchRestaurantsInput.shape.openNow, { type: "boolean" }),
  // The pattern, not format: date-time: the handler also takes what strict RFC 3339 does not
  // (no seconds, 24:00, a day past the month's end rolling over), and a validator asserting the
  // format would call those invalid.
  openAt: searchRestaurantsInput.shape.openAt.meta({ override: { pattern: OPEN_AT_PATTERN } }),
  cursor: searchRestaurantsInput.shape.cursor,
};

const searchQuery = z.object({
  q: textFilter(searchRestaurantsInput.shape.q),
  city: textFilter(searchRestaurantsInput.shape.city),
  cuisine: textFilter(searchRestaurantsInput.shape.cuisine),
  limit: limitParam,
  ...geoTimeQuery,
});

const dishQuery = z.object({
  q: textFilter(searchDishesInput.shape.q),
  city: textFilter(searchDishesInput.shape.city),
  cuisine: textFilter(searchDishesInput.shape.cuisine),
  diet: asQuery(searchDishesInput.shape.diet, { type: "string", maxLength: MAX_LIST_LENGTH, pattern: DIET_LIST_PATTERN, examples: ["vegan,gluten-free"] }),
  excludeAllergens: asQuery(searchDishesInput.shape.excludeAllergens, { type: "string", maxLength: MAX_LIST_LENGTH, pattern: ALLERGEN_LIST_PATTERN, examples: ["nuts,peanuts"] }),
  maxPrice: asQuery(searchDishesInput.shape.maxPrice, { type: "number", minimum: 0, examples: [15] }),
  currency: searchDishesInput.shape.currency.meta({ examples: ["CHF"], override: { pattern: currencyFilterPattern() } }),
  limit: limitParam,
  ...geoTimeQuery,
});

/** What both searches enforce beyond the schemas. */
const SEARCH_RULES: ValidationRule[] = [
  { parameters: ["radiusKm"], rule: "radiusKm needs near (the point to measure from)." },
  { parameters: ["openNow", "openAt"], rule: "Give either openNow=true or openAt, not both." },
  { parameters: ["cursor"], rule: "cursor is a nextCursor of this search (same endpoint, same filters) from the current deployment, passed unchanged." },
];

/** GET food-cost is the quick form: one cost, no ingredients, waste or labour (those need POST). */
const foodCostQuery = z.object({
  cost: foodCostInput.shape.cost.unwrap().describe("Raw ingredient cost of one portion (required here; POST also accepts a list of ingredients)"),
  margin: foodCostInput.shape.margin,
  price: foodCostInput.shape.price,
});

/**
 * The POST body: exactly one of cost and ingredients, and each ingredient with cost, or quantity
 * and unitCost, never both (the handler's refinements), stated with oneOf.
 */
const foodCostBody = foodCostInput.meta({
  override: ({ jsonSchema }) => {
    jsonSchema.oneOf = [{ required: ["cost"] }, { required: ["ingredients"] }];
    const items = (jsonSchema.properties?.ingredients as { items?: Record<string, unknown> } | undefined)?.items;
    if (!items) throw new Error("food-cost body: ingredients.items not generated inline");
    // `false`: the member must be absent in that branch.
    items.oneOf = [
      { required: ["cost"], properties: { quantity: false, unitCost: false } },
      { required: ["quantity", "unitCost"], properties: { cost: false } },
    ];
  },
});

/** The SSID rule is "at most 32 bytes of UTF-8": 32 characters is its upper bound, which a schema can state. */
const wifiQuery = z.object({
  ssid: wifiQrInput.shape.ssid.meta({ override: { maxLength: 32 } }),
  password: wifiQrInput.shape.password,
  encryption: wifiQrInput.shape.encryption.meta({ override: { default: "WPA", maxLength: 6 } }),
  hidden: wifiQrInput.shape.hidden,
});

// Both are trimmed before they are checked, so surrounding whitespace is part of what they accept.
const reviewQuery = z.object({
  placeId: reviewQrInput.shape.placeId.meta({ override: { pattern: PLACE_ID_PATTERN } }),
  url: reviewQrInput.shape.url.meta({ override: { pattern: REVIEW_URL_PATTERN } }),
});

export const REST_OPERATIONS: RestOperation[] = [
  {
    path: "/api/public",
    method: "get",
    operationId: "getApiIndex",
    tag: "Index",
    summary: "The API index",
    description: "Every endpoint with its parameters, an example URL and its Cache-Control, and the error format with every error code.",
    response: { component: "ApiIndex", schema: ApiIndexSchema, description: "The index", policy: "directory" },
    errors: [],
  },
  {
    path: "/api/public/restaurants",
    method: "get",
    operationId: "searchRestaurants",
    tag: "Restaurants",
    summary: "Search published restaurants",
    description:
      "Free-text, city and cuisine filters, all optional and case-insensitive; without filters, every published restaurant (up to limit). " +
      "Each result carries the slug, the page URL, its Markdown twin and the API URL of the full menu. A parameter given twice is invalid_request. " +
      "near (lat,lng) with radiusKm keeps restaurants within that distance, nearest first, with distanceKm; openNow/openAt keeps those open at that instant in their own local time " +
      "(ranges past midnight count for the next morning; unknown hours are left out). Pages: pass nextCursor as cursor with the same filters (also in the Link header, rel=next); " +
      "total stops counting at 1000 matches (totalCapped: true). Example: /api/public/restaurants?near=47.3769,8.5417&radiusKm=2&openNow=true",
    query: searchQuery,
    response: { component: "SearchResponse", schema: SearchResponseSchema, description: "The matching restaurants", policy: "search" },
    errors: ["invalid_request", "service_unavailable"],
    throttled: "search",
    rules: SEARCH_RULES,
  },
  {
    path: "/api/public/dishes",
    method: "get",
    operationId: "searchDishes",
    tag: "Restaurants",
    summary: "Search dishes across every published menu",
    description:
      "Available dishes of visible sections of published restaurants, filtered by text (any language), city, cuisine, dietary tags (all must be present), " +
      "excluded EU-14 allergens, maximum price in one currency (maxPrice needs currency; currencies are never compared), distance (near, radiusKm) and opening time (openNow, openAt). " +
      "Allergen exclusion relies on the allergens each restaurant declared: it is not a guarantee that a dish is free of them. " +
      "Ordered by restaurant name and menu order, or by distance with near. Pages as in restaurant search (cursor, nextCursor, Link rel=next, totalCapped). " +
      "Example: /api/public/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&maxPrice=20&currency=CHF",
    query: dishQuery,
    response: { component: "DishSearchResponse", schema: DishSearchResponseSchema, description: "The matching dishes", policy: "search" },
    errors: ["invalid_request", "service_unavailable"],
    throttled: "search",
    rules: [{ parameters: ["maxPrice", "currency"], rule: "maxPrice needs currency: prices in different currencies are never compared." }, ...SEARCH_RULES],
  },
  {
    path: "/api/public/restaurants/{slug}",
    method: "get",
    operationId: "getRestaurant",
    tag: "Restaurants",
    summary: "One restaurant with its complete menu",
    description:
      "Profile, contact, opening hours, ratings and every visible category with its dishes: prices in major units of the restaurant's currency, " +
      "variants, the 14 EU allergens, dietary tags and translations. not_found when no active restaurant has the slug or its menu is not published.",
    pathParams: getRestaurantMenuInput,
    response: { component: "Restaurant", schema: RestaurantSchema, description: "The restaurant and its menu", policy: "menu" },
    errors: ["invalid_request", "not_found", "service_unavailable"],
  },
  {
    path: "/api/public/locations",
    method: "get",
    operationId: "listLocations",
    tag: "Directory",
    summary: "Countries and cities",
    description: "The location directory: every country with its city slugs, and every city with its country and dining scene.",
    response: { component: "Locations", schema: LocationsSchema, description: "The location directory", policy: "directory" },
    errors: ["service_unavailable"],
  },
  {
    path: "/api/public/cuisines",
    method: "get",
    operationId: "listCuisines",
    tag: "Directory",
    summary: "Cuisine types",
    description: "The cuisine directory.",
    response: { component: "Cuisines", schema: CuisinesSchema, description: "The cuisine directory", policy: "directory" },
    errors: ["service_unavailable"],
  },
  {
    path: "/api/public/plans",
    method: "get",
    operationId: "getPlans",
    tag: "Plans",
    summary: "Plans, prices and enforced limits",
    description: "Prices are in EUR, major units. Limits are the ones the service enforces and bills by; null means unlimited.",
    response: { component: "Plans", schema: PlansSchema, description: "The plans", policy: "directory" },
    errors: [],
  },
  {
    path: "/api/public/tools/food-cost",
    method: "get",
    operationId: "calculateFoodCost",
    tag: "Tools",
    summary: "Food cost and price of a dish (quick form)",
    description:
      "Portion cost, gross margin, the suggested price for the target margin (price = total cost / (1 − margin)) and, when price is given, " +
      "the current food-cost percentage with a plain-language recommendation. Money is rounded to cents.",
    query: foodCostQuery,
    response: { component: "FoodCostResult", schema: FoodCostResultSchema, description: "The calculation", policy: "tool" },
    errors: ["invalid_request"],
  },
  {
    path: "/api/public/tools/food-cost",
    method: "post",
    operationId: "calculateFoodCostFromIngredients",
    tag: "Tools",
    summary: "Food cost and price of a dish from its ingredients",
    description:
      "The full form: ingredients (each with cost, or quantity and unitCost), waste and labour percentages. A body that is not JSON is invalid_json; " +
      "a body over 64 KB is refused with payload_too_large before it is read whole.",
    body: { schema: foodCostBody, description: "Give either cost or ingredients." },
    response: { component: "FoodCostResult", schema: FoodCostResultSchema, description: "The calculation", policy: "tool" },
    errors: ["invalid_request", "invalid_json", "request_timeout", "payload_too_large", "service_unavailable"],
    rules: [{ parameters: ["ingredients"], rule: `The ingredient costs of one portion add up to at most ${FOOD_COST_LIMITS.maxAmount}.` }],
  },
  {
    path: "/api/public/tools/wifi-qr",
    method: "get",
    operationId: "generateWifiQr",
    tag: "Tools",
    summary: "Guest Wi-Fi QR payload and image",
    description:
      "The payload WIFI:S:<ssid>;T:<encryption>;P:<password>;; (special characters escaped, H:true for a hidden network), a printable SVG QR image " +
      "and connection instructions for iOS, Android, Windows and macOS. The password is dropped for nopass; WPA and WEP need one. " +
      WIFI_PASSWORD_IN_URL_NOTE,
    query: wifiQuery,
    // The payload carries the password the caller sent: the handler forbids every cache to keep it.
    response: { component: "WifiQrResult", schema: WifiQrResultSchema, description: "The payload, image and instructions", policy: "secret" },
    errors: ["invalid_request"],
    rules: [
      { parameters: ["ssid"], rule: "The SSID is at most 32 bytes of UTF-8 (32 characters of ASCII, fewer beyond it)." },
      {
        parameters: ["password"],
        rule: "WPA and WEP need a password: WPA 8 to 63 characters or 64 hex digits; WEP 5 or 13 characters, or 10 or 26 hex digits. nopass ignores it.",
      },
    ],
  },
  {
    path: "/api/public/tools/review-qr",
    method: "get",
    operationId: "generateReviewQr",
    tag: "Tools",
    summary: "Review link QR payload and image",
    description: "From placeId, the map service's write-a-review URL; from url (http or https only), that URL as-is. Give exactly one of them.",
    query: reviewQuery,
    response: { component: "ReviewQrResult", schema: ReviewQrResultSchema, description: "The review URL, payload and image", policy: "tool" },
    errors: ["invalid_request"],
    rules: [{ parameters: ["placeId", "url"], rule: "Give exactly one of placeId and url." }],
  },
  {
    path: "/api/public/export.ndjson",
    method: "get",
    operationId: "exportRestaurants",
    tag: "Mirroring",
    summary: "Every published restaurant with its full menu (NDJSON)",
    description:
      "One line per published restaurant, each exactly the body of GET /api/public/restaurants/{slug}, then one last line { end: true, count, nextCursor, changesUrl }: " +
      "follow the change feed from nextCursor to stay current. A file without that last line is incomplete (the connection broke): download it again. " +
      "Streamed from the database in batches (the first bytes come at once, however large the service); gzip-compressed when Accept-Encoding allows it. " +
      "ETag and Last-Modified change with every public change: an unchanged export is 304 Not Modified (If-None-Match, or If-Modified-Since with an HTTP-date, which is taken in any form and ignored when it is no date or If-None-Match is sent), and shared caches keep it (Cache-Control). " +
      "Each request counts against the search budget (RateLimit fields); an instance streams at most 3 exports at once and answers more with 503 service_unavailable and Retry-After.",
    response: { component: "ExportLine", schema: ExportLineSchema, description: "The export: one JSON document per line (the schema is that of each line)", policy: "export", contentType: "application/x-ndjson" },
    errors: ["invalid_request", "service_unavailable"],
    throttled: "search",
  },
  {
    path: "/api/public/changes",
    method: "get",
    operationId: "listChanges",
    tag: "Mirroring",
    summary: "The change feed",
    description:
      "Every restaurant, country, city and cuisine whose public content changed after the cursor since, oldest first, each once (its latest change): " +
      "published (new or public again), updated (its public content changed: fetch apiUrl), removed (no longer public: drop it; no reason is given). " +
      "A restaurant that was never public never appears, and edits of private data produce no entry. Without since: the current state, from the start. " +
      "Every answer has nextCursor (pass it as since next time; also in the Link header, rel=next, while hasMore). Removals are kept at least 30 days: " +
      "an older cursor (or one that is not a cursor of this feed) is invalid_request; an expired one says cursorExpired: true and names the export to start again from.",
    query: z.object({
      since: listChangesInput.shape.since,
      limit: asQuery(listChangesInput.shape.limit, { type: "integer", format: "int64", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, default: 100 }),
    }),
    response: { component: "ChangesResponse", schema: ChangesResponseSchema, description: "The changes after since", policy: "changes" },
    errors: ["invalid_request", "service_unavailable"],
    rules: [{ parameters: ["since"], rule: "since is a nextCursor of this feed (or the cursor on the export's last line), passed unchanged, no older than the feed's retention (30 days)." }],
  },
  {
    path: "/api/health",
    method: "get",
    operationId: "getLiveness",
    tag: "Health",
    summary: "Liveness probe",
    description: "200 while the process answers, with the running version and the commit it was built from. Asks nothing of the database, so a database outage never makes an orchestrator restart the service.",
    response: { component: "Liveness", schema: LivenessSchema, description: "The process is up", policy: "noStore" },
    errors: [],
  },
  {
    path: "/api/health/ready",
    method: "get",
    operationId: "getReadiness",
    tag: "Health",
    summary: "Readiness probe",
    description:
      "Whether this instance should get traffic. 200 ready when the primary database answers within 2 seconds and every committed migration is applied; 200 degraded (with down) when the database is unreachable but the instance serves its last good copies; " +
      "503 service_unavailable with checks while the instance is shutting down (from SIGTERM on, through its drain delay), while its work queues are full, or while its database lacks a migration.",
    response: { component: "Readiness", schema: ReadinessSchema, description: "The instance can serve (ready, or degraded while its database is down)", policy: "noStore" },
    errors: ["service_unavailable"],
  },
];

/** The tool server: one POST path, documented by lib/openapi/mcp-operation.ts. */
export const MCP_PATH = "/api/mcp";

/** Every path the document describes, with the methods it serves (HEAD and OPTIONS are implied). */
export function documentedMethods(): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const op of REST_OPERATIONS) {
    if (!map.has(op.path)) map.set(op.path, new Set());
    map.get(op.path)!.add(op.method.toUpperCase());
  }
  map.set(MCP_PATH, new Set(["POST"]));
  return map;
}
