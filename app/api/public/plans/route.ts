// GET /api/public/plans – plans, prices and the limits the service enforces
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { serializePlans } from "@/lib/serializers";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => jsonResponse(request, serializePlans(), "directory"),
});
