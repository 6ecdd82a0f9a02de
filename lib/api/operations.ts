// The one description of the public API: one entry per path, with everything each published view
// of it needs. The OpenAPI document (lib/openapi/document.ts), the index at /api/public and the
// developers page (lib/api/api-index.ts), the MCP tools (lib/mcp/tools.ts), the metrics' route
// patterns (lib/server/route-pattern.ts) and llms.txt (lib/seo/llms.ts) are mappings over it.
// Adding a route under app/api means adding it here: lib/openapi/document.test.ts compares app/ with it.
import type { z } from "zod";
import type { ErrorCode } from "../http/api-errors";
import type { CachePolicy } from "../http/cache-policy";
import type { RateLimitPolicy } from "../http/rate-limit";
import { LivenessSchema, ReadinessSchema } from "../health/service-health";
import { getRestaurantMenuInput } from "../restaurants/get-restaurant-menu";
import { DISH_ORDER_RULE } from "../search/dish-rank";
import { TOTAL_RULE } from "../search/total-bound";
import { CuisinesSchema, DishSearchResponseSchema, LocationsSchema, PlansSchema, RestaurantSchema, SearchResponseSchema } from "../serializers/public-schemas";
import { FOOD_COST_LIMITS, FoodCostResultSchema } from "../tools/food-cost";
import { ReviewQrResultSchema } from "../tools/review-qr";
import { WIFI_PASSWORD_IN_URL_NOTE, WifiQrResultSchema } from "../tools/wifi-qr";
import { ApiIndexSchema } from "../openapi/schemas";
import { ChangesResponseSchema } from "../changes/list-changes";
import { ExportLineSchema } from "../export/export-schema";
import { changesQuery, dishQuery, foodCostBody, foodCostQuery, reviewQuery, searchQuery, wifiQuery } from "./parameter-schemas";

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

/** A parameter as the index and the developers page list it: for people, in one line. */
export interface IndexParameter {
  name: string;
  in: "query" | "path" | "body";
  required: boolean;
  type: string;
  description: string;
}

export interface ValidationRule {
  /** The parameters (or body members, as dotted paths) the rule is about; invalid_request names one of them. */
  parameters: string[];
  rule: string;
}

/** One HTTP method of a path, as the OpenAPI document states it. */
export interface MethodSpec {
  operationId: string;
  summary: string;
  description: string;
  query?: z.ZodObject;
  pathParams?: z.ZodObject;
  /** A JSON request body, validated by the same schema as the query form. */
  body?: { schema: z.ZodType; description: string };
  response: { component: string; schema: z.ZodType; description: string; contentType?: string };
  /** Error codes this operation answers besides internal_error, which any can. */
  errors: ErrorCode[];
  /**
   * The rules the handler enforces that JSON Schema cannot state (across parameters, or beyond
   * a pattern): published as x-validation-rules. A request that satisfies the schemas is refused
   * (invalid_request) only for one of these.
   */
  rules?: ValidationRule[];
}

/** The MCP tool that offers the same capability (its binding to the capability is lib/mcp/tools.ts). */
export interface ToolText {
  name: string;
  title: string;
  description: string;
  /** The agent card's skill for it: tags and example requests. */
  skill: { tags: string[]; examples: string[] };
}

export interface ApiOperation {
  /** The path, with parameters in OpenAPI's braces. */
  path: string;
  tag: TagName;
  /** The Cache-Control its successful answers carry (lib/http/cache-policy.ts). */
  cache: CachePolicy;
  /** Counted against a throttle (lib/http/rate-limit.ts): RateLimit fields, and 429 rate_limited. */
  throttled?: RateLimitPolicy;
  /** Its entry in /api/public and on the developers page; example defaults to the path. */
  index: { summary: string; parameters?: IndexParameter[]; example?: string };
  get?: MethodSpec;
  /** "json-rpc": the tool server, documented by lib/openapi/mcp-operation.ts. */
  post?: MethodSpec | "json-rpc";
  tool?: ToolText;
  /** Listed in llms.txt: in "API and tools" or in the mirroring section; `code` in the note is code. */
  llms?: { section: "api" | "mirroring"; title: string; note: string };
}

