// GET /api/public/restaurants – search published restaurants
import { apiRoute, cachedResponse, nextPageHeaders, singleParam } from "@/lib/http/api-route";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { searchRestaurantsPrepared } from "@/lib/restaurants/search-restaurants";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const rateLimit = await consumeRateLimit(request, "search");
    const url = new URL(request.url);
    const param = (name: string) => singleParam(url, name);
    const input = {
      q: param("q"),
      city: param("city"),
      cuisine: param("cuisine"),
      limit: param("limit"),
      near: param("near"),
      radiusKm: param("radiusKm"),
      openNow: param("openNow"),
      openAt: param("openAt"),
      cursor: param("cursor"),
    };
    const { json, etag, data } = await searchRestaurantsPrepared(input);
    return cachedResponse(request, { body: json, etag }, "search", { ...rateLimit, ...nextPageHeaders(request, data.nextCursor) });
  },
});
