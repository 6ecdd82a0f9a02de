// Requests as an attacker writes them, over raw HTTP/1.1: absolute-form and "*" targets, prototype
// names where the service looks names up, Upgrade on a page, internal pages by any spelling,
// repeated Accept lines and forwarded headers a shared cache does not key on; and the headers every
// kind of response carries, whoever answers it (issue 24). The same in every run mode: the server
// guard (lib/http/server-guard.mjs) is installed by the app itself.
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, get } from "../support/http";
import { rawRequest } from "../support/raw-http";

const raw = (requestLine: string, headers: string[] = []) => rawRequest(baseUrl(), requestLine, headers);

let slug: string;
beforeAll(async () => {
  slug = (await get("/api/public/restaurants?limit=1")).json.results[0].slug;
});

describe("request targets", () => {
  it("an absolute-form target is served as its path, never redirected to the host it names", async () => {
    const page = await raw("GET http://evil.example/plans HTTP/1.1", ["Accept: text/html"]);
    expect(page.status).toBe(200);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain("<html");
    const api = await raw("GET http://evil.example/api/public/ HTTP/1.1");
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toHaveProperty("endpoints");
    expect(api.body).not.toContain("evil.example");
  });

  it("GET * is invalid_request in the API's format; OPTIONS * lists the server's methods", async () => {
    const star = await raw("GET * HTTP/1.1");
    expect(star.status).toBe(400);
    expect(star.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(star.body)).toMatchObject({ error: "invalid_request", status: 400 });
    const options = await raw("OPTIONS * HTTP/1.1");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
  });

  it.each(["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"])("the name %s finds nothing anywhere a client names a thing", async (name) => {
    const paths = [
      `/docs/api/assets/${name}`,
      `/api/public/restaurants/${name}`,
      `/api/public/restaurants?city=${name}&cuisine=${name}`,
      `/api/public/dishes?diet=${name}&excludeAllergens=${name}`,
      `/${name}`,
      `/${name}.md`,
      `/${slug}/${name}`,
      `/${slug}?lang=${name}`,
      `/cuisines/${name}`,
      `/locations/${name}`,
      `/locations/${name}/${name}`,
    ];
    for (const path of paths) {
      const res = await get(path, { headers: { accept: "text/html, text/markdown;q=0.9" } });
      expect(res.status, path).toBeLessThan(500);
      expect([200, 308, 400, 404], path).toContain(res.status);
    }
    const asset = await get(`/docs/api/assets/${name}`);
    expect(asset.status).toBe(404);
    expect(asset.json).toMatchObject({ error: "not_found" });
  });
});

describe("Upgrade", () => {
  it("is ignored: a page asked for with Upgrade: websocket is answered as the plain request it also is", async () => {
    const res = await raw("GET /plans HTTP/1.1", ["Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Accept: text/html"]);
    expect(res.status).toBe(200);
    expect(res.headers.upgrade).toBeUndefined();
    expect(res.body).toContain("<html");
    const api = await raw("GET /api/public/plans HTTP/1.1", ["Connection: Upgrade", "Upgrade: websocket"]);
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toHaveProperty("plans");
  });
});

describe("internal pages", () => {
  it.each([
    "/render/x/r/abc",
    "/render/x/r/abc.rsc",
    "/render/x/r/abc.css",
    "/render/x/r/abc.txt",
    "/render/x/r/abc.png",
    "/render/x/r/abc.js",
    "/render/x/r/abc/index.rsc",
    "/%72ender/x/r/abc.rsc",
    "//render/x/r/abc.rsc",
  ])("%s is not_found, uncached, even with a forged render token", async (path) => {
    const variants: Record<string, string>[] = [{}, { "x-menu-internal-render": "forged-token-of-the-right-length-forged-token" }, { RSC: "1" }];
    for (const headers of variants) {
      const res = await get(path, { headers });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.json, path).toMatchObject({ error: "not_found" });
    }
  });
});

describe("internal pages behind dot segments", () => {
  // Sent raw: fetch would resolve the dot segments itself, and the server must resolve them too.
  it.each(["/%2e%2e/render/k1/r/abc.segments/_tree.segment.rsc", "/x/..%2frender/k1/r/abc.rsc", "/./render/x/r/abc", "/a/%2E%2E/render/x/r/abc.rsc"])(
    "%s is not_found, uncached",
    async (path) => {
      const res = await raw(`GET ${path} HTTP/1.1`, ["RSC: 1"]);
      expect(res.status, path).toBe(404);
      expect(res.headers["cache-control"], path).toBe("no-store");
      expect(JSON.parse(res.body), path).toMatchObject({ error: "not_found" });
    },
  );
});

