// The revalidation endpoint (POST /api/internal/revalidate): off without its secret (the 404 of an
// unknown path), Bearer authentication, the API's error format, and the point of it all: after an
// owner's edit and one call, no surface serves the old menu — JSON, search, Markdown twin, HTML
// page, MCP — although every one of them was cached a moment before.
//
// The edits go straight into the database of a server of its own (started here, with a secret), so
// they cannot disturb the suites that share the global server.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchKey } from "../../lib/menu/text-key";
import { get } from "../support/http";
import { FIXTURE, startTestServer, type TestServer } from "../support/test-server";

const SECRET = "test-revalidate-secret-0123456789";
const PATH = "/api/internal/revalidate";
const SLUG = "wirtshaus-zur-post";

let server: TestServer;

const original = (JSON.parse(readFileSync(FIXTURE, "utf8")) as { restaurants: { slug: string; name: string; description?: string }[] }).restaurants.find(
  (r) => r.slug === SLUG,
)!;

/** Runs one statement on the server's database (SQLite file or PostgreSQL). */
async function sql(statement: string, params: unknown[]) {
  if (server.databaseUrl.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const conn = new Database(server.databaseUrl.slice("file:".length));
    try {
      conn.prepare(statement.replace(/\$\d+/g, "?")).run(...params.map((p) => (typeof p === "boolean" ? Number(p) : p)));
    } finally {
      conn.close();
    }
  } else {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query(statement, params);
    } finally {
      await client.end();
    }
  }
}

const at = (path: string, init: RequestInit = {}) => fetch(server.baseUrl + path, init);

