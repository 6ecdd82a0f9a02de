// POST /api/mcp in the OpenAPI document: the tool server's HTTP face. The body is a JSON-RPC 2.0
// message; the answer is a JSON-RPC response (or 202 for a notification). What the methods and
// tools take and return is MCP's business (tools/list publishes each tool's JSON Schemas), so the
// document pins the envelope, the headers and the HTTP statuses, and names the tools.
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { z } from "zod";
import { MCP_LIMITS } from "../mcp/mcp-endpoint";
import { MCP_PROTOCOL_VERSIONS } from "../mcp/mcp-manifest";
import { MCP_TOOLS } from "../mcp/tools";
import { errorHeaders, headerComponentName, rateLimitHeaders } from "./headers";

/** What a client may send as id: a string up to MCP_LIMITS.id characters, or a safe integer (zod's int). */
const JsonRpcRequestId = z.union([z.string().max(MCP_LIMITS.id), z.number().int()]);
// The echo is whatever number the client sent, even one beyond the safe-integer range.
const JsonRpcId = z.union([z.string(), z.number().meta({ override: { type: "integer", format: "int64" } })]).describe("The id of the request, echoed");

// Strict: a message with any other member is refused (-32600), as JSON-RPC 2.0 has no others.
const JsonRpcRequestSchema = z
  .strictObject({
    jsonrpc: z.literal("2.0"),
    id: JsonRpcRequestId.optional().describe("Chosen by the client and echoed in the response; omitted for a notification (answered 202 with no body)"),
    method: z
      .string()
      .min(1)
      .max(MCP_LIMITS.method)
      .describe(
        "initialize, ping, tools/list, tools/call, resources/list, resources/read, resources/templates/list, prompts/list, prompts/get (protocol 2025-11-25), " +
          "server/discover (protocol 2026-07-28), or a notification such as notifications/initialized",
      ),
    params: z.record(z.string().max(MCP_LIMITS.paramName), z.unknown()).optional().describe(`The method's parameters, e.g. { name, arguments } for tools/call. The whole message nests objects and arrays at most ${MCP_LIMITS.depth} levels deep (deeper is -32602).`),
  })
  .describe("A JSON-RPC 2.0 request or notification");

const JsonRpcErrorObjectSchema = z.object({
  code: z.number().int().describe("-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32603 internal error; other codes are defined by the protocol"),
  message: z.string(),
  data: z.unknown().optional(),
});

const JsonRpcResponseSchema = z
  .union([
    z.object({ jsonrpc: z.literal("2.0"), id: JsonRpcId, result: z.record(z.string(), z.unknown()).describe("The method's result") }),
    z.object({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number(), z.null()]).describe("The id of the request, echoed as sent; null when it could not be read"), error: JsonRpcErrorObjectSchema }),
  ])
  .describe(
    "A JSON-RPC 2.0 response: result on success, error for a protocol failure. A failed tool call is a result with isError: true " +
      "and structuredContent carrying the REST error body (same codes as the REST API).",
  );

const hdr = (name: string) => ({ $ref: `#/components/headers/${name}` });

const mcpHeaders = {
  "Cache-Control": hdr(headerComponentName.cacheControl("noStore")),
  "Access-Control-Allow-Origin": hdr(headerComponentName.allowOrigin),
  "Access-Control-Expose-Headers": hdr(headerComponentName.exposeHeaders),
};

const JsonRpcErrorResponseSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    // Echoed as sent when it was a string or a number (even a fractional one the envelope check then refused).
    id: z.union([z.string(), z.number(), z.null()]).describe("The id of the request, echoed; null when it could not be read"),
    error: JsonRpcErrorObjectSchema,
  })
  .describe("A JSON-RPC 2.0 error response");

/** Answers to a tools/call of a throttled tool (search_restaurants, search_dishes) carry the RateLimit fields. */
const throttledMcpHeaders = { ...mcpHeaders, ...rateLimitHeaders() };

const jsonRpcError = (description: string, headers: typeof mcpHeaders | typeof throttledMcpHeaders = mcpHeaders) => ({
  description,
  headers,
  content: { "application/json": { schema: JsonRpcErrorResponseSchema } },
});

/** The rules the endpoint enforces that the schemas cannot state, with the JSON-RPC error each answers (HTTP 400). */
export const MCP_VALIDATION_RULES = [
  {
    parameters: ["MCP-Protocol-Version", "params"],
    rule: "With MCP-Protocol-Version 2026-07-28, every request carries the per-request envelope in params._meta (protocol version, client info, capabilities).",
    jsonRpcError: -32602,
  },
  {
    parameters: ["MCP-Protocol-Version", "Mcp-Method", "Mcp-Name", "method", "params"],
    rule: "With MCP-Protocol-Version 2026-07-28, Mcp-Method is required and equals the body's method, and Mcp-Name equals the name (or uri) the body names.",
    jsonRpcError: -32020,
  },
];