const query = (name: string, type: string, description: string, required = false): IndexParameter => ({ name, in: "query", required, type, description });
const body = (name: string, type: string, description: string, required = false): IndexParameter => ({ name, in: "body", required, type, description });

const LIMIT = query("limit", "integer", "1 to 50, default 20; values outside are clamped; a non-integer (or one beyond ±9007199254740991) is invalid_request.");
const GEO_TIME_PAGING = [
  query("near", "string", "lat,lng in decimal degrees: only restaurants within radiusKm, nearest first, each with distanceKm."),
  query("radiusKm", "number", "Kilometres around near, default 5, at most 50."),
  query("openNow", "boolean", "true: only restaurants open now in their own local time (hours past midnight count; unknown hours never match)."),
  query("openAt", "string (RFC 3339)", "Only restaurants open at that instant, in their own local time."),
  query("cursor", "string", "nextCursor of the previous page (also in the Link header, rel=next), with the same filters."),
];

/** What both searches enforce beyond the schemas. */
const SEARCH_RULES: ValidationRule[] = [
  { parameters: ["radiusKm"], rule: "radiusKm needs near (the point to measure from)." },
  { parameters: ["openNow", "openAt"], rule: "Give either openNow=true or openAt, not both." },
  { parameters: ["cursor"], rule: "cursor is a nextCursor of this search (same endpoint, same filters) from the current deployment, passed unchanged." },
];

