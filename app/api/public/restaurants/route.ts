// GET /api/public/restaurants – search published restaurants
import { apiRoute, cachedResponse, singleParam } from "@/lib/http/api-route";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { searchRestaurantsPrepared } from "@/lib/restaurants/search-restaurants";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const rateLimit = await consumeRateLimit(request, "search");
    const url = new URL(request.url);
    const input = {
      q: singleParam(url, "q"),
      city: singleParam(url, "city"),
      cuisine: singleParam(url, "cuisine"),
      limit: singleParam(url, "limit"),
    };
    const { json, etag } = await searchRestaurantsPrepared(input);
    return cachedResponse(request, { body: json, etag }, "search", rateLimit);
  },
});