async function revalidate(body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${SECRET}` }) {
  const res = await at(PATH, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { res, json: (await res.json()) as any };
}

async function restaurantName(): Promise<string | number> {
  const res = await at(`/api/public/restaurants/${SLUG}`);
  return res.status === 200 ? ((await res.json()) as any).name : res.status;
}

async function mcpName(): Promise<string | undefined> {
  const res = await at("/api/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_restaurant_menu", arguments: { slug: SLUG } } }),
  });
  const json = (await res.json()) as any;
  return json.result?.structuredContent?.name;
}

async function searchSlugs(q: string): Promise<string[]> {
  const res = await at(`/api/public/restaurants?q=${encodeURIComponent(q)}`);
  return ((await res.json()) as any).results.map((r: { slug: string }) => r.slug);
}

const text = async (path: string, accept = "text/html") => (await at(path, { headers: { Accept: accept } })).text();

beforeAll(async () => {
  server = await startTestServer({ extraEnv: { REVALIDATE_SECRET: SECRET } });
  // Rendered pages (ISR) live in the build directory, which every test server shares: start
  // from renders of this server's database, not whatever an earlier run left there.
  await revalidate({ all: true });
}, 300_000);

afterAll(async () => {
  if (!server) return;
  // Leave the shared renders as the fixture has them.
  await sql(`UPDATE "Restaurant" SET "name" = $1, "searchText" = $2, "menuPublished" = $3 WHERE "slug" = $4`, [
    original.name,
    searchKey([original.name, original.description ?? "", SLUG].join(" ")),
    true,
    SLUG,
  ]);
  await revalidate({ slug: SLUG });
  for (const path of [`/${SLUG}`, `/${SLUG}/en`, "/locations/germany/munich", "/"]) await at(path, { headers: { Accept: "text/html" } });
  await server.stop();
}, 60_000);

describe("without REVALIDATE_SECRET (the global test server)", () => {
  it.each(["POST", "GET", "OPTIONS", "DELETE"])("%s is the 404 of an unknown path", async (method) => {
    const { status, json, headers } = await get(PATH, { method, ...(method === "POST" ? { body: "{}" } : {}) });
    expect(status).toBe(404);
    expect(json).toMatchObject({ error: "not_found", status: 404, message: `There is no endpoint at ${PATH}.` });
    expect(json.availableEndpoints.join(" ")).not.toContain("internal");
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("is listed nowhere public", async () => {
    for (const path of ["/api/public", "/openapi.json", "/llms.txt", "/llms-full.txt"]) {
      const { status, text: body } = await get(path);
      if (status === 200) expect(body, path).not.toContain("/api/internal");
    }
  });
});

describe("with REVALIDATE_SECRET", () => {
  it.each([
    ["no Authorization", {}],
    ["a wrong secret", { Authorization: `Bearer ${SECRET}x` }],
    ["a prefix of the secret", { Authorization: `Bearer ${SECRET.slice(0, -1)}` }],
    ["another scheme", { Authorization: `Basic ${SECRET}` }],
  ])("%s → 401 in the error format", async (_, headers) => {
    const { res, json } = await revalidate({ slug: SLUG }, headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(json).toMatchObject({ error: "unauthorized", status: 401 });
    expect(Object.keys(json).sort()).toEqual(["documentation", "error", "hint", "message", "specification", "status"]);
  });

  it("rejects a body that is not JSON, and a bad slug", async () => {
    const bad = await revalidate("{nope");
    expect(bad.res.status).toBe(400);
    expect(bad.json.error).toBe("invalid_json");
    for (const body of [{}, { slug: "../etc" }, { slug: "" }, { slug: SLUG, extra: 1 }, { all: false }]) {
      const r = await revalidate(body);
      expect(r.res.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error).toBe("invalid_request");
    }
  });

  it("other methods → 405 with Allow", async () => {
    const res = await at(PATH);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    expect(((await res.json()) as any).error).toBe("method_not_allowed");
  });

  it("after an edit and one call, every surface shows the new menu", async () => {
    // Every surface reads (and caches) the current menu.
    expect(await restaurantName()).toBe(original.name);
    expect(await mcpName()).toBe(original.name);
    expect(await searchSlugs("zur post")).toContain(SLUG);
    expect(await text(`/${SLUG}.md`, "text/markdown")).toContain(original.name);
    expect(await text(`/${SLUG}`)).toContain(original.name);

    // The owner renames the restaurant in the dashboard (its database write) …
    const name = "Gasthof Revalidiert";
    await sql(`UPDATE "Restaurant" SET "name" = $1, "searchText" = $2 WHERE "slug" = $3`, [name, `gasthof revalidiert ${SLUG}`, SLUG]);
    // … which the in-process cache does not see yet (that is what it is for) …
    expect(await restaurantName()).toBe(original.name);

    // … until the dashboard calls the endpoint.
    const { res, json } = await revalidate({ slug: SLUG });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(json).toMatchObject({ revalidated: true, slug: SLUG });
    expect(json.paths).toEqual(expect.arrayContaining([`/${SLUG}`, `/${SLUG}/en`, "/locations/germany/munich"]));

    expect(await restaurantName()).toBe(name);
    expect(await mcpName()).toBe(name);
    expect(await searchSlugs("revalidiert")).toEqual([SLUG]);
    expect(await searchSlugs("zur post")).not.toContain(SLUG);
    expect(await text(`/${SLUG}.md`, "text/markdown")).toContain(name);
    expect(await text(`/${SLUG}`, "text/markdown")).toContain(name);
    const html = await text(`/${SLUG}`);
    expect(html).toContain(name);
    expect(html).not.toContain(original.name);
    // … and the page stays new: whatever the first request after the call got is not held.
    const again = await text(`/${SLUG}`);
    expect(again).toContain(name);
    expect(again).not.toContain(original.name);
  });

  it("an unpublished menu disappears everywhere", async () => {
    expect(await restaurantName()).not.toBe(404);
    await sql(`UPDATE "Restaurant" SET "menuPublished" = $1 WHERE "slug" = $2`, [false, SLUG]);
    const { res } = await revalidate({ slug: SLUG });
    expect(res.status).toBe(200);
    expect(await restaurantName()).toBe(404);
    expect(await searchSlugs("revalidiert")).toEqual([]);
    expect((await at(`/${SLUG}.md`)).status).toBe(404);
    expect((await at(`/${SLUG}`, { headers: { Accept: "text/html" } })).status).toBe(404);
  });

  it("{all: true} purges everything", async () => {
    await sql(`UPDATE "Restaurant" SET "menuPublished" = $1 WHERE "slug" = $2`, [true, SLUG]);
    expect(await restaurantName()).toBe(404); // still the cached "not published"
    const { res, json } = await revalidate({ all: true });
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ revalidated: true, slug: null });
    expect(await restaurantName()).toBe("Gasthof Revalidiert");
  });
});
