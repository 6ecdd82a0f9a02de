// GET /api/public/restaurants – search published restaurants
import { apiRoute, cachedResponse, nextPageHeaders, singleParam } from "@/lib/http/api-route";
import { searchRestaurantsPrepared } from "@/lib/restaurants/search-restaurants";
import { RESTAURANT_SEARCH_PARAMS } from "@/lib/search/search-params";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const url = new URL(request.url);
    const input = Object.fromEntries(RESTAURANT_SEARCH_PARAMS.map((name) => [name, singleParam(url, name)]));
    const { json, etag, data } = await searchRestaurantsPrepared(input);
    return cachedResponse(request, { body: json, etag }, "search", nextPageHeaders(request, data.nextCursor));
  },
}, { throttle: "search" });
