// GET /api/public/dishes – dish search across restaurants
import { searchDishesPrepared } from "@/lib/dishes/search-dishes";
import { apiRoute, cachedResponse, nextPageHeaders, singleParam } from "@/lib/http/api-route";
import { consumeRateLimit } from "@/lib/http/rate-limit";

export const dynamic = "force-dynamic";

const PARAMS = ["q", "city", "cuisine", "diet", "excludeAllergens", "maxPrice", "currency", "near", "radiusKm", "openNow", "openAt", "limit", "cursor"] as const;

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const rateLimit = await consumeRateLimit(request, "search");
    const url = new URL(request.url);
    const input = Object.fromEntries(PARAMS.map((name) => [name, singleParam(url, name)]));
    const { json, etag, data } = await searchDishesPrepared(input);
    return cachedResponse(request, { body: json, etag }, "search", { ...rateLimit, ...nextPageHeaders(request, data.nextCursor) });
  },
});
