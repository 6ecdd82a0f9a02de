// Markdown content negotiation of the public pages against the running app (contract section 4,
// rules 1–6): one URL, two representations; ".md" or Accept chooses; 406 lists both; headers of
// each representation; middleware stays off the API and the discovery files.
import { describe, expect, it } from "vitest";
import { baseUrl, get } from "../support/http";

const MENU = "/zunfthaus-am-see";
const HTML = "text/html; charset=utf-8";
const MD = "text/markdown; charset=utf-8";

const accept = (value: string) => ({ headers: { Accept: value } });

describe("one URL, two representations", () => {
  it.each([
    [null, HTML],
    ["*/*", HTML],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", HTML],
    ["text/html", HTML],
    ["text/*", HTML],
    ["text/markdown", MD],
    ["text/x-markdown", MD],
    ["text/markdown; charset=utf-8", MD],
    ["text/markdown, text/html;q=0.9", MD],
    ["text/html;q=0.4, text/markdown;q=0.5", MD],
    ["text/html;q=0, */*", MD],
    ["text/markdown;q=0, */*", HTML],
    ["text/*;q=0, text/markdown", MD],
    ["application/json", 406],
    ["text/plain", 406],
    ["image/png, application/pdf", 406],
    ["*/*;q=0", 406],
    ["text/html;q=0, text/markdown;q=0", 406],
    ["text/markdown; variant=CommonMark", 406],
  ])("Accept %j → %s", async (acceptHeader, expected) => {
    const { status, headers } = await get(MENU, acceptHeader === null ? {} : accept(acceptHeader));
    if (expected === 406) {
      expect(status).toBe(406);
      expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    } else {
      expect(status).toBe(200);
      expect(headers.get("content-type")).toBe(expected);
    }
    expect(headers.get("vary")).toMatch(/(^|,\s*)accept(\s*,|$)/i);
  });

  it(".md and Accept: text/markdown return the same document", async () => {
    for (const path of ["/", MENU, `${MENU}/fr`, "/locations", "/locations/switzerland/zurich", "/cuisines/swiss", "/plans", "/developers", "/search?q=zunfthaus", "/dishes?q=sal"]) {
      const [base, query] = path.split("?");
      const suffixed = (base === "/" ? "/index.md" : `${base}.md`) + (query ? `?${query}` : "");
      const a = await get(suffixed);
      const b = await get(path, accept("text/markdown"));
      expect(a.status, suffixed).toBe(200);
      expect(b.status, path).toBe(200);
      expect(a.headers.get("content-type")).toBe(MD);
      expect(b.text, path).toBe(a.text);
      expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
    }
  });

  it("a .md URL names Markdown: 406 when the client refuses it", async () => {
    const { status, json } = await get(`${MENU}.md`, accept("text/html"));
    expect(status).toBe(406);
    expect(json.error).toBe("not_acceptable");
    expect((await get(`${MENU}.md`, accept("text/*"))).headers.get("content-type")).toBe(MD);
  });
});

describe("406 not_acceptable", () => {
  it("is the JSON error format listing both representations with their URLs", async () => {
    const { status, json, headers } = await get(`${MENU}?utm=1`, accept("application/json"));
    expect(status).toBe(406);
    expect(json).toMatchObject({ error: "not_acceptable", status: 406 });
    expect(typeof json.message).toBe("string");
    expect(typeof json.hint).toBe("string");
    expect(json.documentation).toMatch(/^http/);
    expect(json.specification).toMatch(/^http/);
    expect(json.representations).toEqual([
      { type: "text/html", url: `${baseUrl()}${MENU}?utm=1` },
      { type: "text/markdown", url: `${baseUrl()}${MENU}.md?utm=1` },
    ]);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("vary")).toMatch(/accept/i);
  });

  it("for the home page lists / and /index.md", async () => {
    const { json } = await get("/", accept("application/xml"));
    expect(json.representations.map((r: { url: string }) => r.url)).toEqual([`${baseUrl()}/`, `${baseUrl()}/index.md`]);
  });
});

