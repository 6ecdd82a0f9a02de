// The protocol of /api/mcp in both generations: the 2025-11-25 handshake, 2026-07-28 discovery
// with its envelope and header rules, ping, and every JSON-RPC error path.
import { describe, expect, it } from "vitest";
import { CLIENT_INFO, envelope, initialize, legacy, LEGACY, MODERN, modern, post } from "./mcp-client";

/** The tools the server publishes: the contract's (section 4, MCP tool server) and search_dishes. */
const PUBLISHED_TOOLS = [
  "calculate_food_cost",
  "generate_review_qr_payload",
  "generate_wifi_qr_payload",
  "get_restaurant_menu",
  "get_service_plans",
  "list_changes",
  "list_locations_and_cuisines",
  "search_dishes",
  "search_restaurants",
];
const toolNames = (tools: { name: string }[]) => tools.map((t) => t.name).sort();

describe("protocol 2025-11-25: initialize", () => {
  it("answers with the server's identity, capabilities and instructions, and no session", async () => {
    const res = await initialize(LEGACY);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    const { result } = res.json;
    expect(result.protocolVersion).toBe(LEGACY);
    expect(result.serverInfo).toMatchObject({ name: "menu-service", title: "Menu Service", version: "1.0.0" });
    expect(result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: { listChanged: false, subscribe: false },
      prompts: { listChanged: false },
    });
    expect(result.instructions).toMatch(/search_restaurants/);
  });

  it.each([
    ["2025-06-18", "2025-06-18"],
    ["2025-03-26", "2025-03-26"],
    ["1999-01-01", LEGACY],
  ])("negotiates a requested %s to %s", async (requested, negotiated) => {
    expect((await initialize(requested)).json.result.protocolVersion).toBe(negotiated);
  });

  it("accepts the initialized notification with 202 and no body", async () => {
    const res = await post({ jsonrpc: "2.0", method: "notifications/initialized" }, { "MCP-Protocol-Version": LEGACY });
    expect(res.status).toBe(202);
    expect(res.text).toBe("");
  });

  it("works without the handshake (stateless): any request can come first", async () => {
    const res = await legacy.request("tools/list");
    expect(toolNames(res.json.result.tools)).toEqual(PUBLISHED_TOOLS);
  });

  it("answers ping with an empty result", async () => {
    const res = await legacy.request("ping");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ jsonrpc: "2.0", result: {} });
  });

  it("refuses an MCP-Protocol-Version header it does not speak", async () => {
    const res = await legacy.request("tools/list", undefined, { "MCP-Protocol-Version": "1999-01-01" });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/protocol version/i);
  });

  it("an unknown method is -32601", async () => {
    const res = await legacy.request("menus/delete");
    expect(res.json).toMatchObject({ jsonrpc: "2.0", error: { code: -32601 } });
  });
});

