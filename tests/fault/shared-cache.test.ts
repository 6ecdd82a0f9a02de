// Behind a real shared cache (Varnish, started here on loopback): what one client sends must not
// change what the cache gives every other client, and a deployer behind a cache is told when the
// throttle sees only the cache's address (issue 24, points 4, 5, 8 and 9).
//   A: the default configuration (http base URL, no trusted proxy header), search budget 5
//   B: an https public base URL and TRUSTED_PROXY_HEADERS=x-forwarded-for, search budget 5
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/test-server";
import { startVarnish, type Varnish } from "../support/varnish";

const FIREFOX = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const CHROME = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";

let a: TestServer;
let b: TestServer;
let cacheA: Varnish;
let cacheB: Varnish;
let slugs: string[];

beforeAll(async () => {
  [a, b] = await Promise.all([
    startTestServer({ postgresUrl: "", extraEnv: { RATE_LIMIT_PER_MINUTE: "5" } }),
    startTestServer({ postgresUrl: "", extraEnv: { RATE_LIMIT_PER_MINUTE: "5", TRUSTED_PROXY_HEADERS: "x-forwarded-for", PUBLIC_BASE_URL: "https://menus.example.test" } }),
  ]);
  [cacheA, cacheB] = await Promise.all([startVarnish(a.baseUrl), startVarnish(b.baseUrl)]);
  // From B, straight: every search through A's cache counts against the one budget of its address.
  const list = await (await fetch(`${b.baseUrl}/api/public/restaurants?limit=10`)).json();
  slugs = list.results.map((r: { slug: string }) => r.slug);
}, 300_000);

afterAll(async () => {
  await Promise.all([cacheA?.stop(), cacheB?.stop()]);
  await Promise.all([a?.stop(), b?.stop()]);
});

const through = (cache: Varnish, path: string, headers: string[], localAddress?: string) => rawRequest(cache.url, `GET ${path} HTTP/1.1`, headers, { localAddress });

describe("a page cannot be poisoned with a second Accept line", () => {
  it.each([
    ["Firefox", FIREFOX, "Accept: text/html;charset=utf-8;q=0", "text/html"],
    ["Chrome", CHROME, "Accept: text/html;q=0", "text/html"],
    ["*/*", "*/*", "Accept: text/html;q=0, text/markdown", "text/html"],
    ["an agent asking for Markdown", "text/markdown", "Accept: text/markdown;q=0, text/html", "text/markdown"],
  ])("%s: after one request with an extra Accept line, everyone with that Accept still gets %s", async (_name, accept, extra, expected) => {
    const path = `/${slugs[Math.floor(Math.random() * slugs.length)]}?poison=${Math.random().toString(36).slice(2)}`;
    const attack = await through(cacheA, path, [`Accept: ${accept}`, extra]);
    expect(attack.status).toBe(200);
    expect(attack.headers["content-type"]).toContain(expected);
    const visitor = await through(cacheA, path, [`Accept: ${accept}`]);
    expect(visitor.status).toBe(200);
    // the visitor's answer came from the cache (two ids in X-Varnish: this request and the stored one)
    expect(visitor.headers["x-varnish"].split(" ")).toHaveLength(2);
    expect(visitor.headers["content-type"]).toContain(expected);
  });
});

describe("a header the cache does not key on changes no stored page", () => {
  it("X-Forwarded-Proto: https on the first request leaves the stored page's policy as the configuration says", async () => {
    const path = "/cuisines";
    const first = await through(cacheA, path, ["Accept: text/html", "X-Forwarded-Proto: https"]);
    expect(first.status).toBe(200);
    const visitor = await through(cacheA, path, ["Accept: text/html"]);
    expect(visitor.headers["x-varnish"].split(" ")).toHaveLength(2);
    expect(visitor.headers["content-security-policy"]).toBeDefined();
    expect(visitor.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    expect(visitor.headers["strict-transport-security"]).toBeUndefined();
  });

  it("on an https site every response carries HSTS, cached or not (and no page asks to upgrade its files)", async () => {
    for (const path of ["/cuisines", `/${slugs[0]}`, "/api/public/plans", "/favicon.svg", "/no-such-page", "/api/public/none"]) {
      for (let i = 0; i < 2; i++) {
        const res = await through(cacheB, path, ["Accept: text/html"]);
        expect(res.headers["strict-transport-security"], path).toBe("max-age=31536000");
        expect(res.headers["access-control-allow-origin"], path).toBe("*");
        if (res.headers["content-type"]?.startsWith("text/html")) expect(res.headers["content-security-policy"], path).not.toContain("upgrade-insecure-requests");
      }
    }
  });
});

describe("the throttle behind a shared cache", () => {
  const search = (cache: Varnish, client: string, i: number) => through(cache, `/api/public/restaurants?q=${client}${i}x${Date.now()}`, [], client);

  it("without TRUSTED_PROXY_HEADERS every client shares the cache's budget, and the server says so once", async () => {
    for (let i = 0; i < 5; i++) expect((await search(cacheA, "127.0.0.2", i)).status).toBe(200);
    const other = await search(cacheA, "127.0.0.3", 0);
    expect(other.status).toBe(429);
    const log = readFileSync(a.logFile, "utf8");
    const warnings = log.split("\n").filter((line) => line.includes("TRUSTED_PROXY_HEADERS does not name it"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("x-forwarded-for");
    expect(warnings[0]).toContain("TRUSTED_PROXY_HEADERS=x-forwarded-for");
  });

  it("with TRUSTED_PROXY_HEADERS=x-forwarded-for each client has its own budget, and there is nothing to warn about", async () => {
    for (let i = 0; i < 5; i++) expect((await search(cacheB, "127.0.0.4", i)).status).toBe(200);
    expect((await search(cacheB, "127.0.0.4", 5)).status).toBe(429);
    expect((await search(cacheB, "127.0.0.5", 0)).status).toBe(200);
    expect(readFileSync(b.logFile, "utf8")).not.toContain("TRUSTED_PROXY_HEADERS does not name it");
  });
});
