// /.well-known/mcp.json: how an agent finds and connects to the tool server without a first call.
// Built from the same definitions the server serves, so the manifest cannot list a tool that
// tools/list does not.
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { siteUrls } from "../site-urls";
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from "./mcp-server";
import { MCP_PROMPTS } from "./prompts";
import { RESOURCE_TEMPLATES } from "./resources";
import { MCP_TOOLS, TOOL_ANNOTATIONS } from "./tools";

/** The 2026-07-28 revision is served by the SDK's modern path; the rest are the 2025-era list. */
export const MCP_PROTOCOL_VERSIONS = ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS];

export function mcpManifest() {
  return {
    name: MCP_SERVER_INFO.name,
    title: MCP_SERVER_INFO.title,
    description: MCP_SERVER_INFO.description,
    version: MCP_SERVER_INFO.version,
    endpoint: siteUrls.mcp(),
    transport: "streamable-http",
    transports: [{ type: "streamable-http", url: siteUrls.mcp(), stateless: true, methods: ["POST"] }],
    protocolVersions: MCP_PROTOCOL_VERSIONS,
    authentication: { type: "none" },
    instructions: MCP_INSTRUCTIONS,
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false }, prompts: { listChanged: false } },
    tools: MCP_TOOLS.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, annotations: TOOL_ANNOTATIONS(tool) })),
    resourceTemplates: RESOURCE_TEMPLATES.map(({ uriTemplate, name, mimeType }) => ({ uriTemplate, name, mimeType })),
    prompts: MCP_PROMPTS.map(({ name, title, description }) => ({ name, title, description })),
    documentation: siteUrls.apiDocs(),
    api: siteUrls.apiIndex(),
    specification: siteUrls.openApi(),
  };
}
