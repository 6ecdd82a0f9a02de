// The HTTP face of the MCP server at /api/mcp: stateless Streamable HTTP for both protocol
// generations (2025-11-25 with initialize, 2026-07-28 with server/discover and per-request _meta).
// The SDK serves the protocol; this module adds what the public API needs around it:
//   - JSON answers for every client: plain JSON-RPC clients may send Accept: application/json
//     or no Accept at all (the SDK's 2025 transport would answer those 406), and answers are
//     JSON, never an SSE stream, since no tool streams progress;
//   - the body limit (64 KB, refused before it is read whole), strict JSON-RPC envelope checks
//     (-32700, -32600, -32602), CORS for browser clients, JSON 405s with Allow;
//   - DNS-rebinding protection when the service itself runs on a loopback address;
//   - the answers of the menu, plans and directory tools kept for 2025-era calls (tool-answer-cache.ts).
import { watchChanges } from "../cache/change-watch";
import { staleCacheStatus, trackFreshness } from "../cache/freshness";
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import { config } from "../config";
import { ApiError, errorBody } from "../http/api-errors";
import { errorResponse } from "../http/api-route";
import { allowAnyOrigin, preflightResponse } from "../http/cors";
import { consumeRateLimit } from "../http/rate-limit";
import { MAX_JSON_BODY_BYTES, readBodyText } from "../http/read-json-body";
import { publicBaseUrl } from "../site-urls";
import { createMcpServer } from "./mcp-server";
import { findTool } from "./tools";
import { cachedToolAnswer, toolAnswerKey } from "./tool-answer-cache";
import { log } from "../observability/logger";

export const MCP_ALLOW = "POST, OPTIONS";

/** Request headers MCP clients send; browsers must be allowed to send them cross-origin. */
export const MCP_REQUEST_HEADERS = [
  "Accept",
  "Content-Type",
  "MCP-Protocol-Version",
  "Mcp-Method",
  "Mcp-Name",
  "Mcp-Session-Id",
  "Last-Event-ID",
  "Authorization",
];

const EXPOSED_HEADERS = "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, Allow, Retry-After, RateLimit, RateLimit-Policy, Content-Length";

