// GET /api/public – the API index: endpoints, parameters, examples and the error format
import { apiIndex } from "@/lib/api/api-index";
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { searchRestaurants } from "@/lib/restaurants/search-restaurants";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const sample = await searchRestaurants({ limit: 1 });
    return jsonResponse(request, apiIndex(sample.results[0]?.slug), "directory");
  },
});
