// GET /.well-known/mcp.json – the tool server manifest: endpoint, transport, protocol versions, tools
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { mcpManifest } from "@/lib/mcp/mcp-manifest";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => jsonResponse(request, mcpManifest(), "directory"),
});
