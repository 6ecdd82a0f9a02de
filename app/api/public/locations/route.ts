// GET /api/public/locations – the country and city directory
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { listLocations } from "@/lib/directory/list-locations";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => jsonResponse(request, await listLocations(), "directory"),
});
