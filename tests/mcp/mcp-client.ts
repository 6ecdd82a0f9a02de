// A minimal MCP client for the tests: raw JSON-RPC over HTTP, so every header and status is
// visible. `legacy` speaks 2025-11-25 (initialize, then requests with MCP-Protocol-Version);
// `modern` speaks 2026-07-28 (per-request _meta envelope, MCP-Protocol-Version, Mcp-Method and
// Mcp-Name headers on every POST).
import { inject } from "vitest";

export const PRIVATE_MARKER = "PRIVATE-MARKER";
export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

export const mcpUrl = () => `${inject("baseUrl")}/api/mcp`;

export interface RpcResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** Every response body the tests saw, to prove no private field ever leaves the server. */
export const seenBodies: string[] = [];

export async function post(body: unknown, headers: Record<string, string> = {}): Promise<RpcResponse> {
  const res = await fetch(mcpUrl(), {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  seenBodies.push(text);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const CLIENT_INFO = { name: "menu-service-tests", version: "1.0.0" };

export const envelope = (extra: Record<string, unknown> = {}) => ({
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
  "io.modelcontextprotocol/clientCapabilities": {},
  ...extra,
});

/** The name a 2026-07-28 request carries in Mcp-Name: the tool, prompt or resource it targets. */
function nameOf(method: string, params: Record<string, unknown>): string | undefined {
  if (method === "tools/call" || method === "prompts/get") return params.name as string;
  if (method === "resources/read") return params.uri as string;
  return undefined;
}

export interface Generation {
  version: string;
  /** A request; the result (or error) of the JSON-RPC answer plus the HTTP exchange. */
  request(method: string, params?: Record<string, unknown>, headers?: Record<string, string>): Promise<RpcResponse>;
}

let nextId = 1;

export const legacy: Generation = {
  version: LEGACY,
  request: (method, params, headers = {}) =>
    post({ jsonrpc: "2.0", id: nextId++, method, ...(params ? { params } : {}) }, { "MCP-Protocol-Version": LEGACY, ...headers }),
};

export const modern: Generation = {
  version: MODERN,
  request: (method, params = {}, headers = {}) => {
    const name = nameOf(method, params);
    return post(
      { jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: envelope() } },
      { "MCP-Protocol-Version": MODERN, "Mcp-Method": method, ...(name !== undefined ? { "Mcp-Name": name } : {}), ...headers },
    );
  },
};

export const GENERATIONS = [legacy, modern];

export async function initialize(protocolVersion = LEGACY, headers: Record<string, string> = {}) {
  return post(
    { jsonrpc: "2.0", id: nextId++, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: CLIENT_INFO } },
    headers,
  );
}

/** tools/call's result, asserting the exchange itself succeeded. */
export async function callTool(gen: Generation, name: string, args: Record<string, unknown> | undefined) {
  const res = await gen.request("tools/call", { name, ...(args !== undefined ? { arguments: args } : {}) });
  if (res.status !== 200 || !res.json?.result) throw new Error(`tools/call ${name} failed: HTTP ${res.status} ${res.text}`);
  return res.json.result;
}

export async function restJson(path: string): Promise<any> {
  const res = await fetch(`${inject("baseUrl")}${path}`);
  const text = await res.text();
  seenBodies.push(text);
  return JSON.parse(text);
}
