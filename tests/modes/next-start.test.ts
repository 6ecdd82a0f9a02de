// `next start` after `next build` — how most platforms and containers run Next.js — with no start
// script in front: what instrumentation.ts sets up (the request tap, middleware) works as under npm
// start. Requests Next.js answers itself before any app code (TRACE, absolute-form targets) are the
// edge's (tests/edge).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ mode: "next-start", postgresUrl: "" });
}, 300_000);

afterAll(() => server?.stop());

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(server.baseUrl + path, { redirect: "manual", ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

describe("next start", () => {
  it.each(["/", "/alpenstuebli-naegeli", "/plans", "/search?q=pizza"])("serves the page %s with its headers", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")?.split(/,\s*/)).toContain("Accept");
    expect(res.headers.get("content-security-policy")).toContain("script-src");
    expect(res.headers.get("etag")).toBeTruthy();
  });

  it("serves the Markdown twin", async () => {
    const res = await get("/alpenstuebli-naegeli.md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  });

  it.each(["/api/%ff", "/api/x%ZZ", "/api/public/restaurants/%ff%fe"])("answers the malformed path %s with the JSON not_found", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.json()).toMatchObject({ error: "not_found", status: 404 });
  });

  it.each([
    ["/%ff", "text/html"],
    ["/r%ff.md", "text/markdown"],
  ])("answers the malformed page path %s with the not-found page", async (path, type) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain(type);
  });

  it.each(["/api/public/", "/api/public/restaurants/?q=pizza"])("serves %s like its canonical path, with CORS, not a redirect", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("answers a method no route handles with the JSON 405 when Next.js passes it on", async () => {
    const res = await get("/api/public/plans", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.json()).toMatchObject({ error: "method_not_allowed" });
  });

  it("redirects a doubled slash with CORS, and refuses the internal renders, as npm start does", async () => {
    const doubled = await get("/api//public");
    expect(doubled.status).toBe(308);
    expect(doubled.headers.get("access-control-allow-origin")).toBe("*");
    expect(doubled.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const render = await get("/render/x/r/y.rsc");
    expect(render.status).toBe(404);
    expect(render.headers.get("cache-control")).toBe("no-store");
  });
});
