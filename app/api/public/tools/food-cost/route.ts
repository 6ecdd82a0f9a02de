// GET and POST /api/public/tools/food-cost – portion cost, margin and suggested price of a dish
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { readJsonBody } from "@/lib/http/read-json-body";
import { calculateFoodCost, type FoodCostInput } from "@/lib/tools/food-cost";
import { queryNumber } from "@/lib/http/query-input";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => {
    const url = new URL(request.url);
    // The GET form is the quick one: a single cost, no waste or labour (those need the POST body).
    const input = { cost: queryNumber(url, "cost"), margin: queryNumber(url, "margin"), price: queryNumber(url, "price") };
    return jsonResponse(request, calculateFoodCost(input as FoodCostInput), "tool");
  },
  POST: async (request) => {
    const body = await readJsonBody(request);
    return jsonResponse(request, calculateFoodCost(body as FoodCostInput), "tool");
  },
});
