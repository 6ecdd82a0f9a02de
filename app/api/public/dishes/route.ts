// GET /api/public/dishes – dish search across restaurants
import { searchDishesPrepared } from "@/lib/dishes/search-dishes";
import { apiRoute, cachedResponse, nextPageHeaders, singleParam } from "@/lib/http/api-route";
import { DISH_SEARCH_PARAMS } from "@/lib/search/search-params";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const url = new URL(request.url);
    const input = Object.fromEntries(DISH_SEARCH_PARAMS.map((name) => [name, singleParam(url, name)]));
    const { json, etag, data } = await searchDishesPrepared(input);
    return cachedResponse(request, { body: json, etag }, "search", nextPageHeaders(request, data.nextCursor));
  },
}, { throttle: "search" });
