// The discovery documents as served: /openapi.json (headers, caching, the committed shape), the
// manifests under /.well-known, and the interactive reference at /docs/api with its assets.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrl, get } from "../support/http";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SNAPSHOT_BASE = "https://menu-service.test";
const DIRECTORY_CACHE = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400, stale-if-error=86400";
const attribution = () => `Data is for informational use with attribution to ${baseUrl()}, subject to the terms of use at ${baseUrl()}/developers#terms.`;

/** Every string in a JSON value that is a URL or looks like one. */
function urlsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") {
    if (/^(https?:|mailto:)/.test(value)) found.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => urlsIn(v, found));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => urlsIn(v, found));
  return found;
}

/** The published shape: the document without its examples, with the snapshot's base URL. */
function shapeOf(document: any): any {
  const copy = JSON.parse(JSON.stringify(document).split(baseUrl()).join(SNAPSHOT_BASE));
  for (const item of Object.values<any>(copy.paths)) {
    for (const op of Object.values<any>(item)) {
      for (const p of op.parameters ?? []) delete p.example;
      delete op.requestBody?.content?.["application/json"]?.examples;
      for (const r of Object.values<any>(op.responses)) delete r.content?.["application/json"]?.examples;
    }
  }
  // A loopback deployment has no valid contact address; the snapshot was made with one.
  delete copy.info.contact.email;
  return copy;
}

