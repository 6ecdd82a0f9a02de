// What serveHtml makes of the App Router's answer, with the page data and the render fetch stood
// in for: a page that exists must never become a 404 because its render was refused (another
// build behind the same address once turned every page into "page not found"), nor an error page
// because the render could not be reached: a 503 to retry, or the last good copy.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("./page-data", () => ({
  pageExists: vi.fn(async () => true),
  loadPage: vi.fn(async () => ({ kind: "page" })),
}));

const { serveHtml } = await import("./html-page");
const { dropCaches, purgeCaches } = await import("../cache/ttl-cache");
const { resetConfig } = await import("../config");
const { log } = await import("../observability/logger");

let answer: { status: number; body: string };
const fetched: string[] = [];

beforeEach(() => {
  dropCaches();
  fetched.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(answer.body, { status: answer.status, headers: { "content-type": "text/html; charset=utf-8" } });
    }),
  );
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(log(), "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const request = (url: string) => new Request(url, { headers: { accept: "text/html" } });

describe("serveHtml", () => {
  it("asks for no upgrade of the page's files even on an https site (HSTS does that job: a page opened over http must still load them)", async () => {
    answer = { status: 200, body: "<!doctype html><html><body><h1>Menu</h1></body></html>" };
    vi.stubEnv("PUBLIC_BASE_URL", "https://menus.example.org");
    try {
      const res = await serveHtml(new Request("http://10.0.0.5:3000/some-restaurant", { headers: { accept: "text/html" } }), "/some-restaurant", new URLSearchParams());
      expect(res.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("serves the render of a page that exists, with its CSP, ETag and Vary", async () => {
    answer = { status: 200, body: "<!doctype html><html><body><h1>Menu</h1></body></html>" };
    const res = await serveHtml(request("https://menus.example.org/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<h1>Menu</h1>");
    expect(res.headers.get("etag")).toBeTruthy();
    expect(res.headers.get("vary")?.split(/,\s*/)).toContain("Accept");
    // The site's configured address is not https here: no upgrade, whatever the request says.
    expect(res.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    // The render is fetched from this deployment, by its internal path — never the public one.
    expect(fetched).toHaveLength(1);
    expect(new URL(fetched[0]).pathname).toMatch(/^\/render\/[^/]+\/r\/some-restaurant$/);
  });

  it.each([404, 403, 401, 500])("answers a refused or failed render (%i) of a page that exists with a 503 and Retry-After, never a 404 or an empty page", async (status) => {
    answer = { status, body: "<!doctype html><title>Page not found</title>" };
    const res = await serveHtml(request("http://10.0.0.5:3000/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).not.toMatch(/not found/i);
    expect(body).toMatch(/cannot be shown right now/);
  });

  it("answers a render it cannot reach with a 503, and names the platform's bypass secret when a login refused it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }) });
      }),
    );
    const unreachable = await serveHtml(request("http://10.0.0.5:3000/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(unreachable.status).toBe(503);
    expect(String(vi.mocked(log().error).mock.calls.at(-1)?.[1])).toMatch(/could not be reached/);

    dropCaches();
    vi.stubGlobal("fetch", vi.fn(async (_url: string, init: RequestInit) => new Response("login", { status: (init.headers as Record<string, string>)["x-vercel-protection-bypass"] === "s3cret" ? 200 : 401 })));
    const refused = await serveHtml(request("https://menu-abc.vercel.app/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(refused.status).toBe(503);
    expect(String(vi.mocked(log().error).mock.calls.at(-1)?.[1])).toMatch(/answered 401 .*VERCEL_AUTOMATION_BYPASS_SECRET/);

    dropCaches();
    vi.stubEnv("VERCEL_AUTOMATION_BYPASS_SECRET", "s3cret");
    resetConfig();
    const bypassed = await serveHtml(request("https://menu-abc.vercel.app/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(bypassed.status).toBe(200);
    vi.unstubAllEnvs();
    resetConfig();
  });

  it("after a purge, renders again first and serves the purged copy, marked stale-if-error, when that render fails (issue #49)", async () => {
    answer = { status: 200, body: "<!doctype html><html><body><h1>Menu v1</h1></body></html>" };
    expect((await serveHtml(request("https://menus.example.org/some-restaurant"), "/some-restaurant", new URLSearchParams())).status).toBe(200);
    purgeCaches();
    answer = { status: 500, body: "down" };
    const stale = await serveHtml(request("https://menus.example.org/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(fetched).toHaveLength(2);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("Menu v1");
    expect(stale.headers.get("cache-status")).toMatch(/^menu-service; hit; ttl=-\d+; detail="stale-if-error"$/);
    answer = { status: 200, body: "<!doctype html><html><body><h1>Menu v2</h1></body></html>" };
    const fresh = await serveHtml(request("https://menus.example.org/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(await fresh.text()).toContain("Menu v2");
    expect(fresh.headers.get("cache-status")).toBeNull();
  });

  it("answers 503 with Retry-After, never 500, when the database cannot answer and there is no copy", async () => {
    const pageData = await import("./page-data");
    const unreachable = Object.assign(new Error("Can't reach database server at db:5432"), { code: "P1001" });
    vi.mocked(pageData.pageExists).mockRejectedValueOnce(unreachable);
    const res = await serveHtml(request("https://menus.example.org/search?q=never"), "/search", new URLSearchParams("q=never"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("temporarily unavailable");
  });

  it("gives renders that differ only in React's text separators one ETag, and other renders another", async () => {
    const etagOfRender = async (body: string) => {
      dropCaches();
      answer = { status: 200, body };
      const res = await serveHtml(request("https://menus.example.org/some-restaurant"), "/some-restaurant", new URLSearchParams());
      return res.headers.get("etag");
    };
    const onDemand = await etagOfRender("<p>Allergens:<!-- --> <!-- -->Gluten, Celery</p><p>3 pieces<!-- --> <span>11.90</span></p>");
    const regenerated = await etagOfRender("<p>Allergens:<!-- --> <!-- -->Gluten, Celery<!-- --></p><p>3 pieces<!-- --> <span>11.90</span></p>");
    const changed = await etagOfRender("<p>Allergens:<!-- --> <!-- -->Gluten<!-- --></p><p>3 pieces<!-- --> <span>11.90</span></p>");
    expect(onDemand).toMatch(/^W\/"/);
    expect(regenerated).toBe(onDemand);
    expect(changed).not.toBe(onDemand);
  });

  it("keeps plain-http pages free of upgrade-insecure-requests", async () => {
    answer = { status: 200, body: "<!doctype html><html><body>ok</body></html>" };
    const res = await serveHtml(request("http://10.0.0.5:3000/some-restaurant"), "/some-restaurant", new URLSearchParams());
    expect(res.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});
