// POST /api/mcp – the MCP tool server (JSON-RPC 2.0 over stateless Streamable HTTP)
import { handleMcpPost, mcpMethodNotAllowed, mcpPreflight } from "@/lib/mcp/mcp-endpoint";

export const dynamic = "force-dynamic";

export const POST = handleMcpPost;
export const OPTIONS = mcpPreflight;
export { mcpMethodNotAllowed as GET, mcpMethodNotAllowed as HEAD, mcpMethodNotAllowed as DELETE, mcpMethodNotAllowed as PUT, mcpMethodNotAllowed as PATCH };
