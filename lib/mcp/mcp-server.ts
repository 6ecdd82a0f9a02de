// One MCP server instance per request (the endpoint is stateless), built on the official SDK's
// low-level Server: the SDK owns the protocol (initialize, server/discover, ping, envelopes,
// version negotiation, JSON-RPC errors); this module owns the tools, resources and prompts and
// maps capability failures to tool results that carry the REST error code.
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  Server,
  type CallToolResult,
  type JSONRPCRequest,
  type Result,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { ApiError, errorBody, toApiError } from "../http/api-errors";
import { publicBaseUrl } from "../site-urls";
import { findPrompt, MCP_PROMPTS, PromptArgumentError } from "./prompts";
import { InvalidCursorError, listResources, readResource, RESOURCE_TEMPLATES, RESOURCE_TTL_MS, ResourceMissingError } from "./resources";
import { findTool, MCP_TOOLS, TOOL_ANNOTATIONS, toolJsonSchema, toolOutputJsonSchema, type McpTool } from "./tools";
import { log } from "../observability/logger";

export const MCP_SERVER_INFO = {
  name: "menu-service",
  title: "Menu Service",
  version: "1.0.0",
  description:
    "Published restaurant menus (prices, allergens, dietary tags), dish search across restaurants, the location and cuisine directory, plans, and food-cost and QR tools.",
};

export const MCP_INSTRUCTIONS =
  "Read-only access to the published restaurant menus of this menu service, no credentials needed. " +
  "Find restaurants with search_restaurants (keyword, city, cuisine), then fetch a full menu with get_restaurant_menu using the slug from the results; " +
  "search_dishes finds dishes across every menu by diet, allergens to leave out, price, distance and opening time, e.g. " +
  '{"city":"zurich","diet":["vegan"],"excludeAllergens":["nuts"],"maxPrice":20,"currency":"CHF"}; its allergen exclusion relies on what each restaurant declared and is no safety guarantee. ' +
  "list_locations_and_cuisines shows which cities and cuisines exist; list_changes tells what was published, changed or removed after a cursor (for keeping a copy current). Prices are in major units of each restaurant's currency; allergens are the 14 EU allergens. " +
  "calculate_food_cost, generate_wifi_qr_payload and generate_review_qr_payload are utilities for restaurant owners. " +
  "Menus are also resources (menu://restaurants/{slug}/menu.json and .md). A failed tool call returns isError with structuredContent.error set to a stable code " +
  "(not_found, invalid_request, internal_error), the same codes as the REST API. Data is for informational use with attribution to the service's website.";

/** Tool definitions as tools/list lists them, computed once: the schemas never change at runtime. */
let toolList: ReturnType<typeof listedTool>[] | undefined;

function listedTool(tool: McpTool) {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolJsonSchema(tool.input, "input") as { type: "object"; [key: string]: unknown },
    outputSchema: toolOutputJsonSchema(tool) as { type: "object"; [key: string]: unknown },
    annotations: TOOL_ANNOTATIONS(tool),
  };
}

export function listTools() {
  toolList ??= MCP_TOOLS.map(listedTool);
  return toolList;
}

/** A capability failure as a tool result: the REST error body as structuredContent, readable text too. */
export function toolErrorResult(error: unknown): CallToolResult {
  const apiError = toApiError(error);
  if (!(error instanceof ApiError)) log().error({ err: error }, "MCP tool failed");
  const body = errorBody(apiError);
  return {
    isError: true,
    content: [{ type: "text", text: `${body.error}: ${body.message} ${body.hint}` }],
    structuredContent: body,
  };
}