describe("GET /openapi.json", () => {
  it("is JSON, CORS-open, cached 24 hours with an ETag, and answers 304", async () => {
    const res = await get("/openapi.json", { headers: { Origin: "https://app.example.org" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe(DIRECTORY_CACHE);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    const again = await get("/openapi.json", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("answers HEAD, a CORS preflight, and 405 JSON for other methods", async () => {
    expect((await get("/openapi.json", { method: "HEAD" })).status).toBe(200);
    const preflight = await get("/openapi.json", { method: "OPTIONS", headers: { Origin: "https://x.example", "Access-Control-Request-Method": "GET" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const post = await get("/openapi.json", { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.json.error).toBe("method_not_allowed");
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("serves exactly the committed shape (tests/openapi/__snapshots__/openapi-shape.json) plus examples", async () => {
    const served = (await get("/openapi.json")).json;
    const committed = JSON.parse(readFileSync(path.join(ROOT, "tests/openapi/__snapshots__/openapi-shape.json"), "utf8"));
    delete committed.info.contact.email;
    expect(shapeOf(served)).toEqual(committed);
  });

  it("takes its examples from the published data", async () => {
    const served = (await get("/openapi.json")).json;
    const example = Object.values<any>(served.paths["/api/public/restaurants/{slug}"].get.responses["200"].content["application/json"].examples)[0].value;
    const live = (await get(`/api/public/restaurants/${example.slug}`)).json;
    expect(example.name).toBe(live.name);
    expect(example.categories[0].items[0]).toEqual(live.categories[0].items[0]);
    expect(JSON.stringify(served)).not.toContain("PRIVATE-MARKER");
  });

  it("uses absolute URLs from PUBLIC_BASE_URL", async () => {
    const served = (await get("/openapi.json")).json;
    expect(served.servers[0].url).toBe(baseUrl());
    expect(served.info.description).toContain(attribution());
  });
});

describe("manifests", () => {
  it("/.well-known/ai-plugin.json: no auth, the API is /openapi.json, contact and legal info", async () => {
    const res = await get("/.well-known/ai-plugin.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe(DIRECTORY_CACHE);
    const m = res.json;
    expect(m.schema_version).toBe("v1");
    expect(m.auth).toEqual({ type: "none" });
    expect(m.api).toEqual({ type: "openapi", url: `${baseUrl()}/openapi.json`, is_user_authenticated: false });
    expect(m.contact_email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(m.legal_info_url).toBe(`${baseUrl()}/developers#terms`);
    expect(m.name_for_model).toMatch(/^[a-z0-9_]{1,64}$/);
    expect(m.description_for_human.length).toBeLessThanOrEqual(100);
    expect(m.description_for_model).toContain(attribution());
    const spec = await get(new URL(m.api.url).pathname);
    expect(spec.status).toBe(200);
    expect(m.logo_url).toBe(`${baseUrl()}/favicon.svg`);
    expect((await fetch(m.logo_url)).status).toBe(200);
  });

  it("/.well-known/agent-card.json and agent.json: the same card, pointing to the MCP endpoint, one skill per tool", async () => {
    const card = await get("/.well-known/agent-card.json");
    const legacy = await get("/.well-known/agent.json");
    expect(card.status).toBe(200);
    expect(legacy.text).toBe(card.text);
    expect(legacy.headers.get("etag")).toBe(card.headers.get("etag"));
    const c = card.json;
    expect(c.url).toBe(`${baseUrl()}/api/mcp`);
    expect(c.supportedInterfaces[0]).toMatchObject({ url: `${baseUrl()}/api/mcp`, protocolBinding: "MCP" });
    expect(c.capabilities.extensions[0].params.endpoint).toBe(`${baseUrl()}/api/mcp`);
    expect(c.description).toContain(attribution());
    const tools = await get("/api/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(c.skills.map((s: any) => s.id).sort()).toEqual(tools.json.result.tools.map((t: any) => t.name).sort());
    for (const skill of c.skills) {
      expect(skill.tags.length, skill.id).toBeGreaterThan(0);
      expect(skill.examples.length, skill.id).toBeGreaterThan(0);
    }
  });

  it.each(["/.well-known/ai-plugin.json", "/.well-known/agent-card.json", "/.well-known/agent.json", "/.well-known/mcp.json", "/openapi.json", "/api/public"])(
    "%s: every URL is absolute from PUBLIC_BASE_URL (outside links aside)",
    async (p) => {
      const urls = urlsIn((await get(p)).json);
      expect(urls.length).toBeGreaterThan(0);
      const own = urls.filter((u) => !/^https:\/\/(search\.google\.com|modelcontextprotocol\.io|spec\.openapis\.org|example\.org|images\.example\.org)\//.test(u) && !u.startsWith("mailto:"));
      for (const u of own) expect(u.startsWith(`${baseUrl()}/`) || u === baseUrl(), `${p}: ${u}`).toBe(true);
    },
  );

  it("/.well-known/security.txt follows RFC 9116", async () => {
    const res = await get("/.well-known/security.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(DIRECTORY_CACHE);
    const fields = Object.fromEntries(
      res.text
        .split("\n")
        .filter((l) => l && !l.startsWith("#"))
        .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
    );
    expect(Object.keys(fields).sort()).toEqual(["Canonical", "Contact", "Expires", "Preferred-Languages"]);
    expect(fields.Contact).toMatch(/^(mailto:|https:)/);
    expect(fields.Canonical).toBe(`${baseUrl()}/.well-known/security.txt`);
    expect(fields["Preferred-Languages"]).toBe("en");
    expect(fields.Expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const expires = Date.parse(fields.Expires);
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
    expect(res.text.endsWith("\n")).toBe(true);
  });
});

describe("the interactive reference at /docs/api", () => {
  it("is an HTML page with a strict CSP, no inline script, loading only its own assets", async () => {
    const res = await get("/docs/api");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\/docs\/api\/assets\/[a-z-]+\.js"/);
      expect(body.trim()).toBe("");
    }
    expect(res.text).not.toMatch(/<style\b|\sstyle="/);
    expect(res.text).not.toMatch(/(src|href)="https?:\/\/(?!127\.0\.0\.1)/);
    expect(res.text).toContain('data-spec-url="/openapi.json"');
  });

  it("copies a request's x-nonce onto its tags and is then not stored", async () => {
    const res = await get("/docs/api", { headers: { "x-nonce": "abc123XYZ456" } });
    expect(res.text).toContain('nonce="abc123XYZ456"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const hostile = await get("/docs/api", { headers: { "x-nonce": '"><script>alert(1)</script>' } });
    expect(hostile.text).not.toContain("alert(1)");
  });

  it.each([
    ["swagger-ui-bundle.js", "application/javascript; charset=utf-8"],
    ["swagger-ui.css", "text/css; charset=utf-8"],
    ["reference.js", "application/javascript; charset=utf-8"],
    ["reference.css", "text/css; charset=utf-8"],
  ])("serves %s itself (%s), cached with an ETag", async (file, type) => {
    const res = await get(`/docs/api/assets/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect(res.headers.get("etag")).toBeTruthy();
    expect(res.text.length).toBeGreaterThan(100);
  });

  it.each(["package.json", "..%2F..%2Fpackage.json", "swagger-ui-bundle.js.map", "index.html"])("refuses any other file (%s)", async (file) => {
    const res = await get(`/docs/api/assets/${file}`);
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("not_found");
  });

  it("is linked from the API index", async () => {
    expect((await get("/api/public")).json.reference).toBe(`${baseUrl()}/docs/api`);
  });
});

describe("links to the interactive reference", () => {
  it("the home page, the developers page and /api/public link /docs/api", async () => {
    for (const path of ["/", "/developers"]) {
      const page = await get(path, { headers: { Accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(page.text).toContain('href="/docs/api"');
    }
    const index = await get("/api/public");
    expect(JSON.stringify(index.json)).toContain("/docs/api");
  });
});
