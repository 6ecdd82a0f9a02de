// GET /api/health/ready – readiness: database reachable and migrated, else 503
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { readiness } from "@/lib/health/service-health";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => jsonResponse(request, await readiness(), "noStore"),
});
