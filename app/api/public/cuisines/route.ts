// GET /api/public/cuisines – the cuisine directory
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { listCuisineDirectory } from "@/lib/directory/list-cuisine-directory";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => jsonResponse(request, await listCuisineDirectory(), "directory"),
});
