// The edge's 1-second cache (issue 45, points 2 and 3): what one client sends (a second Accept
// line, X-Forwarded-*, X-Request-Id) cannot change what the cache gives every other client; 30
// identical reads of a menu within a second reach the app at most a few times; and behind the edge
// the app's throttle sees each client's own address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRequestLines, request, startEdge, type Answer, type Edge } from "../support/edge";
import { rawRequest, type RawResponse } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/test-server";

const FIREFOX = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

let server: TestServer;
let edge: Edge;
let slugs: string[];

beforeAll(async () => {
  server = await startTestServer({ asNpmStart: true, mode: "npm-start", postgresUrl: "", extraEnv: { TRUSTED_PROXY_HEADERS: "x-forwarded-for", RATE_LIMIT_PER_MINUTE: "0" } });
  edge = await startEdge(server.baseUrl);
  const list = await (await fetch(`${server.baseUrl}/api/public/restaurants?limit=20`)).json();
  slugs = list.results.map((r: { slug: string }) => r.slug);
}, 300_000);

afterAll(async () => {
  await edge?.stop();
  await server?.stop();
});

/** The app's own answer, straight. */
const direct = (path: string, accept: string) => request(server.baseUrl, path, { headers: { Accept: accept } });
const through = (path: string, lines: string[], localAddress: string) => rawRequest(edge.baseUrl, `GET ${path} HTTP/1.1`, lines, { localAddress });
const servedFromCache = (res: RawResponse | Answer) => String(res.headers["cache-status"] ?? "").includes("edge; hit");

describe("a second Accept line cannot poison the cache", () => {
  it.each([
    ["Markdown first, then HTML", ["Accept: text/markdown", `Accept: ${FIREFOX}`], "text/markdown", FIREFOX, "text/html"],
    ["HTML first, then Markdown", [`Accept: ${FIREFOX}`, "Accept: text/markdown"], "text/html", "text/markdown", "text/markdown"],
    ["a refusal of HTML first, then a browser's", ["Accept: text/html;q=0, text/markdown", `Accept: ${FIREFOX}`], "text/markdown", FIREFOX, "text/html"],
  ])("%s: the first line decides the attacker's answer; a plain client afterwards gets its own, as the app answers it", async (_name, lines, attackerType, visitorAccept, visitorType) => {
    const path = `/${slugs.shift()}`;
    const attack = await through(path, lines, "127.0.0.50");
    expect(attack.status).toBe(200);
    expect(attack.headers["content-type"]).toContain(attackerType);
    // the plain client is answered from the cache when its class was stored, never with the attacker's type
    const visitor = await through(path, [`Accept: ${visitorAccept}`], "127.0.0.51");
    expect(visitor.status).toBe(200);
    expect(visitor.headers["content-type"]).toContain(visitorType);
    expect(visitor.body).toBe((await direct(path, visitorAccept)).body.toString());
    // and a second plain client is a cache hit of that same answer
    const again = await through(path, [`Accept: ${visitorAccept}`], "127.0.0.52");
    expect(servedFromCache(again)).toBe(true);
    expect(again.body).toBe(visitor.body);
  });
});

describe("X-Forwarded-* from a client change nothing stored", () => {
  it.each([
    ["a page", (slug: string) => `/${slug}`, FIREFOX],
    ["a menu in JSON", (slug: string) => `/api/public/restaurants/${slug}`, "application/json"],
  ])("%s: after a request with forged forwarding headers, a plain client gets the app's own answer from the cache", async (_name, pathOf, accept) => {
    const path = pathOf(slugs.shift()!);
    const forged = ["X-Forwarded-Host: evil.example", "X-Forwarded-Proto: https", "X-Forwarded-For: 6.6.6.6", "X-Real-IP: 6.6.6.6", "Forwarded: for=6.6.6.6;proto=https;host=evil.example"];
    const attack = await through(path, [`Accept: ${accept}`, ...forged], "127.0.0.53");
    expect(attack.status).toBe(200);
    expect(servedFromCache(attack)).toBe(false);
    const visitor = await through(path, [`Accept: ${accept}`], "127.0.0.54");
    expect(visitor.status).toBe(200);
    // the attacker's answer is the one stored…
    expect(servedFromCache(visitor)).toBe(true);
    // …and it is what the app gives a plain client
    const own = await direct(path, accept);
    expect(visitor.body).toBe(own.body.toString());
    for (const header of ["content-type", "link", "content-security-policy", "strict-transport-security", "cache-control"]) expect(visitor.headers[header], header).toBe(own.headers[header]);
    expect(JSON.stringify(visitor)).not.toContain("evil.example");
    // the app saw the address the edge saw, not the forged one
    const line = appRequestLines(server.logFile, path).find((l) => (l as unknown as { request_id: string }).request_id === attack.headers["x-request-id"]) as unknown as { client: string } | undefined;
    expect(line?.client).toBe("127.0.0.53");
  });
});