describe("what a shared cache does not key on changes nothing", () => {
  const firefox = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

  it("of repeated Accept lines, the first decides, as a cache that keys on the first line expects", async () => {
    const html = await raw(`GET /${slug} HTTP/1.1`, [`Accept: ${firefox}`, "Accept: text/html;charset=utf-8;q=0"]);
    expect(html.status).toBe(200);
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    const markdown = await raw(`GET /${slug} HTTP/1.1`, ["Accept: text/markdown", "Accept: text/markdown;q=0, text/html"]);
    expect(markdown.status).toBe(200);
    expect(markdown.headers["content-type"]).toMatch(/^text\/markdown/);
  });

  it("X-Forwarded-Proto does not change the page's policy: only the configured base URL does", async () => {
    const plain = await get("/plans", { headers: { accept: "text/html" } });
    const forwarded = await get("/plans", { headers: { accept: "text/html", "x-forwarded-proto": "https" } });
    expect(forwarded.headers.get("content-security-policy")).toBe(plain.headers.get("content-security-policy"));
    expect(forwarded.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    expect(forwarded.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the headers of every kind of response", () => {
  // One row per kind: who answers it, and what it must carry besides CORS and nosniff, which all do.
  async function kinds(): Promise<Array<[string, Response]>> {
    const page = await get("/plans", { headers: { accept: "text/html" } });
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const menu = (await get(`/api/public/restaurants/${slug}`)).json;
    const language = menu.defaultLanguage;
    const fetchRaw = (path: string, init: RequestInit = {}) => fetch(baseUrl() + path, { redirect: "manual", ...init });
    return [
      ["API JSON", await fetchRaw("/api/public/plans")],
      ["API 304", await fetchRaw("/api/public/plans", { headers: { "if-none-match": (await fetchRaw("/api/public/plans")).headers.get("etag")! } })],
      ["API error", await fetchRaw("/api/public/no-such-endpoint")],
      ["API preflight", await fetchRaw("/api/public/plans", { method: "OPTIONS", headers: { origin: "https://a.example", "access-control-request-method": "GET" } })],
      ["HTML page", await fetchRaw("/plans", { headers: { accept: "text/html" } })],
      ["HTML 404", await fetchRaw("/no-such-page-at-all", { headers: { accept: "text/html" } })],
      ["default-language redirect", await fetchRaw(`/${slug}/${language}`, { headers: { accept: "text/html" } })],
      ["Markdown twin", await fetchRaw("/plans.md")],
      ["406", await fetchRaw("/plans", { headers: { accept: "image/png" } })],
      ["public file", await fetchRaw("/favicon.svg")],
      ["Next.js static file", await fetchRaw(script!)],
      ["missing static file", await fetchRaw("/no-such-file.css")],
      ["image optimizer", await fetchRaw("/_next/image?url=%2Ffavicon.svg&w=64&q=75")],
      ["discovery file", await fetchRaw("/robots.txt")],
      ["internal page", await fetchRaw("/render/x/r/y.rsc")],
      ["bad target", await fetch(baseUrl() + "/plans").then(() => raw("GET * HTTP/1.1")).then((r) => new Response(r.body, { status: r.status, headers: r.headers }))],
    ];
  }

  it("every kind may be read from any origin and is never sniffed (no HSTS on an http site)", async () => {
    const all = await kinds();
    for (const [kind, res] of all) {
      expect(res.status, kind).toBeLessThan(500);
      expect(res.headers.get("access-control-allow-origin"), kind).toBe("*");
      expect(res.headers.get("x-content-type-options"), kind).toBe("nosniff");
      expect(res.headers.get("strict-transport-security"), kind).toBeNull();
    }
    const byKind = Object.fromEntries(all);
    expect(byKind["default-language redirect"].status).toBe(308);
    expect(byKind["HTML page"].headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(byKind["HTML 404"].headers.get("content-security-policy")).toContain("default-src");
    expect(byKind["HTML 404"].status).toBe(404);
  });
});
