// GET /.well-known/agent-card.json – the agent card: the service, its skills and the MCP endpoint
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { agentCard } from "@/lib/openapi/manifests";

// PUBLIC_BASE_URL is read at request time, so a deployment's URLs are never baked in at build time.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => jsonResponse(request, agentCard(), "directory"),
});