function withCors(response: Response, extraHeaders: Record<string, string> = {}): Response {
  // The answers here and the SDK's are built with new Response, whose headers may be set in place;
  // copying them into a second Response cost a Headers, a Response and a stream per call.
  let headers = response.headers;
  try {
    headers.set("Access-Control-Allow-Origin", "*");
  } catch {
    headers = new Headers(response.headers);
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  allowAnyOrigin(headers, EXPOSED_HEADERS);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return response;
}

type JsonRpcId = string | number | null;

function rpcError(httpStatus: number, code: number, message: string, id: JsonRpcId = null, data?: unknown): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message, ...(data !== undefined ? { data } : {}) } }), {
    status: httpStatus,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** An HTTP-level refusal of a POST: a JSON-RPC error whose data is the API's error object. */
function rpcApiError(error: ApiError, code: number, id: JsonRpcId = null): Response {
  const response = rpcError(error.status, code, error.message, id, errorBody(error));
  for (const [name, value] of Object.entries(error.options.headers ?? {})) response.headers.set(name, value);
  return response;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

function hostnameOf(hostHeader: string | null): string | undefined {
  if (!hostHeader) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * DNS rebinding only threatens a server on a loopback address (a web page re-pointing its own
 * host name at 127.0.0.1). When the service is published on a real host, its proxy routes by Host.
 */
export function rejectedHost(request: Request, baseUrl = publicBaseUrl()): string | undefined {
  let baseHost: string;
  try {
    baseHost = new URL(baseUrl).hostname;
  } catch {
    return undefined;
  }
  if (!LOOPBACK.test(baseHost)) return undefined;
  const host = request.headers.get("host");
  const hostname = hostnameOf(host);
  return hostname !== undefined && LOOPBACK.test(hostname) ? undefined : `Host "${host ?? ""}" is not allowed: this server only answers to localhost while PUBLIC_BASE_URL is a localhost address (DNS-rebinding protection). Its operator sets PUBLIC_BASE_URL to the address clients use, e.g. https://menus.example.com.`;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Bounds on what a message and its headers may carry, in characters: refused beyond them
 * (-32600, or -32602 for a parameter name), and published in /openapi.json from here.
 */
export const MCP_LIMITS = { id: 256, method: 128, paramName: 128, mcpMethodHeader: 128, mcpNameHeader: 256, depth: 32 } as const;

/**
 * Whether a parsed message nests objects and arrays deeper than `max` (the message itself is
 * level 1). Iterative: the check runs before anything that recurses over the message (the SDK's
 * schemas, JSON.stringify), which a 5 000-deep argument would overflow.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The 2026-07-28 headers over their bounds; undefined when they are within them. */
export function headerError(request: Request): Response | undefined {
  for (const [name, max] of [
    ["Mcp-Method", MCP_LIMITS.mcpMethodHeader],
    ["Mcp-Name", MCP_LIMITS.mcpNameHeader],
  ] as const) {
    const value = request.headers.get(name);
    if (value !== null && value.length > max) return rpcError(400, -32600, `Invalid Request: the ${name} header is at most ${max} characters.`);
  }
  return undefined;
}

/** JSON-RPC 2.0 envelope checks the SDK leaves loose; undefined when the message may proceed. */
export function envelopeError(message: unknown): Response | undefined {
  if (Array.isArray(message)) {
    return rpcError(400, -32600, "Invalid Request: JSON-RPC batches are not supported (MCP removed batching in 2025-06-18); send one message per request.");
  }
  if (!isPlainObject(message)) return rpcError(400, -32600, "Invalid Request: the body must be a JSON-RPC 2.0 object.");
  const hasId = "id" in message;
  const id = message.id;
  const echo: JsonRpcId = typeof id === "string" || typeof id === "number" ? id : null;
  if (message.jsonrpc !== "2.0") return rpcError(400, -32600, 'Invalid Request: "jsonrpc" must be "2.0".', echo);
  if (typeof message.method !== "string" || message.method === "") {
    if (!("method" in message) && ("result" in message || "error" in message)) {
      return rpcError(400, -32600, "Invalid Request: this server sends no requests, so it expects no responses.", echo);
    }
    return rpcError(400, -32600, 'Invalid Request: "method" must be a non-empty string.', echo);
  }
  if (hasId && (typeof id !== "string" && typeof id !== "number")) {
    return rpcError(400, -32600, 'Invalid Request: "id" must be a string or a number (omit it for a notification).', null);
  }
  if (typeof id === "number" && !Number.isInteger(id)) return rpcError(400, -32600, 'Invalid Request: a numeric "id" must be an integer.', null);
  if (typeof id === "string" && id.length > MCP_LIMITS.id) return rpcError(400, -32600, `Invalid Request: a string "id" is at most ${MCP_LIMITS.id} characters.`, null);
  if (message.method.length > MCP_LIMITS.method) return rpcError(400, -32600, `Invalid Request: "method" is at most ${MCP_LIMITS.method} characters.`, echo);
  if ("params" in message && !isPlainObject(message.params)) {
    return rpcError(400, -32602, 'Invalid params: "params" must be an object.', echo);
  }
  if (isPlainObject(message.params) && Object.keys(message.params).some((key) => key.length > MCP_LIMITS.paramName)) {
    return rpcError(400, -32602, `Invalid params: a parameter name is at most ${MCP_LIMITS.paramName} characters.`, echo);
  }
  if (nestedDeeperThan(message, MCP_LIMITS.depth)) {
    return rpcError(400, -32602, `Invalid params: the message nests objects and arrays more than ${MCP_LIMITS.depth} levels deep; no tool takes arguments nested that far.`, echo);
  }
  return undefined;
}

let modernHandler: McpHttpHandler | undefined;

function modern(): McpHttpHandler {
  // responseMode stays "auto": it answers with one JSON body unless a handler sends a message
  // before its result, and ours never do ("json" would only add a warning at start-up).
  modernHandler ??= createMcpHandler(({ era }) => createMcpServer(era), {
    legacy: "reject",
    maxRequestBodySize: MAX_JSON_BODY_BYTES,
    // What the SDK reports (mostly a client's malformed message, answered with a JSON-RPC error).
    onerror: (error) => log().warn({ err: error }, "MCP SDK error"),
  });
  return modernHandler;
}

/** 2025-era traffic: a fresh server and transport per request, answered with JSON. */
async function serveLegacy(request: Request, parsedBody: unknown): Promise<Response> {
  const server = createMcpServer("legacy");
  server.onerror = (error) => log().warn({ err: error }, "MCP SDK error");
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_JSON_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await transport.close().catch(() => {});
    await server.close().catch(() => {});
  }
}

/** Preflight: the MCP headers, plus any Mcp-Param-* headers a tool call mirrors its arguments into. */
export function mcpPreflight(request: Request): Response {
  const requested = (request.headers.get("access-control-request-headers") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter((h) => /^mcp-param-[a-z0-9-]+$/i.test(h));
  return preflightResponse({
    allow: MCP_ALLOW,
    allowHeaders: [...MCP_REQUEST_HEADERS, ...requested].join(", "),
    exposeHeaders: EXPOSED_HEADERS,
    vary: "Access-Control-Request-Headers",
  });
}

/** GET (an SSE stream in 2025 servers), DELETE (session end) and the rest: this server has neither. */
export function mcpMethodNotAllowed(request: Request): Response {
  const method = request.method;
  const response = errorResponse(
    new ApiError(
      "method_not_allowed",
      `${method} is not supported on the MCP endpoint: it is stateless and streams nothing, so there is no event stream to GET and no session to DELETE. Send JSON-RPC messages with POST.`,
      { headers: { Allow: MCP_ALLOW } },
    ),
  );
  const headers = new Headers(response.headers);
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  return new Response(request.method === "HEAD" ? null : response.body, { status: 405, headers });
}

export async function handleMcpPost(request: Request): Promise<Response> {
  const rateLimit: Record<string, string> = {};
  const extra: Record<string, string> = {};
  let response: Response;
  try {
    await watchChanges(request.url);
    // An answer built from a last good copy says so, as REST and the pages do (lib/cache/freshness.ts).
    const { value, staleSince } = await trackFreshness(() => servePost(request, rateLimit));
    response = value;
    if (staleSince !== null) extra["Cache-Status"] = staleCacheStatus(staleSince);
  } catch (error) {
    // Still JSON-RPC, and still with the RateLimit fields when the call was counted.
    log().error({ err: error }, "MCP request failed");
    response = rpcError(500, -32603, "Internal error: the request failed on our side; it is safe to retry.");
  }
  return withCors(response, { ...rateLimit, ...extra });
}

/** JSON-RPC code of a throttled tools/call (implementation-defined server error); error.data.error is "rate_limited". */
export const RATE_LIMITED_RPC_CODE = -32029;

/**
 * A tools/call of a throttled tool counts against the same budget as its REST twin. Returns the
 * refusal, or undefined and fills `fields` with the RateLimit fields for the answer.
 */
async function throttleToolCall(request: Request, message: Record<string, unknown>, fields: Record<string, string>): Promise<Response | undefined> {
  if (message.method !== "tools/call") return undefined;
  const name = (message.params as Record<string, unknown> | undefined)?.name;
  const policy = typeof name === "string" ? findTool(name)?.throttle : undefined;
  if (!policy) return undefined;
  try {
    Object.assign(fields, await consumeRateLimit(request, policy));
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const id = typeof message.id === "string" || typeof message.id === "number" ? message.id : null;
    return rpcApiError(error, RATE_LIMITED_RPC_CODE, id);
  }
}

async function servePost(request: Request, rateLimit: Record<string, string>): Promise<Response> {
  const badHost = rejectedHost(request);
  if (badHost) return rpcError(403, -32000, `Forbidden: ${badHost}`);
  const badHeader = headerError(request);
  if (badHeader) return badHeader;

  // The body must be JSON whatever Content-Type says (`curl -d` sends a form type): being strict
  // about the label would only turn away plain clients, and there is nothing to protect.
  let text: string;
  try {
    text = await readBodyText(request, MAX_JSON_BODY_BYTES);
  } catch (error) {
    if (error instanceof ApiError) return rpcApiError(error, -32600);
    return rpcError(400, -32700, "Parse error: the request body could not be read.");
  }
  let message: unknown;
  try {
    if (text.trim() === "") throw new SyntaxError("empty body");
    message = JSON.parse(text);
  } catch {
    return rpcError(400, -32700, "Parse error: the request body is not valid JSON.");
  }
  const invalid = envelopeError(message);
  if (invalid) return invalid;
  const throttled = await throttleToolCall(request, message as Record<string, unknown>, rateLimit);
  if (throttled) return throttled;

  // Clients differ in what they send; the SDK's transports expect the full Streamable HTTP header
  // set (and answer 406/415 otherwise). The answer is JSON either way.
  const headers = new Headers(request.headers);
  headers.set("Accept", "application/json, text/event-stream");
  headers.set("Content-Type", "application/json");
  headers.delete("content-length");
  // No body: both transports are handed the parsed message and never read it (a body built from
  // the text cost a stream per call).
  const forwarded = new Request(request.url, { method: "POST", headers, signal: request.signal });

  if (await isLegacyRequest(forwarded, message)) {
    const rpc = message as { id?: unknown; method?: unknown; params?: unknown };
    const key = toolAnswerKey(rpc, headers.get("mcp-protocol-version"));
    return key ? cachedToolAnswer(key, rpc.id as string | number, () => serveLegacy(forwarded, message)) : serveLegacy(forwarded, message);
  }
  return modern().fetch(forwarded, { parsedBody: message });
}
