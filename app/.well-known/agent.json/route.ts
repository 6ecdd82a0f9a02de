// GET /.well-known/agent.json – the agent card at its older path (readers from before agent-card.json)
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { agentCard } from "@/lib/openapi/manifests";

// The same card as /.well-known/agent-card.json, byte for byte (same ETag), not a redirect:
// older readers do not all follow redirects for discovery files.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => jsonResponse(request, agentCard(), "directory"),
});
