// The discovery manifests besides /openapi.json and /.well-known/mcp.json: the plugin manifest
// (/.well-known/ai-plugin.json), the agent card (/.well-known/agent-card.json and its older path
// /.well-known/agent.json) and security.txt (RFC 9116). Every URL is absolute from PUBLIC_BASE_URL;
// the tools come from the MCP server's own tool table, so no manifest can list a tool it lacks.
import { MCP_PROTOCOL_VERSIONS } from "../mcp/mcp-manifest";
import { MCP_TOOLS } from "../mcp/tools";
import { absoluteUrl, publicBaseUrl, siteUrls } from "../site-urls";
import { API_VERSION, attributionText, contactEmail, SERVICE_NAME, SERVICE_SUMMARY, securityContact, termsUrl } from "../service-info";

/** The site's icon (public/favicon.svg, the one the pages declare). */
export const SITE_ICON = "/favicon.svg";

/** /.well-known/ai-plugin.json: the plugin manifest format (schema_version v1). */
export function aiPluginManifest() {
  return {
    schema_version: "v1",
    name_for_human: SERVICE_NAME,
    name_for_model: "menu_service",
    description_for_human: "Restaurant menus with prices, allergens and dietary tags. Public and read-only.",
    description_for_model:
      `${SERVICE_SUMMARY} Search restaurants by keyword, city or cuisine, then fetch a menu by its slug; prices are in major units of each ` +
      "restaurant's currency and allergens are the 14 EU allergens. No authentication. Cache responses and avoid heavy search traffic. " +
      attributionText(),
    auth: { type: "none" },
    api: { type: "openapi", url: siteUrls.openApi(), is_user_authenticated: false },
    logo_url: absoluteUrl(SITE_ICON),
    contact_email: contactEmail(),
    legal_info_url: termsUrl(),
  };
}

/**
 * The agent card. The service is a tool server, not an A2A task agent: its one interface is the
 * MCP endpoint, declared with the MCP binding both in the A2A 1.0 shape (supportedInterfaces) and
 * in the 0.3 shape (url, preferredTransport) that many readers still expect, and described by an
 * extension that carries the connection details. Skills are the MCP tools.
 */
export function agentCard() {
  const base = publicBaseUrl();
  const mcp = siteUrls.mcp();
  return {
    protocolVersion: "0.3.0",
    name: SERVICE_NAME,
    description:
      `${SERVICE_SUMMARY} Agents use it through the Model Context Protocol tool server at ${mcp} (no credentials) or the REST API described at ` +
      `${siteUrls.openApi()}. ${attributionText()}`,
    version: API_VERSION,
    url: mcp,
    preferredTransport: "MCP",
    supportedInterfaces: [{ url: mcp, protocolBinding: "MCP", protocolVersion: MCP_PROTOCOL_VERSIONS[0] }],
    provider: { organization: SERVICE_NAME, url: `${base}/` },
    iconUrl: absoluteUrl(SITE_ICON),
    documentationUrl: siteUrls.apiReference(),
    capabilities: {
      streaming: false,
      pushNotifications: false,
      stateTransitionHistory: false,
      extensions: [
        {
          uri: "https://modelcontextprotocol.io/specification",
          description: "The skills are tools of a Model Context Protocol server: stateless Streamable HTTP, JSON-RPC 2.0, no credentials.",
          required: true,
          params: {
            endpoint: mcp,
            transport: "streamable-http",
            protocolVersions: MCP_PROTOCOL_VERSIONS,
            manifest: siteUrls.mcpManifest(),
            openapi: siteUrls.openApi(),
            attribution: attributionText(),
            termsOfService: termsUrl(),
          },
        },
      ],
    },
    securitySchemes: {},
    security: [],
    defaultInputModes: ["application/json"],
    defaultOutputModes: ["application/json", "text/markdown"],
    skills: MCP_TOOLS.map((tool) => ({
      id: tool.name,
      name: tool.title,
      description: tool.description,
      tags: tool.skill.tags,
      examples: tool.skill.examples,
      inputModes: ["application/json"],
      outputModes: ["application/json"],
    })),
  };
}

/** How far ahead security.txt expires: RFC 9116 §2.5.5 advises less than a year. */
export const SECURITY_TXT_LIFETIME_DAYS = 180;

/**
 * /.well-known/security.txt (RFC 9116). Expires is counted from the start of the current UTC day,
 * so the body (and its ETag) stays the same all day and caches can keep it.
 */
export function securityTxt(now = new Date()): string {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const expires = new Date(day + SECURITY_TXT_LIFETIME_DAYS * 86_400_000).toISOString();
  return [
    `# ${SERVICE_NAME}: public, read-only restaurant menu API (${siteUrls.apiReference()}).`,
    "# Report vulnerabilities to the contact below. There are no accounts or credentials in this API.",
    `Contact: ${securityContact()}`,
    `Expires: ${expires}`,
    `Canonical: ${siteUrls.securityTxt()}`,
    "Preferred-Languages: en",
    "",
  ].join("\n");
}
