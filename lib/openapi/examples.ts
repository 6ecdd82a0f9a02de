// Examples for the OpenAPI document, made by the capabilities themselves when the document is
// served: a real published restaurant from the database, the real directory and plans, the real
// output of the tools and the real error bodies. Nothing here is typed out by hand, so an example
// can never show a field the API does not send. Lists are shortened (and say so) to keep the
// document readable; every shortened value still matches its schema.
import { apiIndex } from "../api/api-index";
import { listCuisineDirectory } from "../directory/list-cuisine-directory";
import { listLocations } from "../directory/list-locations";
import { errorBody, toApiError } from "../http/api-errors";
import { readJsonBody } from "../http/read-json-body";
import { callTool } from "../mcp/mcp-server";
import { getRestaurantMenu } from "../restaurants/get-restaurant-menu";
import { searchRestaurants } from "../restaurants/search-restaurants";
import { serializePlans } from "../serializers";
import { calculateFoodCost } from "../tools/food-cost";
import { generateReviewQr } from "../tools/review-qr";
import { generateWifiQr } from "../tools/wifi-qr";
import type { OpenApiDocument } from "./document";
import { log } from "../observability/logger";

export interface NamedExample {
  summary: string;
  value: unknown;
}

export interface OperationExamples {
  /** Parameter name → example value. */
  parameters?: Record<string, unknown>;
  requestBody?: Record<string, NamedExample>;
  /** HTTP status → named examples of the JSON body. */
  responses?: Record<string, Record<string, NamedExample>>;
}

/** operationId → its examples. */
export type OpenApiExamples = Record<string, OperationExamples>;

const MAX_CATEGORIES = 2;
const MAX_ITEMS = 3;

async function failure(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return errorBody(toApiError(error));
  }
  return undefined;
}

function example(summary: string, value: unknown): Record<string, NamedExample> {
  const key = summary
    .split("(")[0]
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()
    .slice(0, 40)
    .replace(/-$/, "");
  return { [key || "example"]: { summary, value } };
}

