import { describe, expect, it } from "vitest";
import { envelopeError, headerError, MCP_LIMITS, mcpMethodNotAllowed, mcpPreflight, nestedDeeperThan, rejectedHost } from "./mcp-endpoint";

const req = (host: string | undefined) => new Request("http://127.0.0.1/api/mcp", { method: "POST", headers: host ? { host } : {} });

describe("envelopeError", () => {
  it.each([
    { message: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
    { message: { jsonrpc: "2.0", id: "abc", method: "tools/call", params: { name: "x" } } },
    { message: { jsonrpc: "2.0", method: "notifications/initialized" } },
    { message: { jsonrpc: "2.0", id: 0, method: "ping", params: {} } },
  ])("lets $message through", ({ message }) => {
    expect(envelopeError(message)).toBeUndefined();
  });

  it.each([
    [[], -32600, null],
    [[{ jsonrpc: "2.0", id: 1, method: "ping" }], -32600, null],
    ["ping", -32600, null],
    [42, -32600, null],
    [null, -32600, null],
    [{ id: 1, method: "ping" }, -32600, 1],
    [{ jsonrpc: "1.0", id: 1, method: "ping" }, -32600, 1],
    [{ jsonrpc: "2.0", id: 2 }, -32600, 2],
    [{ jsonrpc: "2.0", id: 3, method: "" }, -32600, 3],
    [{ jsonrpc: "2.0", id: 4, method: 7 }, -32600, 4],
    [{ jsonrpc: "2.0", id: 5, result: {} }, -32600, 5],
    [{ jsonrpc: "2.0", id: null, method: "ping" }, -32600, null],
    [{ jsonrpc: "2.0", id: { a: 1 }, method: "ping" }, -32600, null],
    [{ jsonrpc: "2.0", id: 1.5, method: "ping" }, -32600, null],
    [{ jsonrpc: "2.0", id: 6, method: "tools/list", params: [1] }, -32602, 6],
    [{ jsonrpc: "2.0", id: 7, method: "tools/list", params: "x" }, -32602, 7],
  ])("%j → %i", async (message, code, id) => {
    const response = envelopeError(message)!;
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id, error: { code } });
  });
});

/** `levels` nested arrays: [[[…]]] */
const nested = (levels: number) => {
  let value: unknown = [];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
};

describe("nesting depth (issue 46.12)", () => {
  it("counts the message itself as level 1, without recursing", () => {
    expect(nestedDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true);
    expect(nestedDeeperThan("text", 0)).toBe(false);
    // far deeper than the call stack allows a recursive walk
    expect(nestedDeeperThan(nested(200_000), MCP_LIMITS.depth)).toBe(true);
  });

  it("refuses a tool call whose arguments nest too deep, as -32602 with the id, and lets the limit itself through", async () => {
    const call = (extra: unknown) => ({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "search_restaurants", arguments: { q: "x", extra } } });
    // message (1) → params (2) → arguments (3) → extra (4…)
    expect(envelopeError(call(nested(MCP_LIMITS.depth - 3)))).toBeUndefined();
    const response = envelopeError(call(nested(5000)))!;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", id: 9, error: { code: -32602, message: expect.stringContaining(`${MCP_LIMITS.depth} levels`) } });
  });
});

// Issue 28.8: the bounds /openapi.json states are the ones the endpoint enforces.
describe("the published bounds", () => {
  it.each([
    [{ jsonrpc: "2.0", id: "x".repeat(MCP_LIMITS.id + 1), method: "ping" }, -32600],
    [{ jsonrpc: "2.0", id: 1, method: "m".repeat(MCP_LIMITS.method + 1) }, -32600],
    [{ jsonrpc: "2.0", id: 1, method: "ping", params: { ["p".repeat(MCP_LIMITS.paramName + 1)]: 1 } }, -32602],
  ])("refuses a message over them (%#)", async (message, code) => {
    const res = envelopeError(message)!;
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(code);
  });

  it("lets a message at them through", () => {
    expect(envelopeError({ jsonrpc: "2.0", id: "x".repeat(MCP_LIMITS.id), method: "m".repeat(MCP_LIMITS.method), params: { ["p".repeat(MCP_LIMITS.paramName)]: 1 } })).toBeUndefined();
  });

  it("refuses Mcp-Method and Mcp-Name headers over them, and only those", async () => {
    const post = (headers: Record<string, string>) => new Request("http://127.0.0.1/api/mcp", { method: "POST", headers });
    expect(headerError(post({ "Mcp-Method": "m".repeat(MCP_LIMITS.mcpMethodHeader), "Mcp-Name": "n".repeat(MCP_LIMITS.mcpNameHeader) }))).toBeUndefined();
    for (const headers of [{ "Mcp-Method": "m".repeat(MCP_LIMITS.mcpMethodHeader + 1) }, { "Mcp-Name": "n".repeat(MCP_LIMITS.mcpNameHeader + 1) }] as Array<Record<string, string>>) {
      const res = headerError(post(headers))!;
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe(-32600);
    }
  });
});

describe("rejectedHost (DNS rebinding)", () => {
  it.each(["127.0.0.1:3000", "localhost", "localhost:8080", "[::1]:3000", "127.0.0.2"])("a loopback server answers Host %s", (host) => {
    expect(rejectedHost(req(host), "http://127.0.0.1:3000")).toBeUndefined();
  });

  it.each(["evil.example.com", "evil.example.com:3000", "192.168.1.10:3000", "localhost.evil.com", undefined])("a loopback server refuses Host %s", (host) => {
    expect(rejectedHost(req(host), "http://localhost:3000")).toMatch(/not allowed/);
  });

  it("a server published on a real host leaves Host to its proxy", () => {
    expect(rejectedHost(req("anything.example.net"), "https://menus.example.org")).toBeUndefined();
  });
});

describe("HTTP edges", () => {
  it("the preflight allows the MCP headers and mirrored Mcp-Param-* headers", () => {
    const response = mcpPreflight(
      new Request("http://x/api/mcp", { method: "OPTIONS", headers: { "Access-Control-Request-Headers": "content-type, mcp-param-region, x-evil" } }),
    );
    expect(response.status).toBe(204);
    const allowed = response.headers.get("access-control-allow-headers")!.toLowerCase();
    for (const h of ["mcp-protocol-version", "mcp-method", "mcp-name", "mcp-session-id", "last-event-id", "content-type", "accept", "mcp-param-region"]) {
      expect(allowed).toContain(h);
    }
    expect(allowed).not.toContain("x-evil");
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it.each(["GET", "DELETE", "PUT", "PATCH"])("%s is a JSON 405 with Allow", async (method) => {
    const response = mcpMethodNotAllowed(new Request("http://x/api/mcp", { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ error: "method_not_allowed", status: 405 });
  });

  it("HEAD gets the 405 without a body", async () => {
    const response = mcpMethodNotAllowed(new Request("http://x/api/mcp", { method: "HEAD" }));
    expect(response.status).toBe(405);
    expect(await response.text()).toBe("");
  });
});
