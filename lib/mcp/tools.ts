// The tools of the MCP server (contract section 4, "Tool server"). Each is a thin binding of a
// capability that REST uses too: same zod input schema, same function, same result, same error
// codes. JSON Schemas for tools/list are generated from those zod schemas.
import { z } from "zod";
import { API_OPERATIONS, type ToolText } from "../api/operations";
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

export interface ToolBinding {
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
}

export interface McpTool extends ToolBinding, ToolText {
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

/**
 * How each tool runs: its arguments' and result's zod schemas and its capability. Name, title,
 * description, throttle and agent-card skill come from its operation in lib/api/operations.ts.
 * The order is the tools/list order.
 */
const BINDINGS: Record<string, ToolBinding> = {
  search_restaurants: { input: searchRestaurantsPublishedInput, output: SearchResponseSchema, run: (a) => searchRestaurants(args(a)) },
  search_dishes: { input: searchDishesPublishedInput, output: DishSearchResponseSchema, run: (a) => searchDishes(args(a)) },
  get_restaurant_menu: {
    input: getRestaurantMenuInput,
    output: RestaurantSchema,
    run: (a) => getRestaurantMenu(args(a)),
    runPrepared: async (a) => {
      const { data, json } = await getRestaurantMenuPrepared(args(a));
      return { data: data as unknown as Record<string, unknown>, json };
    },
  },
  list_changes: { input: listChangesPublishedInput, output: ChangesResponseSchema, run: (a) => listChanges(args(a)) },
  calculate_food_cost: { input: foodCostInput, output: FoodCostResultSchema, run: async (a) => calculateFoodCost(args(a)) },
  generate_wifi_qr_payload: { input: wifiQrInput, output: WifiQrResultSchema, run: (a) => generateWifiQr(args(a)), images: qrPng },
  generate_review_qr_payload: { input: reviewQrInput, output: ReviewQrResultSchema, run: (a) => generateReviewQr(args(a)), images: qrPng },
  get_service_plans: {
    input: noArguments,
    output: PlansSchema,
    run: async (a) => {
      parseInput(noArguments, a ?? {});
      return serializePlans();
    },
  },
  list_locations_and_cuisines: {
    input: noArguments,
    output: DirectorySchema,
    run: async (a) => {
      parseInput(noArguments, a ?? {});
      return loadDirectory();
    },
  },
};

const described = API_OPERATIONS.filter((op) => op.tool);
for (const op of described) if (!BINDINGS[op.tool!.name]) throw new Error(`MCP tool ${op.tool!.name} (lib/api/operations.ts) has no binding in lib/mcp/tools.ts`);

export const MCP_TOOLS: readonly McpTool[] = Object.entries(BINDINGS).map(([name, binding]) => {
  const op = described.find((o) => o.tool!.name === name);
  if (!op) throw new Error(`MCP tool ${name} has no operation in lib/api/operations.ts`);
  const { title, description, skill } = op.tool!;
  return { name, title, description, skill, ...(op.throttled ? { throttle: op.throttled } : {}), ...binding };
});

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
