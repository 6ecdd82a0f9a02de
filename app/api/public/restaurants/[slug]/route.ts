// GET /api/public/restaurants/{slug} – one published restaurant with its full menu
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { getRestaurantMenu } from "@/lib/restaurants/get-restaurant-menu";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request, params) => jsonResponse(request, await getRestaurantMenu({ slug: String(params.slug) }), "menu"),
});