describe("plain JSON-RPC clients get JSON, not 406 or a stream", () => {
  it.each([
    ["Accept: application/json", { Accept: "application/json" }],
    ["no Accept", { Accept: "" }],
    ["Accept: */*", { Accept: "*/*" }],
    ["Accept: text/event-stream", { Accept: "text/event-stream" }],
    ["no Content-Type", { "Content-Type": "" }],
    ["curl's form Content-Type", { "Content-Type": "application/x-www-form-urlencoded" }],
  ])("%s", async (_label, headers) => {
    const res = await post({ jsonrpc: "2.0", id: 7, method: "tools/list" }, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(toolNames(res.json.result.tools)).toEqual(PUBLISHED_TOOLS);
  });

  it("initialize works for them too", async () => {
    const res = await initialize(LEGACY, { Accept: "application/json" });
    expect(res.json.result.protocolVersion).toBe(LEGACY);
  });
});

describe("protocol 2026-07-28: discovery, envelope and headers", () => {
  it("server/discover lists the supported versions, capabilities and identity", async () => {
    const res = await modern.request("server/discover");
    expect(res.status).toBe(200);
    const { result } = res.json;
    expect(result.supportedVersions).toContain(MODERN);
    expect(result.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(result._meta["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "menu-service", version: "1.0.0" });
    expect(result).toMatchObject({ ttlMs: expect.any(Number), cacheScope: "public" });
  });

  it("serves a request whose envelope omits clientInfo", async () => {
    const { ["io.modelcontextprotocol/clientInfo"]: _info, ...meta } = envelope();
    const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } }, { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" });
    expect(toolNames(res.json.result.tools)).toEqual(PUBLISHED_TOOLS);
  });

  it("marks cacheable results with ttlMs and cacheScope", async () => {
    for (const method of ["tools/list", "resources/list", "resources/templates/list", "prompts/list"]) {
      const { json } = await modern.request(method);
      expect(json.result, method).toMatchObject({ ttlMs: expect.any(Number), cacheScope: "public" });
    }
  });

  it("accepts a notification with 202 and no body", async () => {
    const res = await post(
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5, _meta: envelope() } },
      { "MCP-Protocol-Version": MODERN, "Mcp-Method": "notifications/cancelled" },
    );
    expect(res.status).toBe(202);
    expect(res.text).toBe("");
  });

  it("ping and initialize are gone in 2026-07-28: -32601 with HTTP 404", async () => {
    const res = await modern.request("ping");
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe(-32601);
  });

  it("an unknown method is -32601 with HTTP 404", async () => {
    const res = await modern.request("menus/delete");
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: { code: -32601 } });
  });

  it.each([
    ["no Mcp-Method header", { "Mcp-Method": "" }],
    ["an Mcp-Method that disagrees with the body", { "Mcp-Method": "prompts/list" }],
    ["a method value in the wrong case", { "Mcp-Method": "TOOLS/LIST" }],
  ])("%s is -32020 (header mismatch), HTTP 400", async (_label, headers) => {
    const res = await modern.request("tools/list", {}, headers);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(-32020);
  });

  it("an Mcp-Name that disagrees with the tool is -32020", async () => {
    const res = await modern.request("tools/call", { name: "get_service_plans", arguments: {} }, { "Mcp-Name": "search_restaurants" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(-32020);
  });

  it("whitespace around header values is allowed", async () => {
    const res = await modern.request("tools/call", { name: "get_service_plans", arguments: {} }, { "Mcp-Name": "  get_service_plans  " });
    expect(res.json.result.structuredContent.plans).toHaveLength(2);
  });

  it("a protocol-version header that disagrees with the envelope is -32020", async () => {
    const res = await modern.request("tools/list", {}, { "MCP-Protocol-Version": LEGACY });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(-32020);
  });

  it("an unsupported revision is -32022 listing the supported ones", async () => {
    const res = await post(
      { jsonrpc: "2.0", id: 9, method: "server/discover", params: { _meta: envelope({ "io.modelcontextprotocol/protocolVersion": "2099-01-01" }) } },
      { "MCP-Protocol-Version": "2099-01-01", "Mcp-Method": "server/discover" },
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ id: 9, error: { code: -32022, data: { requested: "2099-01-01", supported: expect.arrayContaining([MODERN]) } } });
  });

  it.each([
    ["a missing clientCapabilities", { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientInfo": CLIENT_INFO }],
    ["a malformed clientInfo", { ...envelope(), "io.modelcontextprotocol/clientInfo": "me" }],
  ])("an envelope with %s is -32602, HTTP 400", async (_label, meta) => {
    const res = await post({ jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: meta } }, { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(-32602);
  });

  it("a modern version header without the envelope is -32602", async () => {
    const res = await post({ jsonrpc: "2.0", id: 4, method: "tools/list", params: {} }, { "MCP-Protocol-Version": MODERN, "Mcp-Method": "tools/list" });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe(-32602);
  });
});

describe("JSON-RPC errors, both generations", () => {
  it.each([
    ["malformed JSON", '{"jsonrpc": "2.0", "id": 1, "method": '],
    ["an empty body", ""],
    ["a body that is not JSON at all", "method=tools/list"],
  ])("%s is -32700 Parse error, HTTP 400", async (_label, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
  });

  it.each([
    ["a JSON string", '"tools/list"', null],
    ["a batch", [{ jsonrpc: "2.0", id: 1, method: "ping" }], null],
    ["an empty batch", [], null],
    ["no jsonrpc member", { id: 5, method: "tools/list" }, 5],
    ['jsonrpc "1.0"', { jsonrpc: "1.0", id: 6, method: "tools/list" }, 6],
    ["no method", { jsonrpc: "2.0", id: 7 }, 7],
    ["a numeric method", { jsonrpc: "2.0", id: 8, method: 42 }, 8],
    ["a null id", { jsonrpc: "2.0", id: null, method: "tools/list" }, null],
    ["an object id", { jsonrpc: "2.0", id: {}, method: "tools/list" }, null],
    ["a response sent to the server", { jsonrpc: "2.0", id: 9, result: {} }, 9],
  ])("%s is -32600 Invalid Request, HTTP 400", async (_label, body, id) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ jsonrpc: "2.0", id, error: { code: -32600 } });
  });

  it("params that are not an object are -32602", async () => {
    const res = await post({ jsonrpc: "2.0", id: 10, method: "tools/list", params: ["x"] });
    expect(res.json).toMatchObject({ id: 10, error: { code: -32602 } });
  });

  it.each([legacy, modern])("resources/read without a uri is -32602 ($version)", async (gen) => {
    const res = await gen.request("resources/read", {}, { "Mcp-Name": "" });
    expect(res.json.error.code).toBe(-32602);
  });

  it("echoes string ids", async () => {
    const res = await post({ jsonrpc: "2.0", id: "req-42", method: "tools/list" });
    expect(res.json.id).toBe("req-42");
  });
});
