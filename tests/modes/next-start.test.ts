// `next start` after `next build` — how most platforms and containers run Next.js — with no start
// script in front. The error contract holds for every request, including the ones Next.js would
// answer itself: the app's server guard (lib/http/server-guard.mjs, installed by instrumentation.ts)
// repairs them here as under npm start.
import { request as httpRequest } from "node:http";
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

/** A request fetch() will not send (a method it forbids). */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | undefined }> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] }));
    });
    req.on("error", reject);
    req.end();
  });
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

  // Next.js alone answers these before any app code runs (a text 500, a redirect without CORS).
  it("answers TRACE with the JSON 405 and serves a doubled slash, as npm start does", async () => {
    expect(await raw("TRACE", "/api/public/plans")).toMatchObject({ status: 405, type: "application/json; charset=utf-8" });
    const doubled = await get("/api//public");
    expect(doubled.status).toBe(200);
    expect(doubled.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("is under the same socket limits and upgrade refusal as npm start", async () => {
    const page = await raw("GET", "/plans", { connection: "Upgrade", upgrade: "websocket", accept: "text/html" });
    expect(page).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
    expect(await raw("GET", "/render/x/r/y.rsc")).toMatchObject({ status: 404, type: "application/json; charset=utf-8" });
  });
});
