// GET /api/health – liveness: the process answers (no database)
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { liveness } from "@/lib/health/service-health";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => jsonResponse(request, liveness(), "noStore"),
});
