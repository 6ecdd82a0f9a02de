// The HTTP face of /api/mcp and the manifest: methods, CORS, body limit, DNS-rebinding
// protection, response headers.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { mcpUrl, post } from "./mcp-client";

const MCP_HEADERS = ["mcp-protocol-version", "mcp-method", "mcp-name", "mcp-session-id", "last-event-id"];

describe("methods other than POST", () => {
  it.each(["GET", "DELETE", "PUT", "PATCH"])("%s is a JSON 405 with Allow, in the API error format", async (method) => {
    const res = await fetch(mcpUrl(), { method, headers: { Accept: "text/event-stream", "Mcp-Session-Id": "abc" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.json();
    expect(body).toMatchObject({ error: "method_not_allowed", status: 405, message: expect.stringContaining(method), documentation: expect.any(String) });
  });

  it("HEAD is a 405 without a body", async () => {
    const res = await fetch(mcpUrl(), { method: "HEAD" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await res.text()).toBe("");
  });

  it("a trailing slash reaches the same endpoint", async () => {
    const res = await fetch(`${mcpUrl()}/`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) });
    expect(res.status).toBe(200);
  });
});

describe("CORS", () => {
  it("the preflight allows POST and the MCP headers", async () => {
    const res = await fetch(mcpUrl(), {
      method: "OPTIONS",
      headers: { Origin: "https://agent.example.org", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, mcp-protocol-version, mcp-method, mcp-name, mcp-param-region" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    const allowed = res.headers.get("access-control-allow-headers")!.toLowerCase();
    for (const h of [...MCP_HEADERS, "content-type", "accept", "mcp-param-region"]) expect(allowed).toContain(h);
  });

  it("answers are readable cross-origin and expose the MCP response headers", async () => {
    const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { Origin: "https://agent.example.org" });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")!.toLowerCase()).toContain("mcp-session-id");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("errors carry CORS headers too", async () => {
    const res = await post("{", { Origin: "https://agent.example.org" });
    expect(res.status).toBe(400);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("request body limit (64 KB)", () => {
  const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "calculate_food_cost", arguments: { ingredients: [{ name: "x".repeat(70_000), cost: 1 }] } } });

  it("refuses a larger body by its Content-Length with 413 and the payload_too_large error", async () => {
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600, data: { error: "payload_too_large", status: 413 } } });
  });

  it("refuses a larger chunked body (no Content-Length) while it streams", async () => {
    const chunks = [new TextEncoder().encode(big.slice(0, 40_000)), new TextEncoder().encode(big.slice(40_000))];
    const body = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const res = await fetch(mcpUrl(), { method: "POST", headers: { "Content-Type": "application/json" }, body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.data.error).toBe("payload_too_large");
    const next = await post({ jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(next.status).toBe(200);
  });

  it("takes a body just under the limit", async () => {
    const res = await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_restaurant_menu", arguments: { slug: "x".repeat(60_000) } } });
    expect(res.status).toBe(200);
    expect(res.json.result.structuredContent.error).toBe("invalid_request");
  });
});

describe("nesting depth (issue 46.12)", () => {
  it("a 5 000-deep extra argument is a JSON-RPC -32602 with the call's id, not a 500, and logs no error", async () => {
    const logBefore = readFileSync(inject("serverLog"), "utf8").length;
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    for (const name of ["search_restaurants", "get_restaurant_menu"]) {
      const body = `{"jsonrpc":"2.0","id":"deep-${name}","method":"tools/call","params":{"name":"${name}","arguments":{"slug":"x","extra":${deep}}}}`;
      const res = await post(body, { "MCP-Protocol-Version": "2025-11-25" });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ jsonrpc: "2.0", id: `deep-${name}`, error: { code: -32602, message: expect.stringContaining("levels deep") } });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = readFileSync(inject("serverLog"), "utf8").slice(logBefore);
    expect(logged).not.toMatch(/"level":(50|60)|MCP request failed|Maximum call stack/);
  });
});

describe("DNS-rebinding protection (the test server runs on a loopback address)", () => {
  function postWithHost(host: string): Promise<{ status: number; body: string }> {
    const url = new URL(mcpUrl());
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { Host: host, "Content-Type": "application/json", Origin: `http://${host}` } },
        (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
  }

  it("refuses a foreign Host with 403", async () => {
    const res = await postWithHost("evil.example.com");
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
  });

  it.each(["localhost", `127.0.0.1:${new URL(inject("baseUrl")).port}`])("answers Host %s", async (host) => {
    expect((await postWithHost(host)).status).toBe(200);
  });
});

describe("GET /.well-known/mcp.json", () => {
  it("describes the server: endpoint, transport, protocol versions and the same tools as tools/list", async () => {
    const res = await fetch(`${inject("baseUrl")}/.well-known/mcp.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=86400/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "menu-service",
      version: "1.0.0",
      endpoint: mcpUrl(),
      transport: "streamable-http",
      authentication: { type: "none" },
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.protocolVersions).toEqual(expect.arrayContaining(["2026-07-28", "2025-11-25"]));
    const listed = (await post({ jsonrpc: "2.0", id: 1, method: "tools/list" })).json.result.tools;
    expect(manifest.tools.map((t: { name: string }) => t.name)).toEqual(listed.map((t: { name: string }) => t.name));
    expect(manifest.tools.map((t: { description: string }) => t.description)).toEqual(listed.map((t: { description: string }) => t.description));
  });

  it("every protocol version it names is one the server negotiates", async () => {
    const manifest = await (await fetch(`${inject("baseUrl")}/.well-known/mcp.json`)).json();
    for (const version of manifest.protocolVersions.filter((v: string) => v < "2026")) {
      const res = await post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "t", version: "1" } } });
      expect(res.json.result.protocolVersion).toBe(version);
    }
  });

  it("is read-only: POST is a 405", async () => {
    const res = await fetch(`${inject("baseUrl")}/.well-known/mcp.json`, { method: "POST" });
    expect(res.status).toBe(405);
    expect((await res.json()).error).toBe("method_not_allowed");
  });
});
