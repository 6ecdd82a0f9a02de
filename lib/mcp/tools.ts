// The eight tools of the MCP server (contract section 4, "Tool server"). Each is a thin binding of
// a capability that REST uses too: same zod input schema, same function, same result, same error
// codes. JSON Schemas for tools/list are generated from those zod schemas.
import { z } from "zod";
import { listCuisineDirectory } from "../directory/list-cuisine-directory";
import { ERROR_CODES, type ErrorCode } from "../http/api-errors";
import type { RateLimitPolicy } from "../http/rate-limit";
import { listLocations } from "../directory/list-locations";
import { getRestaurantMenu, getRestaurantMenuPrepared, getRestaurantMenuInput } from "../restaurants/get-restaurant-menu";
import { searchRestaurants, searchRestaurantsPublishedInput } from "../restaurants/search-restaurants";
import { searchDishes, searchDishesPublishedInput } from "../dishes/search-dishes";
import { CitySchema, CountrySchema, CuisineSchema, DishSearchResponseSchema, PlansSchema, RestaurantSchema, SearchResponseSchema, serializePlans } from "../serializers";
import { calculateFoodCost, foodCostInput, FoodCostResultSchema } from "../tools/food-cost";
import { qrPngBase64 } from "../tools/qr-image";
import { generateReviewQr, ReviewQrResultSchema, reviewQrInput } from "../tools/review-qr";
import { generateWifiQr, WifiQrResultSchema, wifiQrInput } from "../tools/wifi-qr";
import { parseInput } from "../validation";
import { ChangesResponseSchema, listChanges, listChangesPublishedInput } from "../changes/list-changes";

export interface ToolAnnotations {
  title: string;
  readOnlyHint: true;
  destructiveHint: false;
  idempotentHint: true;
  openWorldHint: false;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  output: z.ZodType<Record<string, unknown>>;
  /** Validates the raw arguments itself (via the capability) so errors match REST word for word. */
  run(args: unknown): Promise<Record<string, unknown>>;
  /**
   * The same result with its JSON text, when the capability keeps both ready (the menu cache's
   * prepared body): the call then sends that text rather than serialising the menu again.
   */
  runPrepared?(args: unknown): Promise<{ data: Record<string, unknown>; json: string }>;
  /** Pictures of the result for clients that show images (content blocks beside the JSON text). */
  images?(result: Record<string, unknown>): Promise<{ data: string; mimeType: "image/png" }[]>;
  /** The throttle its REST twin counts against (lib/http/rate-limit.ts); unthrottled when absent. */
  throttle?: RateLimitPolicy;
}

/** The QR tools' picture: the payload's code as a PNG. */
const qrPng = async (result: Record<string, unknown>) => [{ data: await qrPngBase64(String(result.payload)), mimeType: "image/png" as const }];

const noArguments = z.strictObject({});

export const DirectorySchema = z.strictObject({
  countries: z.array(CountrySchema),
  cities: z.array(CitySchema),
  cuisines: z.array(CuisineSchema),
});

/** The location and cuisine directory in one object (tool and resource share it). */
export async function loadDirectory(): Promise<z.infer<typeof DirectorySchema>> {
  const [locations, { cuisines }] = await Promise.all([listLocations(), listCuisineDirectory()]);
  return { ...locations, cuisines };
}

/** Arguments go to the capability as they came (absent = {}): each capability validates its own input. */
const args = (value: unknown) => (value ?? {}) as never;