export function mcpOperation(): ZodOpenApiOperationObject {
  const tools = MCP_TOOLS.map((t) => `- \`${t.name}\`: ${t.title}.`).join("\n");
  const throttledTools = MCP_TOOLS.filter((t) => t.throttle)
    .map((t) => t.name)
    .join(" or ");
  return {
    operationId: "callToolServer",
    tags: ["Tool server"],
    summary: "Send a JSON-RPC message to the MCP tool server",
    description:
      "Stateless Streamable HTTP (Model Context Protocol), JSON-RPC 2.0, no credentials. Both protocol generations in use are served: " +
      "2025-11-25 (`initialize`, then `tools/list`, `tools/call`, `resources/list`, `resources/read`, `resources/templates/list`, `prompts/list`, `prompts/get`, `ping`) and " +
      "2026-07-28 (`server/discover` and the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers on every request). " +
      "Answers are JSON (`application/json`), never an event stream, whatever `Accept` says. GET and DELETE are 405: there is no stream and no session.\n\n" +
      `The tools (their input and output JSON Schemas come from \`tools/list\`):\n${tools}\n\n` +
      "A failed tool call (unknown slug, bad arguments) is a result with `isError: true` whose `structuredContent` is the REST error body, with the same codes. " +
      "Protocol failures are JSON-RPC errors: -32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params.",
    requestParams: {
      header: z.object({
        "MCP-Protocol-Version": z
          .enum(MCP_PROTOCOL_VERSIONS as [string, ...string[]])
          .optional()
          .describe("The protocol revision the client speaks; any other is refused (400). Without it the 2025 revisions are assumed."),
        "Mcp-Method": z
          .string()
          .max(MCP_LIMITS.mcpMethodHeader)
          .optional()
          .describe("Protocol 2026-07-28: the JSON-RPC method of the body (required there, and must match it)"),
        "Mcp-Name": z
          .string()
          .max(MCP_LIMITS.mcpNameHeader)
          .optional()
          .describe("Protocol 2026-07-28: the tool, prompt or resource the request names (tools/call, prompts/get, resources/read); must match the body"),
      }),
    },
    requestBody: {
      required: true,
      description: "One JSON-RPC 2.0 message (batches are not supported), at most 64 KB.",
      content: { "application/json": { schema: JsonRpcRequestSchema } },
    },
    // Beyond the schemas (issue 28.8): what the request's headers and body must agree on.
    "x-validation-rules": MCP_VALIDATION_RULES,
    responses: {
      "200": {
        description: "The JSON-RPC response: result, or error for a method-level failure",
        headers: throttledMcpHeaders,
        content: { "application/json": { schema: JsonRpcResponseSchema } },
      },
      "202": { description: "A notification (a message without id) was accepted; no body", headers: mcpHeaders },
      "400": jsonRpcError("Not a valid JSON-RPC 2.0 message (-32700 parse error, -32600 invalid request, -32602 invalid params) or an unsupported protocol version"),
      "403": jsonRpcError("Only when the service itself runs on a loopback address: a Host header other than localhost (DNS-rebinding protection)"),
      "404": jsonRpcError("Protocol 2026-07-28: a method that revision does not have (-32601 Method not found; ping and initialize are 2025-era methods)"),
      "405": { $ref: "#/components/responses/MethodNotAllowed" },
      "408": jsonRpcError("The body did not arrive within 10 s of the headers; error.data is the API's request_timeout error body"),
      "413": jsonRpcError("The body is larger than 64 KB; error.data is the API's payload_too_large error body"),
      "429": {
        description:
          `tools/call of ${throttledTools} over the client's search budget (one budget with GET /api/public/restaurants and GET /api/public/dishes): JSON-RPC error -32029 whose error.data is the API's rate_limited error body; wait for Retry-After seconds`,
        headers: { ...mcpHeaders, ...errorHeaders("rateLimited") },
        content: { "application/json": { schema: JsonRpcErrorResponseSchema } },
      },
      "500": jsonRpcError("A failure on the service side; safe to retry", throttledMcpHeaders),
      "503": jsonRpcError("Too many request bodies are being received at once; error.data is the API's service_unavailable error body; retry after Retry-After seconds"),
    },
  };
}
