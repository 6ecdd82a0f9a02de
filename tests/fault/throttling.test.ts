// Throttling at a low budget (RATE_LIMIT_PER_MINUTE=5): search answers carry the RateLimit fields,
// the sixth search in the window is 429 rate_limited with Retry-After, the MCP search tool shares
// the budget, and menus, pages, directory data and the health probes are never throttled.
// On SQLite (in-process store) and, when FAULT_POSTGRES_URL is set (CI), on PostgreSQL, where the
// counters must be in the shared table "RateLimit".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentValidator } from "../openapi/document-validator";
import { startTestServer, type TestServer } from "../support/test-server";

const BUDGET = 5;
// A header the test server trusts, so one test process can act as several clients.
const CLIENT_HEADER = "x-test-client-ip";

async function request(server: TestServer, path: string, init: RequestInit = {}) {
  const res = await fetch(server.baseUrl + path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

const search = (server: TestServer, query: string, headers: Record<string, string> = {}) =>
  request(server, `/api/public/restaurants?q=${encodeURIComponent(query)}`, { headers });

const toolCall = (server: TestServer, name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request(server, "/api/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: "call-1", method: "tools/call", params: { name, arguments: args } }),
  });

function remaining(headers: Headers): number {
  const match = /^"search";r=(\d+);t=(\d+)$/.exec(headers.get("ratelimit") ?? "");
  expect(match, headers.get("ratelimit") ?? "no RateLimit field").not.toBeNull();
  expect(Number(match![2])).toBeGreaterThanOrEqual(1);
  expect(Number(match![2])).toBeLessThanOrEqual(60);
  return Number(match![1]);
}

const engines: Array<[string, string]> = [["SQLite, in-process store", ""]];
if (process.env.FAULT_POSTGRES_URL) engines.push(["PostgreSQL, shared store", process.env.FAULT_POSTGRES_URL]);

describe.each(engines)("throttling on %s", (_engine, postgresUrl) => {
  let server: TestServer;
  let documented: DocumentValidator;

  beforeAll(async () => {
    server = await startTestServer({
      postgresUrl,
      extraEnv: { RATE_LIMIT_PER_MINUTE: String(BUDGET), TRUSTED_PROXY_HEADERS: CLIENT_HEADER },
    });
    documented = new DocumentValidator(await (await fetch(`${server.baseUrl}/openapi.json`)).json());
  });
  afterAll(() => server?.stop());

  it("counts searches down in RateLimit, then refuses with 429 rate_limited and Retry-After", async () => {
    const client = { [CLIENT_HEADER]: "198.51.100.10" };
    const seen: number[] = [];
    for (let i = 0; i < BUDGET; i++) {
      const res = await search(server, `budget-${i}`, client);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-policy")).toBe(`"search";q=${BUDGET};w=60`);
      seen.push(remaining(res.headers));
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);

    const refused = await search(server, "one-too-many", client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("access-control-expose-headers")).toMatch(/RateLimit-Policy/);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"search";q=${BUDGET};w=60`);
    expect(remaining(refused.headers)).toBe(0);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(refused.headers.get("ratelimit")).toBe(`"search";r=0;t=${retryAfter}`);
    expect(refused.json).toMatchObject({ error: "rate_limited", status: 429 });
    expect(Object.keys(refused.json).sort()).toEqual(["documentation", "error", "hint", "message", "specification", "status"]);
    // Both answers as /openapi.json publishes them (headers included).
    expect(documented.checkOperationResponse("/api/public/restaurants", "get", refused).problems).toEqual([]);
    const last = await search(server, "documented", { [CLIENT_HEADER]: "198.51.100.11" });
    expect(documented.checkOperationResponse("/api/public/restaurants", "get", last).problems).toEqual([]);
  });

  it("keeps counting a client whatever untrusted proxy headers it sends, and other clients apart", async () => {
    const client = { [CLIENT_HEADER]: "198.51.100.20" };
    for (let i = 0; i < BUDGET; i++) expect((await search(server, `spoof-${i}`, client)).status).toBe(200);
    // X-Forwarded-For and Forwarded are not in TRUSTED_PROXY_HEADERS: they change nothing.
    const spoofed = await search(server, "spoof-more", { ...client, "X-Forwarded-For": "203.0.113.99", Forwarded: "for=203.0.113.98" });
    expect(spoofed.status).toBe(429);
    const other = await search(server, "another-client", { [CLIENT_HEADER]: "198.51.100.21" });
    expect(other.status).toBe(200);
    expect(remaining(other.headers)).toBe(BUDGET - 1);
  });

  it("refuses the MCP search tool from the same budget as a JSON-RPC error carrying rate_limited", async () => {
    const client = { [CLIENT_HEADER]: "198.51.100.30" };
    const first = await toolCall(server, "search_restaurants", { q: "zunfthaus" }, client);
    expect(first.status).toBe(200);
    expect(remaining(first.headers)).toBe(BUDGET - 1);
    for (let i = 1; i < BUDGET; i++) expect((await search(server, `mixed-${i}`, client)).status).toBe(200);

    const refused = await toolCall(server, "search_restaurants", { q: "zunfthaus" }, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"search";q=${BUDGET};w=60`);
    expect(refused.json).toMatchObject({ jsonrpc: "2.0", id: "call-1", error: { code: -32029, data: { error: "rate_limited", status: 429 } } });
    expect(documented.checkOperationResponse("/api/mcp", "post", refused).problems).toEqual([]);

    // Tools that are not a search are not throttled, not even for this client.
    const menu = await toolCall(server, "get_restaurant_menu", { slug: "zunfthaus-am-see" }, client);
    expect(menu.status).toBe(200);
    expect(menu.json.result.isError).not.toBe(true);
    expect(menu.headers.get("ratelimit")).toBeNull();
  });

  it("never throttles menus, pages, directory data or the health probes", async () => {
    const client = { [CLIENT_HEADER]: "198.51.100.40" };
    for (let i = 0; i <= BUDGET; i++) await search(server, `exhaust-${i}`, client);
    expect((await search(server, "still-refused", client)).status).toBe(429);

    for (let round = 0; round < 2; round++) {
      for (const [path, accept] of [
        ["/api/public/restaurants/zunfthaus-am-see", "application/json"],
        ["/zunfthaus-am-see", "text/html"],
        ["/zunfthaus-am-see.md", "text/markdown"],
        ["/search?q=zunfthaus", "text/html"],
        ["/search.md?q=zunfthaus", "text/markdown"],
        ["/api/public/locations", "application/json"],
        ["/api/public/cuisines", "application/json"],
        ["/api/public/plans", "application/json"],
        ["/api/health", "application/json"],
        ["/api/health/ready", "application/json"],
      ]) {
        const res = await fetch(server.baseUrl + path, { headers: { ...client, Accept: accept } });
        await res.arrayBuffer();
        expect(res.status, path).toBe(200);
        expect(res.headers.get("ratelimit"), path).toBeNull();
      }
    }
  });

  if (postgresUrl) {
    it("keeps the counters in PostgreSQL, where every instance sees them", async () => {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT key, points FROM "RateLimit" WHERE key = 'search:198.51.100.10'`);
        expect(rows).toHaveLength(1);
        expect(rows[0].points).toBeGreaterThan(BUDGET);
      } finally {
        await client.end();
      }
    });
  }
});