export const MCP_TOOLS: readonly McpTool[] = [
  {
    name: "search_restaurants",
    title: "Search restaurants",
    description:
      "Search the published restaurants by keyword (q: name, description or slug), city and/or cuisine; every filter is optional and case-insensitive. " +
      "near (\"lat,lng\") with radiusKm (default 5, max 50) keeps restaurants within that distance, nearest first, with distanceKm; openNow=true or openAt (RFC 3339) keeps those open at that instant in their own local time (unknown hours are left out). " +
      "Returns { query, total, totalCapped, count, nextCursor, results }; pass nextCursor back as cursor with the same filters for the next page (null on the last). total stops counting at 1000 (totalCapped: true). " +
      "Each result has the slug to pass to get_restaurant_menu, plus the page URL, Markdown URL and API URL. " +
      "Same data as GET /api/public/restaurants. Use list_locations_and_cuisines to see which cities and cuisines exist.",
    input: searchRestaurantsPublishedInput,
    output: SearchResponseSchema,
    run: (a) => searchRestaurants(args(a)),
    throttle: "search",
  },
  {
    name: "search_dishes",
    title: "Search dishes across restaurants",
    description:
      "Search the available dishes of every published menu: q (name or description, any language), city, cuisine, diet (tags that must all be present, e.g. [\"vegan\",\"gluten-free\"]), " +
      "excludeAllergens (EU-14 codes the dish must not declare), maxPrice with currency (prices in different currencies are never compared), near/radiusKm, openNow/openAt, limit and cursor as in search_restaurants. " +
      "Allergen exclusion relies on the allergens each restaurant declared: it is not a safety guarantee; tell the user to confirm with the restaurant. " +
      "Returns { query, total, totalCapped, count, nextCursor, allergenNotice, results }; each result has the dish's name, price, currency, allergens, tags, its menu section, a URL to the dish on the menu page and its restaurant (slug for get_restaurant_menu). " +
      "Same data as GET /api/public/dishes.",
    input: searchDishesPublishedInput,
    output: DishSearchResponseSchema,
    run: (a) => searchDishes(args(a)),
    throttle: "search",
  },
  {
    name: "get_restaurant_menu",
    title: "Get a restaurant's menu",
    description:
      "The complete published menu of one restaurant by its slug (from search_restaurants or the page URL {base_url}/{slug}): categories and dishes with prices " +
      "(major units of the restaurant's currency), variants, availability, the 14 EU allergens, dietary tags and translations, plus contact details, address, " +
      "opening hours and ratings. Same data as GET /api/public/restaurants/{slug}. An unknown or unpublished slug is an error with code not_found.",
    input: getRestaurantMenuInput,
    output: RestaurantSchema,
    run: (a) => getRestaurantMenu(args(a)),
    runPrepared: async (a) => {
      const { data, json } = await getRestaurantMenuPrepared(args(a));
      return { data: data as unknown as Record<string, unknown>, json };
    },
  },
  {
    name: "list_changes",
    title: "List what changed",
    description:
      "The change feed, for keeping a copy of the published menus current: every restaurant, country, city and cuisine whose public content changed after the cursor since, oldest first, each once. " +
      "Each change is { type, slug, change, updatedAt, apiUrl, url }; change is published or updated (fetch it again: get_restaurant_menu for a restaurant) or removed (no longer public: drop it). " +
      "Without since: the current state from the start. Returns { since, count, hasMore, nextCursor, retentionDays, changes }; keep nextCursor and pass it as since next time (again at once while hasMore). " +
      "A cursor older than 30 days is an invalid_request error: start again from GET /api/public/export.ndjson. Same data as GET /api/public/changes.",
    input: listChangesPublishedInput,
    output: ChangesResponseSchema,
    run: (a) => listChanges(args(a)),
  },
  {
    name: "calculate_food_cost",
    title: "Calculate food cost and price",
    description:
      "Food-cost calculator for one dish. Give either cost (raw ingredient cost of one portion) or ingredients (each with cost, or quantity and unitCost). " +
      "Optional: margin (target gross margin in percent, default 70), price (current selling price to analyse), wastePercentage and laborOverheadPercentage " +
      "(both in percent of the portion cost, default 0). Returns portion, waste, labour and total cost, the suggested price for the target margin " +
      "(total / (1 − margin)), and for a given price its food-cost percentage, gross margin and a plain-language recommendation. Money is rounded to cents.",
    input: foodCostInput,
    output: FoodCostResultSchema,
    run: async (a) => calculateFoodCost(args(a)),
  },
  {
    name: "generate_wifi_qr_payload",
    title: "Generate a guest Wi-Fi QR code",
    description:
      "Builds the QR payload WIFI:S:<ssid>;T:<WPA|WEP|nopass>;P:<password>;; for a guest network (special characters escaped, H:true for hidden networks), " +
      "a printable SVG QR image (markup and data URI; the same code also as a PNG image content block) and connection instructions for iOS, Android, Windows and macOS. " +
      "ssid is required (at most 32 bytes); encryption is WPA (default), WEP or nopass; WPA and WEP need a password; hidden is true for a hidden SSID. " +
      "The password goes in this call's body; the REST equivalent GET /api/public/tools/wifi-qr takes it in the query string, which proxies, CDNs and access logs may record.",
    input: wifiQrInput,
    output: WifiQrResultSchema,
    run: (a) => generateWifiQr(args(a)),
    images: qrPng,
  },
  {
    name: "generate_review_qr_payload",
    title: "Generate a review QR code",
    description:
      "The link guests open to review a venue, as a QR payload with a printable SVG QR image (and the same code as a PNG image content block). Give either placeId (the venue's place identifier in the map " +
      "service; becomes its write-a-review link) or url (an http or https review URL, used as-is).",
    input: reviewQrInput,
    output: ReviewQrResultSchema,
    run: (a) => generateReviewQr(args(a)),
    images: qrPng,
  },
  {
    name: "get_service_plans",
    title: "Get plans and limits",
    description:
      "The subscription plans of the menu service: prices in EUR (monthly, yearly, lifetime), features, and the limits the service enforces per plan " +
      "(restaurants, menu items, languages, AI generations and translations per month; null means unlimited). Same data as GET /api/public/plans. No arguments.",
    input: noArguments,
    output: PlansSchema,
    run: async (a) => {
      parseInput(noArguments, a ?? {});
      return serializePlans();
    },
  },
  {
    name: "list_locations_and_cuisines",
    title: "List locations and cuisines",
    description:
      "The full directory: countries (with their city slugs), cities (with country and dining scene) and cuisine types, each with its page URL. " +
      "Use a city or cuisine name or slug from here as the city or cuisine filter of search_restaurants. No arguments.",
    input: noArguments,
    output: DirectorySchema,
    run: async (a) => {
      parseInput(noArguments, a ?? {});
      return loadDirectory();
    },
  },
];

export const TOOL_ANNOTATIONS = (tool: McpTool): ToolAnnotations => ({
  title: tool.title,
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/**
 * The structuredContent of a failed call: the REST API's error body (contract section 7), with
 * `issues` for invalid_request. Part of every tool's output schema, because clients validate
 * structuredContent against the output schema whether or not the result is an error.
 */
export const ToolErrorSchema = z.looseObject({
  error: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).describe("Stable error code, the same as the REST API's"),
  status: z.number().int().describe("The HTTP status the REST API answers with"),
  message: z.string(),
  hint: z.string(),
  documentation: z.url(),
  specification: z.url(),
});

/** zod → JSON Schema as MCP lists it: the input side for arguments, the output side for results. */
export function toolJsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return json;
}

/** A tool's outputSchema: its result, or (when isError is true) the error body. */
export function toolOutputJsonSchema(tool: McpTool): Record<string, unknown> {
  return {
    type: "object",
    anyOf: [toolJsonSchema(tool.output, "output"), { ...toolJsonSchema(ToolErrorSchema, "output"), description: "When isError is true: the error, as the REST API reports it" }],
  };
}

export function findTool(name: string): McpTool | undefined {
  return MCP_TOOLS.find((t) => t.name === name);
}