/** In the order of the index and the developers page. */
export const API_OPERATIONS: ApiOperation[] = [
  {
    path: "/api/public",
    tag: "Index",
    cache: "directory",
    index: { summary: "This index: every endpoint, its parameters and the error format." },
    get: {
      operationId: "getApiIndex",
      summary: "The API index",
      description: "Every endpoint with its parameters, an example URL and its Cache-Control, and the error format with every error code.",
      response: { component: "ApiIndex", schema: ApiIndexSchema, description: "The index" },
      errors: [],
    },
    llms: { section: "api", title: "JSON API index", note: "every endpoint, its parameters and the error format; no API key, CORS-open." },
  },
  {
    path: "/api/public/restaurants",
    tag: "Restaurants",
    cache: "search",
    throttled: "search",
    index: {
      summary: `Search published restaurants. Envelope: { query, total, totalCapped, count, nextCursor, results }; ${TOTAL_RULE}.`,
      parameters: [
        query("q", "string (≤200)", "Free-text match on name, description or slug, case-insensitive."),
        query("city", "string (≤100)", "City name or slug, case-insensitive (Zürich = zürich = zurich's slug), or its name in another language or without accents (Zurich, Zurigo, チューリッヒ)."),
        query("cuisine", "string (≤100)", "Cuisine name or slug, case-insensitive."),
        LIMIT,
        ...GEO_TIME_PAGING,
      ],
      example: "/api/public/restaurants?city=zurich&limit=5",
    },
    get: {
      operationId: "searchRestaurants",
      summary: "Search published restaurants",
      description:
        "Free-text, city and cuisine filters, all optional and case-insensitive; without filters, every published restaurant (up to limit). " +
        "Each result carries the slug, the page URL, its Markdown twin and the API URL of the full menu. A parameter given twice is invalid_request. " +
        "near (lat,lng) with radiusKm keeps restaurants within that distance, nearest first, with distanceKm; openNow/openAt keeps those open at that instant in their own local time " +
        "(ranges past midnight count for the next morning; unknown hours are left out). Pages: pass nextCursor as cursor with the same filters (also in the Link header, rel=next); " +
        `${TOTAL_RULE}. Example: /api/public/restaurants?near=47.3769,8.5417&radiusKm=2&openNow=true`,
      query: searchQuery,
      response: { component: "SearchResponse", schema: SearchResponseSchema, description: "The matching restaurants" },
      errors: ["invalid_request", "service_unavailable"],
      rules: SEARCH_RULES,
    },
    tool: {
      name: "search_restaurants",
      title: "Search restaurants",
      description:
        "Search the published restaurants by keyword (q: name, description or slug), city and/or cuisine; every filter is optional and case-insensitive. " +
        "near (\"lat,lng\") with radiusKm (default 5, max 50) keeps restaurants within that distance, nearest first, with distanceKm; openNow=true or openAt (RFC 3339) keeps those open at that instant in their own local time (unknown hours are left out). " +
        `Returns { query, total, totalCapped, count, nextCursor, results }; pass nextCursor back as cursor with the same filters for the next page (null on the last). ${TOTAL_RULE}. ` +
        "Each result has the slug to pass to get_restaurant_menu, plus the page URL, Markdown URL and API URL. " +
        "Same data as GET /api/public/restaurants. Use list_locations_and_cuisines to see which cities and cuisines exist.",
      skill: {
        tags: ["restaurants", "search", "menus"],
        examples: ["Find Swiss restaurants in Zürich", "Which restaurants serve fondue?", "Which restaurants near 47.3769,8.5417 are open now?"],
      },
    },
  },
  {
    path: "/api/public/dishes",
    tag: "Restaurants",
    cache: "search",
    throttled: "search",
    index: {
      summary:
        "Search dishes across every published menu. Envelope: { query, total, totalCapped, count, nextCursor, allergenNotice, results }. Allergen exclusion relies on the restaurants' declarations: never a safety guarantee. The same search for people is the page /dishes (Markdown: /dishes.md), with the same parameters.",
      parameters: [
        query("q", "string (≤200)", "Free-text match on the dish's name or description in any of its languages, case-insensitive."),
        query("city", "string (≤100)", "City name or slug, case-insensitive, or its name in another language or without accents (Tokio, 京都, Koeln)."),
        query("cuisine", "string (≤100)", "Cuisine name or slug, case-insensitive."),
        query("diet", "string", "Comma list of dietary tags that must all be present, e.g. vegan,gluten-free."),
        query("excludeAllergens", "string", "Comma list of EU-14 codes the dish must not declare; an unknown code is invalid_request naming the valid ones."),
        query("maxPrice", "number", "Highest price in major units; needs currency (prices in different currencies are never compared)."),
        query("currency", "string", "ISO 4217 code: only dishes priced in it."),
        LIMIT,
        ...GEO_TIME_PAGING,
      ],
      example: "/api/public/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&maxPrice=20&currency=CHF",
    },
    get: {
      operationId: "searchDishes",
      summary: "Search dishes across every published menu",
      description:
        "Available dishes of visible sections of published restaurants, filtered by text (any language), city, cuisine, dietary tags (all must be present), " +
        "excluded EU-14 allergens, maximum price in one currency (maxPrice needs currency; currencies are never compared), distance (near, radiusKm) and opening time (openNow, openAt). " +
        "Allergen exclusion relies on the allergens each restaurant declared: it is not a guarantee that a dish is free of them. " +
        `${DISH_ORDER_RULE} Pages as in restaurant search (cursor, nextCursor, Link rel=next); ${TOTAL_RULE}. ` +
        "Example: /api/public/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&maxPrice=20&currency=CHF",
      query: dishQuery,
      response: { component: "DishSearchResponse", schema: DishSearchResponseSchema, description: "The matching dishes" },
      errors: ["invalid_request", "service_unavailable"],
      rules: [{ parameters: ["maxPrice", "currency"], rule: "maxPrice needs currency: prices in different currencies are never compared." }, ...SEARCH_RULES],
    },
    tool: {
      name: "search_dishes",
      title: "Search dishes across restaurants",
      description:
        "Search the available dishes of every published menu: q (name or description, any language), city, cuisine, diet (tags that must all be present, e.g. [\"vegan\",\"gluten-free\"]), " +
        "excludeAllergens (EU-14 codes the dish must not declare), maxPrice with currency (prices in different currencies are never compared), near/radiusKm, openNow/openAt, limit and cursor as in search_restaurants. " +
        "Allergen exclusion relies on the allergens each restaurant declared: it is not a safety guarantee; tell the user to confirm with the restaurant. " +
        `${DISH_ORDER_RULE} ${TOTAL_RULE}. ` +
        "Returns { query, total, totalCapped, count, nextCursor, allergenNotice, results }; each result has the dish's name, price, currency, allergens, tags, its menu section, a URL to the dish on the menu page and its restaurant (slug for get_restaurant_menu). " +
        "Same data as GET /api/public/dishes.",
      skill: {
        tags: ["dishes", "search", "allergens", "dietary", "near me", "open now"],
        examples: ["Vegan dishes without nuts under 15 CHF in Zürich", "What can I eat near 47.3769,8.5417 that is open now?"],
      },
    },
  },
  {
    path: "/api/public/restaurants/{slug}",
    tag: "Restaurants",
    cache: "menu",
    index: {
      summary: "One published restaurant with its complete menu.",
      parameters: [{ name: "slug", in: "path", required: true, type: "string", description: "The identifier in the public menu URL {base_url}/{slug}." }],
    },
    get: {
      operationId: "getRestaurant",
      summary: "One restaurant with its complete menu",
      description:
        "Profile, contact, opening hours, ratings and every visible category with its dishes: prices in major units of the restaurant's currency, " +
        "variants, the 14 EU allergens, dietary tags and translations. not_found when no active restaurant has the slug or its menu is not published.",
      pathParams: getRestaurantMenuInput,
      response: { component: "Restaurant", schema: RestaurantSchema, description: "The restaurant and its menu" },
      errors: ["invalid_request", "not_found", "service_unavailable"],
    },
    tool: {
      name: "get_restaurant_menu",
      title: "Get a restaurant's menu",
      description:
        "The complete published menu of one restaurant by its slug (from search_restaurants or the page URL {base_url}/{slug}): categories and dishes with prices " +
        "(major units of the restaurant's currency), variants, availability, the 14 EU allergens, dietary tags and translations, plus contact details, address, " +
        "opening hours and ratings. Same data as GET /api/public/restaurants/{slug}. An unknown or unpublished slug is an error with code not_found.",
      skill: {
        tags: ["menus", "prices", "allergens", "dietary"],
        examples: ["What vegan dishes does this restaurant have, and what do they cost?", "Which dishes contain no gluten or nuts?"],
      },
    },
  },
  {
    path: "/api/public/export.ndjson",
    tag: "Mirroring",
    cache: "export",
    throttled: "search",
    index: {
      summary:
        "Every published restaurant with its full menu as NDJSON: one line per restaurant, each exactly the body of /api/public/restaurants/{slug}, then a last line { end: true, count, nextCursor, changesUrl } (no end line: incomplete, download again). Follow /api/public/changes from nextCursor to stay current. Streamed; gzip with Accept-Encoding: gzip; ETag and Last-Modified give 304 when nothing changed. Counts against the search budget; at most 3 at once per instance (503 with Retry-After beyond).",
    },
    get: {
      operationId: "exportRestaurants",
      summary: "Every published restaurant with its full menu (NDJSON)",
      description:
        "One line per published restaurant, each exactly the body of GET /api/public/restaurants/{slug}, then one last line { end: true, count, nextCursor, changesUrl }: " +
        "follow the change feed from nextCursor to stay current. A file without that last line is incomplete (the connection broke): download it again. " +
        "Streamed from the database in batches (the first bytes come at once, however large the service); gzip-compressed when Accept-Encoding allows it. " +
        "ETag and Last-Modified change with every public change: an unchanged export is 304 Not Modified (If-None-Match, or If-Modified-Since with an HTTP-date, which is taken in any form and ignored when it is no date or If-None-Match is sent), and shared caches keep it (Cache-Control). " +
        "Each request counts against the search budget (RateLimit fields); an instance streams at most 3 exports at once and answers more with 503 service_unavailable and Retry-After.",
      response: { component: "ExportLine", schema: ExportLineSchema, description: "The export: one JSON document per line (the schema is that of each line)", contentType: "application/x-ndjson" },
      errors: ["invalid_request", "service_unavailable"],
    },
    llms: {
      section: "mirroring",
      title: "Bulk export (NDJSON)",
      note: "every published restaurant with its full menu, one per line (the body of /api/public/restaurants/{slug}), then a last line with `nextCursor`. Streamed, compressed when asked, 304 when unchanged.",
    },
  },
  {
    path: "/api/public/changes",
    tag: "Mirroring",
    cache: "changes",
    index: {
      summary:
        "The change feed, oldest first: { since, count, hasMore, nextCursor, retentionDays, changes: [{ type, slug, change, updatedAt, apiUrl, url }] }. type is restaurant, country, city or cuisine; change is published, updated or removed (drop it). Without since: the current state. Keep nextCursor and pass it as since to learn what changed after it; removals are kept 30 days, an older cursor is invalid_request (cursorExpired: start again from the export).",
      parameters: [
        query("since", "string", "nextCursor of the previous answer or the cursor on the export's last line; omit for the current state."),
        query("limit", "integer", "1 to 1000, default 100; values outside are clamped."),
      ],
    },
    get: {
      operationId: "listChanges",
      summary: "The change feed",
      description:
        "Every restaurant, country, city and cuisine whose public content changed after the cursor since, oldest first, each once (its latest change): " +
        "published (new or public again), updated (its public content changed: fetch apiUrl), removed (no longer public: drop it; no reason is given). " +
        "A restaurant that was never public never appears, and edits of private data produce no entry. Without since: the current state, from the start. " +
        "Every answer has nextCursor (pass it as since next time; also in the Link header, rel=next, while hasMore). Removals are kept at least 30 days: " +
        "an older cursor (or one that is not a cursor of this feed) is invalid_request; an expired one says cursorExpired: true and names the export to start again from.",
      query: changesQuery,
      response: { component: "ChangesResponse", schema: ChangesResponseSchema, description: "The changes after since" },
      errors: ["invalid_request", "service_unavailable"],
      rules: [{ parameters: ["since"], rule: "since is a nextCursor of this feed (or the cursor on the export's last line), passed unchanged, no older than the feed's retention (30 days)." }],
    },
    tool: {
      name: "list_changes",
      title: "List what changed",
      description:
        "The change feed, for keeping a copy of the published menus current: every restaurant, country, city and cuisine whose public content changed after the cursor since, oldest first, each once. " +
        "Each change is { type, slug, change, updatedAt, apiUrl, url }; change is published or updated (fetch it again: get_restaurant_menu for a restaurant) or removed (no longer public: drop it). " +
        "Without since: the current state from the start. Returns { since, count, hasMore, nextCursor, retentionDays, changes }; keep nextCursor and pass it as since next time (again at once while hasMore). " +
        "A cursor older than 30 days is an invalid_request error: start again from GET /api/public/export.ndjson. Same data as GET /api/public/changes.",
      skill: {
        tags: ["mirroring", "change feed", "sync"],
        examples: ["Which menus changed since my last sync?", "Which restaurants were published or removed recently?"],
      },
    },
    llms: {
      section: "mirroring",
      title: "Change feed",
      note: "what was published, updated or removed after `?since=<nextCursor>`, oldest first (MCP tool `list_changes`; Markdown with `Accept: text/markdown`). Removals are kept 30 days; an older cursor means: export again.",
    },
  },
  {
    path: "/api/public/locations",
    tag: "Directory",
    cache: "directory",
    index: { summary: "The directory of countries and cities." },
    get: {
      operationId: "listLocations",
      summary: "Countries and cities",
      description: "The location directory: every country with its city slugs, and every city with its country and dining scene.",
      response: { component: "Locations", schema: LocationsSchema, description: "The location directory" },
      errors: ["service_unavailable"],
    },
    // One tool for both directories (this one and /api/public/cuisines), as the contract names it.
    tool: {
      name: "list_locations_and_cuisines",
      title: "List locations and cuisines",
      description:
        "The full directory: countries (with their city slugs), cities (with country and dining scene) and cuisine types, each with its page URL. " +
        "Use a city or cuisine name or slug from here as the city or cuisine filter of search_restaurants. No arguments.",
      skill: { tags: ["directory", "locations", "cuisines"], examples: ["Which cities and cuisines are listed?"] },
    },
  },
  {
    path: "/api/public/cuisines",
    tag: "Directory",
    cache: "directory",
    index: { summary: "The directory of cuisine types." },
    get: {
      operationId: "listCuisines",
      summary: "Cuisine types",
      description: "The cuisine directory.",
      response: { component: "Cuisines", schema: CuisinesSchema, description: "The cuisine directory" },
      errors: ["service_unavailable"],
    },
  },
  {
    path: "/api/public/plans",
    tag: "Plans",
    cache: "directory",
    index: { summary: "Subscription plans, prices (EUR, major units) and the limits the service enforces; null means unlimited." },
    get: {
      operationId: "getPlans",
      summary: "Plans, prices and enforced limits",
      description: "Prices are in EUR, major units. Limits are the ones the service enforces and bills by; null means unlimited.",
      response: { component: "Plans", schema: PlansSchema, description: "The plans" },
      errors: [],
    },
    tool: {
      name: "get_service_plans",
      title: "Get plans and limits",
      description:
        "The subscription plans of the menu service: prices in EUR (monthly, yearly, lifetime), features, and the limits the service enforces per plan " +
        "(restaurants, menu items, languages, AI generations and translations per month; null means unlimited). Same data as GET /api/public/plans. No arguments.",
      skill: { tags: ["plans", "pricing", "limits"], examples: ["How many menu items does the free plan allow?"] },
    },
  },
  {
    path: "/api/public/tools/food-cost",
    tag: "Tools",
    cache: "tool",
    index: {
      summary:
        "Food cost of a dish: portion, waste and labour cost, gross margin, the suggested price for a target margin (total cost / (1 − margin)) and a recommendation. Money is rounded to cents.",
      parameters: [
        query("cost", "number ≥ 0", "Raw ingredient cost of one portion (GET needs it; POST takes it or ingredients)."),
        query("margin", "number, 0 ≤ margin < 100", "Target gross margin in percent; default 70."),
        query("price", "number ≥ 0.005", "Current selling price, to analyse its margin (rounded to cents)."),
        body("ingredients", "array (1–100)", "POST: the ingredients of one portion, each { name?, quantity, unitCost } or { name?, cost }."),
        body("wastePercentage", "number 0–100", "POST: waste buffer in percent of the portion cost; default 0."),
        body("laborOverheadPercentage", "number 0–1000", "POST: labour and overhead in percent of the portion cost; default 0."),
      ],
      example: "/api/public/tools/food-cost?cost=4.20&margin=70&price=12.50",
    },
    get: {
      operationId: "calculateFoodCost",
      summary: "Food cost and price of a dish (quick form)",
      description:
        "Portion cost, gross margin, the suggested price for the target margin (price = total cost / (1 − margin)) and, when price is given, " +
        "the current food-cost percentage with a plain-language recommendation. Money is rounded to cents.",
      query: foodCostQuery,
      response: { component: "FoodCostResult", schema: FoodCostResultSchema, description: "The calculation" },
      errors: ["invalid_request"],
    },
    post: {
      operationId: "calculateFoodCostFromIngredients",
      summary: "Food cost and price of a dish from its ingredients",
      description:
        "The full form: ingredients (each with cost, or quantity and unitCost), waste and labour percentages. A body that is not JSON is invalid_json; " +
        "a body over 64 KB is refused with payload_too_large before it is read whole.",
      body: { schema: foodCostBody, description: "Give either cost or ingredients." },
      response: { component: "FoodCostResult", schema: FoodCostResultSchema, description: "The calculation" },
      errors: ["invalid_request", "invalid_json", "request_timeout", "payload_too_large", "service_unavailable"],
      rules: [{ parameters: ["ingredients"], rule: `The ingredient costs of one portion add up to at most ${FOOD_COST_LIMITS.maxAmount}.` }],
    },
    tool: {
      name: "calculate_food_cost",
      title: "Calculate food cost and price",
      description:
        "Food-cost calculator for one dish. Give either cost (raw ingredient cost of one portion) or ingredients (each with cost, or quantity and unitCost). " +
        "Optional: margin (target gross margin in percent, default 70), price (current selling price to analyse), wastePercentage and laborOverheadPercentage " +
        "(both in percent of the portion cost, default 0). Returns portion, waste, labour and total cost, the suggested price for the target margin " +
        "(total / (1 − margin)), and for a given price its food-cost percentage, gross margin and a plain-language recommendation. Money is rounded to cents.",
      skill: {
        tags: ["restaurant owners", "pricing", "calculator"],
        examples: ["A dish costs 3.20 in ingredients: what should it sell for at a 70 % margin?"],
      },
    },
  },
  {
    path: "/api/public/tools/wifi-qr",
    tag: "Tools",
    // The answer echoes the password: no cache may keep it (what the handler sends).
    cache: "secret",
    index: {
      summary: "Guest Wi-Fi QR code: the WIFI: payload (escaped), a printable SVG QR image and connection instructions for iOS, Android, Windows and macOS.",
      parameters: [
        query("ssid", "string (≤32 bytes)", "The network name.", true),
        query("password", "string", `Required for WPA (8–63 characters) and WEP; ignored for nopass. ${WIFI_PASSWORD_IN_URL_NOTE}`),
        query("encryption", "WPA | WEP | nopass", "Case-insensitive; default WPA."),
        query("hidden", "boolean", "true for a hidden SSID."),
      ],
      example: "/api/public/tools/wifi-qr?ssid=Guest&password=welcome2024&encryption=WPA",
    },
    get: {
      operationId: "generateWifiQr",
      summary: "Guest Wi-Fi QR payload and image",
      description:
        "The payload WIFI:S:<ssid>;T:<encryption>;P:<password>;; (special characters escaped, H:true for a hidden network), a printable SVG QR image " +
        "and connection instructions for iOS, Android, Windows and macOS. The password is dropped for nopass; WPA and WEP need one. " +
        WIFI_PASSWORD_IN_URL_NOTE,
      query: wifiQuery,
      response: { component: "WifiQrResult", schema: WifiQrResultSchema, description: "The payload, image and instructions" },
      errors: ["invalid_request"],
      rules: [
        { parameters: ["ssid"], rule: "The SSID is at most 32 bytes of UTF-8 (32 characters of ASCII, fewer beyond it)." },
        {
          parameters: ["password"],
          rule: "WPA and WEP need a password: WPA 8 to 63 characters or 64 hex digits; WEP 5 or 13 characters, or 10 or 26 hex digits. nopass ignores it.",
        },
      ],
    },
    tool: {
      name: "generate_wifi_qr_payload",
      title: "Generate a guest Wi-Fi QR code",
      description:
        "Builds the QR payload WIFI:S:<ssid>;T:<WPA|WEP|nopass>;P:<password>;; for a guest network (special characters escaped, H:true for hidden networks), " +
        "a printable SVG QR image (markup and data URI; the same code also as a PNG image content block) and connection instructions for iOS, Android, Windows and macOS. " +
        "ssid is required (at most 32 bytes); encryption is WPA (default), WEP or nopass; WPA and WEP need a password; hidden is true for a hidden SSID. " +
        "The password goes in this call's body; the REST equivalent GET /api/public/tools/wifi-qr takes it in the query string, which proxies, CDNs and access logs may record.",
      skill: { tags: ["restaurant owners", "qr code", "wi-fi"], examples: ["Make a QR code for our guest Wi-Fi 'Bistro Guests'"] },
    },
  },
  {
    path: "/api/public/tools/review-qr",
    tag: "Tools",
    cache: "tool",
    index: {
      summary: "Review QR code: the write-a-review URL of a venue as a QR payload and a printable SVG QR image.",
      parameters: [
        query("placeId", "string", "The venue's place identifier in the map service. Give this or url."),
        query("url", "http(s) URL", "A direct review URL with an ASCII host name (no IP address, no user info), used as-is. Give this or placeId."),
      ],
      example: "/api/public/tools/review-qr?placeId=ChIJN1t_tDeuEmsRUsoyG83frY4",
    },
    get: {
      operationId: "generateReviewQr",
      summary: "Review link QR payload and image",
      description: "From placeId, the map service's write-a-review URL; from url (http or https only), that URL as-is. Give exactly one of them.",
      query: reviewQuery,
      response: { component: "ReviewQrResult", schema: ReviewQrResultSchema, description: "The review URL, payload and image" },
      errors: ["invalid_request"],
      rules: [{ parameters: ["placeId", "url"], rule: "Give exactly one of placeId and url." }],
    },
    tool: {
      name: "generate_review_qr_payload",
      title: "Generate a review QR code",
      description:
        "The link guests open to review a venue, as a QR payload with a printable SVG QR image (and the same code as a PNG image content block). Give either placeId (the venue's place identifier in the map " +
        "service; becomes its write-a-review link) or url (an http or https review URL, used as-is).",
      skill: { tags: ["restaurant owners", "qr code", "reviews"], examples: ["Make a QR code that opens our review page"] },
    },
  },
  {
    path: "/api/mcp",
    tag: "Tool server",
    cache: "noStore",
    index: {
      summary:
        "The MCP tool server (JSON-RPC 2.0, stateless Streamable HTTP, protocol 2025-11-25 and 2026-07-28): the contract's seven tools plus search_dishes and list_changes, menus as resources, two prompts. Manifest: /.well-known/mcp.json.",
      parameters: [
        body("jsonrpc", '"2.0"', "JSON-RPC version.", true),
        body("id", "string | integer", "Request id; omit for a notification."),
        body("method", "string", "initialize, ping, tools/list, tools/call, resources/list, resources/read, resources/templates/list, prompts/list, prompts/get (2026-07-28: server/discover).", true),
        body("params", "object", "The method's parameters, e.g. { name, arguments } for tools/call."),
      ],
    },
    post: "json-rpc",
  },
  {
    path: "/api/health",
    tag: "Health",
    cache: "noStore",
    index: {
      summary: "Liveness probe: 200 {\"status\":\"ok\",\"version\":…,\"commit\":…} while the process answers (with the running version and its build's commit); asks nothing of the database.",
    },
    get: {
      operationId: "getLiveness",
      summary: "Liveness probe",
      description: "200 while the process answers, with the running version and the commit it was built from. Asks nothing of the database, so a database outage never makes an orchestrator restart the service.",
      response: { component: "Liveness", schema: LivenessSchema, description: "The process is up" },
      errors: [],
    },
  },
  {
    path: "/api/health/ready",
    tag: "Health",
    cache: "noStore",
    index: {
      summary: "Readiness probe: 200 ready (or degraded, serving last good copies while the database is down); 503 service_unavailable with the checks while shutting down, at capacity, or not migrated.",
    },
    get: {
      operationId: "getReadiness",
      summary: "Readiness probe",
      description:
        "Whether this instance should get traffic. 200 ready when the primary database answers within 2 seconds and every committed migration is applied; 200 degraded (with down) when the database is unreachable but the instance serves its last good copies; " +
        "503 service_unavailable with checks while the instance is shutting down (from SIGTERM on, through its drain delay), while its work queues are full, while its database lacks a migration, or when its SQLite database file was deleted or replaced on disk.",
      response: { component: "Readiness", schema: ReadinessSchema, description: "The instance can serve (ready, or degraded while its database is down)" },
      errors: ["service_unavailable"],
    },
  },
];

/** The methods a path serves, upper-case (HEAD and OPTIONS are implied). */
export const methodsOf = (op: ApiOperation): string[] => (["get", "post"] as const).filter((m) => op[m]).map((m) => m.toUpperCase());
