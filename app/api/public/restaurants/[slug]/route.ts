// GET /api/public/restaurants/{slug} – one published restaurant with its full menu
import { apiRoute, cachedResponse } from "@/lib/http/api-route";
import { getRestaurantMenuPrepared } from "@/lib/restaurants/get-restaurant-menu";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request, params) => {
    const { json, etag } = await getRestaurantMenuPrepared({ slug: String(params.slug) });
    return cachedResponse(request, { body: json, etag }, "menu");
  },
});