describe("request ids", () => {
  it("a client's X-Request-Id is never served to another client; the edge's id is the app's", async () => {
    const path = `/api/public/restaurants/${slugs.shift()}`;
    const chosen = `attacker-${Math.random().toString(36).slice(2)}`;
    const attack = await through(path, [`X-Request-Id: ${chosen}`], "127.0.0.55");
    expect(attack.status).toBe(200);
    expect(attack.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    const visitor = await through(path, [], "127.0.0.56");
    expect(servedFromCache(visitor)).toBe(true);
    expect(visitor.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    expect(visitor.headers["x-request-id"]).not.toBe(attack.headers["x-request-id"]);
    expect(JSON.stringify(visitor)).not.toContain(chosen);
    // the app logged the attacker's request under the edge's id (one id from edge to app)
    await new Promise((r) => setTimeout(r, 300));
    const ids = appRequestLines(server.logFile, path).map((l) => (l as unknown as { request_id: string }).request_id);
    expect(ids).toContain(attack.headers["x-request-id"]);
    expect(ids).not.toContain(chosen);
  });

  it("every answer carries exactly one X-Request-Id: the app's, the cache's and the edge's own errors (400, 413, 429)", async () => {
    const answers: RawResponse[] = [];
    for (const path of ["/api/public/plans", "/api/public/plans", `/${slugs[0]}`, `/${slugs[0]}.md`, "/api/health", "/api/public/no-such-endpoint", "/no-such-page"]) answers.push(await through(path, ["X-Request-Id: mine"], "127.0.0.57"));
    answers.push(await rawRequest(edge.baseUrl, "GET http://x/api/public/plans HTTP/1.1", ["X-Request-Id: mine"], { localAddress: "127.0.0.57" }));
    answers.push(await rawRequest(edge.baseUrl, "POST /api/mcp HTTP/1.1", ["X-Request-Id: mine", "Content-Type: application/json", "Content-Length: 70000"], { localAddress: "127.0.0.57", body: "x".repeat(70_000) }));
    // 400 requests at once from one address: past its burst, 429 from the edge
    const flood = await Promise.all(Array.from({ length: 400 }, () => request(edge.baseUrl, "/api/public/plans", { headers: { "X-Request-Id": "mine" }, localAddress: "127.0.0.58" }).catch(() => null)));
    const limited = flood.filter((a): a is Answer => a?.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].headers["retry-after"]).toBe("1");
    expect(JSON.parse(limited[0].body.toString())).toMatchObject({ error: "rate_limited", status: 429 });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 404, 404, 400, 413]);
    const ids = [...answers.map((a) => a.headers["x-request-id"]), ...flood.filter((a) => a).map((a) => a!.headers["x-request-id"])];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  }, 30_000);
});

describe("30 identical reads within a second", () => {
  it.each([
    ["the menu in JSON", (slug: string) => `/api/public/restaurants/${slug}`, "application/json"],
    ["the menu page", (slug: string) => `/${slug}`, FIREFOX],
    ["the menu in Markdown", (slug: string) => `/${slug}`, "text/markdown"],
  ])("%s: all 30 get 200 with one body, and the app is asked at most 3 times", async (_name, pathOf, accept) => {
    const path = pathOf(slugs.shift()!);
    const before = appRequestLines(server.logFile, path).length;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => request(edge.baseUrl, path, { headers: { Accept: accept }, localAddress: `127.0.0.${70 + (i % 5)}` })));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((a) => a.body.toString())).size).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    const reached = appRequestLines(server.logFile, path).length - before;
    expect(reached).toBeGreaterThanOrEqual(1);
    expect(reached).toBeLessThanOrEqual(3);
  });
});

describe("the app's throttle behind the edge", () => {
  let limited: TestServer;
  let limitedEdge: Edge;
  beforeAll(async () => {
    limited = await startTestServer({ asNpmStart: true, mode: "npm-start", postgresUrl: "", extraEnv: { TRUSTED_PROXY_HEADERS: "x-forwarded-for", RATE_LIMIT_PER_MINUTE: "5" } });
    limitedEdge = await startEdge(limited.baseUrl);
  }, 300_000);
  afterAll(async () => {
    await limitedEdge?.stop();
    await limited?.stop();
  });

  it("counts each client by the address the edge saw: one client's 429 leaves another's budget whole", async () => {
    const search = (client: string, i: number) => request(limitedEdge.baseUrl, `/api/public/restaurants?q=a${i}x${Date.now()}`, { localAddress: client, headers: { "X-Forwarded-For": "9.9.9.9" } });
    for (let i = 0; i < 5; i++) expect((await search("127.0.0.80", i)).status).toBe(200);
    const sixth = await search("127.0.0.80", 5);
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.body.toString())).toMatchObject({ error: "rate_limited" });
    expect((await search("127.0.0.81", 0)).status).toBe(200);
  });
});