describe("Markdown responses", () => {
  it("carry Content-Type, Vary, canonical Link, token estimate, ETag and cache policy", async () => {
    const { status, headers, text } = await get(`${MENU}.md`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe(MD);
    expect(headers.get("vary")).toMatch(/accept/i);
    expect(headers.get("link")).toBe(`<${baseUrl()}${MENU}>; rel="canonical"`);
    expect(Number(headers.get("x-markdown-tokens"))).toBeGreaterThan(Math.floor(text.length / 8));
    expect(headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
    expect(headers.get("cache-control")).toContain("s-maxage=300");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-language")).toBe("de");
  });

  it("answer 304 to If-None-Match, still varying on Accept", async () => {
    const first = await get(`${MENU}.md`);
    const etag = first.headers.get("etag")!;
    const again = await get(MENU, { headers: { Accept: "text/markdown", "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("vary")).toMatch(/accept/i);
  });

  it("start with YAML front matter and contain no navigation, scripts or styling", async () => {
    const { text } = await get(`${MENU}.md`);
    expect(text).toMatch(/^---\ntitle: "Zunfthaus am See – menu"\ndescription: ".+"\ncanonical: "[^"]+\/zunfthaus-am-see"\nlanguage: "de"\nupdated: "\d{4}-\d\d-\d\dT[\d:.]+Z"\n---\n\n# Zunfthaus am See\n/);
    expect(text).not.toMatch(/<script|<style|<nav|<link/i);
    expect(text).not.toContain("Skip to content");
  });
});

describe("HTML responses", () => {
  it("vary on Accept, declare the twin, and carry the security headers", async () => {
    const { status, headers, text } = await get(MENU);
    expect(status).toBe(200);
    expect(headers.get("vary")).toMatch(/(^|,\s*)accept(\s*,|$)/i);
    expect(text).toContain(`<link rel="alternate" type="text/markdown" href="${baseUrl()}${MENU}.md"/>`);
    expect(headers.get("link")).toBe(`<${baseUrl()}${MENU}.md>; rel="alternate"; type="text/markdown"`);
    const csp = headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
  });

  it("is cached: ETag/304, s-maxage of 5 minutes, and served from the ISR cache after the first render", async () => {
    const first = await get(`${MENU}/en`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400");
    const second = await get(`${MENU}/en`);
    expect(second.headers.get("x-render-cache")).toMatch(/^(HIT|STALE)$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const notModified = await get(`${MENU}/en`, { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("vary")).toMatch(/accept/i);
  });

  it("HEAD works for both representations", async () => {
    const html = await fetch(baseUrl() + MENU, { method: "HEAD" });
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe(HTML);
    const md = await fetch(`${baseUrl()}${MENU}.md`, { method: "HEAD" });
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe(MD);
    expect(await md.text()).toBe("");
  });
});

describe("404 in both representations", () => {
  it.each(["/draft-hofbraeu-keller", "/closed-biergarten", "/no-such-restaurant", `${MENU}/xx`, "/locations/atlantis", "/locations/switzerland/atlantis", "/cuisines/martian", "/a/b/c"])(
    "%s",
    async (path) => {
      const html = await get(path);
      expect(html.status).toBe(404);
      expect(html.headers.get("content-type")).toBe(HTML);
      expect(html.headers.get("cache-control")).toBe("no-store");
      expect(html.text).toContain("Page not found");
      const md = await get(`${path}.md`);
      expect(md.status).toBe(404);
      expect(md.headers.get("content-type")).toBe(MD);
      expect(md.text).toContain("# Page not found");
      const negotiated = await get(path, accept("text/markdown"));
      expect(negotiated.status).toBe(404);
      expect(negotiated.headers.get("content-type")).toBe(MD);
      for (const r of [html, md, negotiated]) expect(r.text).not.toContain("PRIVATE-MARKER");
    },
  );

  it("a missing static file is a plain 404, not a rendered page", async () => {
    const { status, headers } = await get("/demo/no-such-image.svg");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("the internal render paths are not reachable from outside", async () => {
    for (const path of ["/render", "/render/v1", "/render/v1/r/zunfthaus-am-see", "/render/v1/plans", "/render/x/r/zunfthaus-am-see.md"]) {
      const { status, text } = await get(path);
      expect(status, path).toBe(404);
      expect(text).not.toContain("Zunfthaus am See");
    }
  });
});

describe("languages", () => {
  it("the default language has one URL: /{slug}/{default} redirects to /{slug}", async () => {
    const res = await fetch(`${baseUrl()}${MENU}/de`, { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe(`${baseUrl()}${MENU}`);
    const md = await fetch(`${baseUrl()}${MENU}/de.md`, { redirect: "manual" });
    expect(md.status).toBe(308);
    expect(md.headers.get("location")).toBe(`${baseUrl()}${MENU}.md`);
  });

  it("HTML pages carry hreflang alternates for every language and x-default", async () => {
    const { text } = await get(`${MENU}/fr`);
    for (const [lang, path] of [["de", MENU], ["en", `${MENU}/en`], ["fr", `${MENU}/fr`], ["x-default", MENU]]) {
      expect(text).toContain(`<link rel="alternate" hrefLang="${lang}" href="${baseUrl()}${path}"/>`);
    }
    expect(text).toContain(`<link rel="canonical" href="${baseUrl()}${MENU}/fr"/>`);
  });
});

describe("methods and what middleware leaves alone", () => {
  it("non-GET methods on pages are 405 with Allow; OPTIONS is 204", async () => {
    const post = await get(MENU, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(post.json.error).toBe("method_not_allowed");
    const options = await get(MENU, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("the API, discovery files and static files are not negotiated", async () => {
    const api = await get("/api/public/plans", accept("text/markdown"));
    expect(api.status).toBe(200);
    expect(api.headers.get("content-type")).toMatch(/^application\/json/);
    const apiMissing = await get("/api/nope", accept("text/markdown"));
    expect(apiMissing.status).toBe(404);
    expect(apiMissing.json.error).toBe("not_found");
    for (const [path, type] of [
      ["/llms.txt", "text/plain; charset=utf-8"],
      ["/llms-full.txt", "text/plain; charset=utf-8"],
      ["/llms-index.md", MD],
      ["/sitemap.xml", "application/xml; charset=utf-8"],
      ["/robots.txt", "text/plain; charset=utf-8"],
      ["/favicon.svg", "image/svg+xml"],
    ]) {
      const r = await get(path, accept("application/json"));
      expect(r.status, path).toBe(200);
      expect(r.headers.get("content-type"), path).toBe(type);
    }
  });
});
