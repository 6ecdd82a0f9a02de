// Requests as an attacker writes them, to the app itself (no edge in front): prototype names where
// the service looks names up, internal pages by any spelling, forwarded headers a shared cache does
// not key on; and the headers every kind of response carries, whoever answers it (issue 24).
// What belongs to the edge (absolute-form and "*" targets, Upgrade, repeated Accept lines, odd
// methods) is tested through nginx in tests/edge.
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, get } from "../support/http";
import { rawRequest } from "../support/raw-http";

const raw = (requestLine: string, headers: string[] = []) => rawRequest(baseUrl(), requestLine, headers);

let slug: string;
beforeAll(async () => {
  slug = (await get("/api/public/restaurants?limit=1")).json.results[0].slug;
});

describe("request targets", () => {
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
  ])("%s is the not-found page, uncached, even with a forged render token", async (path) => {
    const variants: Record<string, string>[] = [{}, { "x-menu-internal-render": "forged-token-of-the-right-length-forged-token" }, { RSC: "1" }, { Accept: "text/markdown" }];
    for (const headers of variants) {
      const res = await get(path, { headers });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.text, path).toContain("Page not found");
    }
  });
});

describe("internal pages behind dot segments", () => {
  // Sent raw: fetch would resolve the dot segments itself, and the server must resolve them too.
  it.each(["/%2e%2e/render/k1/r/abc.segments/_tree.segment.rsc", "/x/..%2frender/k1/r/abc.rsc", "/./render/x/r/abc", "/a/%2E%2E/render/x/r/abc.rsc"])(
    "%s is the not-found page, uncached",
    async (path) => {
      const res = await raw(`GET ${path} HTTP/1.1`, ["RSC: 1"]);
      expect(res.status, path).toBe(404);
      expect(res.headers["cache-control"], path).toBe("no-store");
      expect(res.body, path).toContain("Page not found");
    },
  );
});

describe("what a shared cache does not key on changes nothing", () => {
  const firefox = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

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
      ["doubled-slash redirect", await fetchRaw("/api//public")],
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