export async function callTool(name: string, args: unknown): Promise<CallToolResult> {
  const tool = findTool(name);
  if (!tool) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool "${name}". tools/list names the ${MCP_TOOLS.length} tools of this server.`, {
      tool: name,
    });
  }
  try {
    const { data, json } = tool.runPrepared ? await tool.runPrepared(args) : await tool.run(args).then((result) => ({ data: result, json: JSON.stringify(result) }));
    const images = tool.images ? (await tool.images(data)).map((image) => ({ type: "image" as const, ...image })) : [];
    return { content: [{ type: "text", text: json }, ...images], structuredContent: data };
  } catch (error) {
    return toolErrorResult(error);
  }
}

/** `era` is the protocol generation the instance serves: cache fields exist only in 2026-07-28. */
type HandlerFn = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/** "[{path:[params,uri], message}]" (a zod issue list, as the SDK words it) → "params.uri: message". */
function describeInvalidParams(message: string): string {
  try {
    const issues = JSON.parse(message) as { path?: unknown[]; message?: string }[];
    if (Array.isArray(issues)) return issues.map((i) => `${(i.path ?? []).join(".") || "params"}: ${i.message}`).join("; ");
  } catch {
    // not an issue list: use the message as it is
  }
  return message;
}

/**
 * The SDK checks a request's params against the method's schema before the handler runs, but
 * reports a mismatch (say resources/read without a uri) as a plain Error, which would go out as
 * -32603 Internal error. Our handlers throw only ProtocolErrors (see `handled`), so any other error
 * here is that check failing: it is the client's params, -32602.
 */
class MenuServer extends Server {
  protected override _wrapHandler(method: string, handler: HandlerFn): HandlerFn {
    const wrapped = super._wrapHandler(method, handler);
    return async (request, ctx) => {
      try {
        return await wrapped(request, ctx);
      } catch (error) {
        if (error instanceof ProtocolError || !(error instanceof Error)) throw error;
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid params for ${method}: ${describeInvalidParams(error.message)}`);
      }
    };
  }
}

/** Runs one of our handlers: protocol errors pass, anything else is logged and becomes -32603. */
async function handled<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    log().error({ err: error }, "MCP request failed");
    throw new ProtocolError(ProtocolErrorCode.InternalError, "Internal error: the request could not be completed; it is safe to retry.");
  }
}

export function createMcpServer(era: "legacy" | "modern" = "legacy"): Server {
  const server = new MenuServer(
    { ...MCP_SERVER_INFO, websiteUrl: publicBaseUrl() },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false }, prompts: { listChanged: false } },
      instructions: MCP_INSTRUCTIONS,
      cacheHints: {
        "server/discover": { ttlMs: 3_600_000, cacheScope: "public" },
        "tools/list": { ttlMs: 3_600_000, cacheScope: "public" },
        "resources/templates/list": { ttlMs: RESOURCE_TTL_MS.directory, cacheScope: "public" },
        "resources/list": { ttlMs: RESOURCE_TTL_MS.list, cacheScope: "public" },
        "resources/read": { ttlMs: RESOURCE_TTL_MS.menu, cacheScope: "public" },
        "prompts/list": { ttlMs: 3_600_000, cacheScope: "public" },
      },
    },
  );

  server.setRequestHandler("tools/list", () => ({ tools: listTools() }));

  server.setRequestHandler("tools/call", (request) =>
    handled(async () => {
      const result = await callTool(request.params.name, request.params.arguments);
      return server.projectCallToolResult(result, listTools().find((t) => t.name === request.params.name)?.outputSchema);
    }),
  );

  server.setRequestHandler("resources/list", (request) =>
    handled(async () => {
      try {
        return await listResources(request.params?.cursor);
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { cursor: request.params?.cursor });
        throw error;
      }
    }),
  );

  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: RESOURCE_TEMPLATES.map((t) => ({ ...t })) }));

  server.setRequestHandler("resources/read", (request) =>
    handled(async () => {
      try {
        const { contents, ttlMs } = await readResource(request.params.uri);
        return era === "modern" ? { contents, ttlMs, cacheScope: "public" as const } : { contents };
      } catch (error) {
        if (error instanceof ResourceMissingError) throw new ResourceNotFoundError(request.params.uri);
        throw error;
      }
    }),
  );

  server.setRequestHandler("prompts/list", () => ({
    prompts: MCP_PROMPTS.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args })),
  }));

  server.setRequestHandler("prompts/get", (request) =>
    handled(async () => {
      const prompt = findPrompt(request.params.name);
      if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt "${request.params.name}". prompts/list names the prompts of this server.`);
      try {
        return await prompt.render(request.params.arguments ?? {});
      } catch (error) {
        if (error instanceof PromptArgumentError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, { prompt: prompt.name });
        throw error;
      }
    }),
  );

  return server;
}