/** Examples that need no database: the tools are pure, and their errors come from their validators. */
export async function toolExamples(): Promise<OpenApiExamples> {
  const foodCostGet = { cost: 3.2, margin: 70, price: 12.5 };
  const foodCostPost = {
    ingredients: [
      { name: "Gruyère", quantity: 0.15, unitCost: 28 },
      { name: "Sourdough bread", cost: 0.45 },
    ],
    margin: 72,
    price: 16,
    wastePercentage: 5,
    laborOverheadPercentage: 10,
  };
  const wifi = { ssid: "Bistro Guests", password: "pasta-al-dente", encryption: "WPA" };
  const review = { placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4" };
  const badJson = new Request("http://localhost/", { method: "POST", body: '{"cost": 3.2,' });

  return {
    calculateFoodCost: {
      parameters: foodCostGet,
      responses: {
        "200": example("A dish costing 3.20 sold at 12.50, target margin 70 %", calculateFoodCost(foodCostGet)),
        "400": example("A negative cost", await failure(() => calculateFoodCost({ cost: -1 }))),
      },
    },
    calculateFoodCostFromIngredients: {
      requestBody: example("Two ingredients, 5 % waste, 10 % labour", foodCostPost),
      responses: {
        "200": example("Two ingredients, 5 % waste, 10 % labour", calculateFoodCost(foodCostPost)),
        "400": {
          ...example("An empty ingredient list", await failure(() => calculateFoodCost({ ingredients: [] }))),
          ...example("A body that is not JSON", await failure(() => readJsonBody(badJson))),
        },
      },
    },
    generateWifiQr: {
      parameters: wifi,
      responses: {
        "200": example("A WPA guest network", await generateWifiQr(wifi)),
        "400": example("WPA without a password", await failure(() => generateWifiQr({ ssid: "Bistro Guests" }))),
      },
    },
    generateReviewQr: {
      parameters: review,
      responses: {
        "200": example("From a place identifier", await generateReviewQr(review)),
        "400": example("A javascript: URL", await failure(() => generateReviewQr({ url: "javascript:alert(1)" }))),
      },
    },
  };
}

/** Examples from the published data in the database (one real restaurant, the real directory). */
export async function dataExamples(): Promise<OpenApiExamples> {
  const examples: OpenApiExamples = {};
  const first = (await searchRestaurants({ limit: 1 })).results[0];

  examples.getApiIndex = { responses: { "200": example("The index", apiIndex(first?.slug)) } };
  examples.getPlans = { responses: { "200": example("The plans", serializePlans()) } };

  const locations = await listLocations();
  examples.listLocations = {
    responses: {
      "200": example(`Countries and cities (${Math.min(2, locations.countries.length)} of ${locations.countries.length} countries and ${Math.min(3, locations.cities.length)} of ${locations.cities.length} cities shown)`, {
        countries: locations.countries.slice(0, 2),
        cities: locations.cities.slice(0, 3),
      }),
    },
  };
  const { cuisines } = await listCuisineDirectory();
  examples.listCuisines = {
    responses: { "200": example(`Cuisines (${Math.min(3, cuisines.length)} of ${cuisines.length} shown)`, { cuisines: cuisines.slice(0, 3) }) },
  };

  const searchErrors = example("limit is not an integer", await failure(() => searchRestaurants({ limit: "ten" })));
  if (!first) {
    examples.searchRestaurants = { responses: { "200": example("No restaurant is published yet", await searchRestaurants({})), "400": searchErrors } };
    return examples;
  }

  const restaurant = await getRestaurantMenu({ slug: first.slug });
  const shortened = {
    ...restaurant,
    categories: restaurant.categories.slice(0, MAX_CATEGORIES).map((c) => ({ ...c, items: c.items.slice(0, MAX_ITEMS) })),
  };
  const shownItems = shortened.categories.reduce((n, c) => n + c.items.length, 0);
  const allItems = restaurant.categories.reduce((n, c) => n + c.items.length, 0);
  examples.getRestaurant = {
    parameters: { slug: restaurant.slug },
    responses: {
      "200": example(`${restaurant.name} (${shownItems} of its ${allItems} dishes shown)`, shortened),
      "404": example("No published restaurant with that slug", await failure(() => getRestaurantMenu({ slug: "no-such-restaurant" }))),
    },
  };

  // A word of the restaurant's name, its city and its cuisine: a search that finds it.
  const word = restaurant.name.split(/\s+/).find((w) => w.length >= 4);
  const searchParams = { q: word, city: first.city ?? undefined, cuisine: first.cuisine ?? undefined, limit: 2 };
  examples.searchRestaurants = {
    parameters: searchParams,
    responses: {
      "200": example(`Searching for ${[word, first.city, first.cuisine].filter(Boolean).join(", ")}`, await searchRestaurants(searchParams)),
      "400": searchErrors,
    },
  };

  const callArgs = { q: word ?? first.slug, limit: 1 };
  const toolsCall = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "search_restaurants", arguments: callArgs } };
  examples.callToolServer = {
    requestBody: {
      ...example("tools/list: every tool and its schemas", { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      ...example("tools/call: search_restaurants", toolsCall),
    },
    responses: {
      "200": example("tools/call: search_restaurants", { jsonrpc: "2.0", id: 2, result: await callTool("search_restaurants", callArgs) }),
    },
  };
  return examples;
}

/** All examples; a failure in one source leaves the others (the document is served either way). */
export async function loadOpenApiExamples(): Promise<OpenApiExamples> {
  const results = await Promise.allSettled([toolExamples(), dataExamples()]);
  const merged: OpenApiExamples = {};
  for (const result of results) {
    if (result.status === "fulfilled") Object.assign(merged, result.value);
    else log().error({ err: result.reason }, "OpenAPI examples unavailable");
  }
  return merged;
}

type Operation = {
  operationId?: string;
  parameters?: Array<{ name: string; example?: unknown } | { $ref: string }>;
  requestBody?: { content?: Record<string, { examples?: Record<string, NamedExample> }> };
  responses?: Record<string, { content?: Record<string, { examples?: Record<string, NamedExample> }> } | { $ref: string }>;
};

/** The document with the examples placed on the operations' parameters, bodies and responses. */
export function withExamples(document: OpenApiDocument, examples: OpenApiExamples): OpenApiDocument {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const op of Object.values(pathItem as Record<string, Operation>)) {
      const ex = op.operationId ? examples[op.operationId] : undefined;
      if (!ex) continue;
      for (const param of op.parameters ?? []) {
        if ("name" in param && ex.parameters?.[param.name] !== undefined) param.example = ex.parameters[param.name];
      }
      const body = op.requestBody?.content?.["application/json"];
      if (body && ex.requestBody) body.examples = ex.requestBody;
      for (const [status, named] of Object.entries(ex.responses ?? {})) {
        const response = op.responses?.[status];
        const media = response && "content" in response ? response.content?.["application/json"] : undefined;
        const present = Object.fromEntries(Object.entries(named).filter(([, e]) => e.value !== undefined));
        if (media && Object.keys(present).length) media.examples = present;
      }
    }
  }
  return document;
}
