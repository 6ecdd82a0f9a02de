// The change feed (GET /api/public/changes, MCP list_changes) and the bulk export
// (GET /api/public/export.ndjson) against a server of their own, whose database the test imports
// into (tests/support/feed-import.ts): what each kind of import puts in the feed, what it never
// shows (drafts, reasons, private edits), cursors (tampered, expired), and the export's lines,
// end line, gzip and validators.
import { describe, expect, it } from "vitest";
import { fixture, importableServer } from "../support/feed-import";
import { childNamed, childrenNamed, parseXml } from "../support/xml";

const held = importableServer();

const at = (path: string, init: RequestInit = {}) => fetch(held.server.baseUrl + path, init);

async function changes(since?: string, limit?: number): Promise<{ status: number; json: any }> {
  const params = new URLSearchParams();
  if (since !== undefined) params.set("since", since);
  if (limit !== undefined) params.set("limit", String(limit));
  const res = await at(`/api/public/changes${params.size ? `?${params}` : ""}`);
  return { status: res.status, json: await res.json() };
}

/** Every entry after `since`, following hasMore, and the cursor after the last. */
async function drain(since?: string, limit = 100): Promise<{ entries: any[]; cursor: string }> {
  const entries: any[] = [];
  let cursor = since;
  for (;;) {
    const { status, json } = await changes(cursor, limit);
    expect(status, JSON.stringify(json)).toBe(200);
    entries.push(...json.changes);
    cursor = json.nextCursor;
    if (!json.hasMore) return { entries, cursor: cursor! };
  }
}

const key = (e: { type: string; slug: string; change: string }) => `${e.type}:${e.slug}:${e.change}`;

async function exportLines(headers: Record<string, string> = {}): Promise<{ res: Response; lines: any[] }> {
  const res = await at("/api/public/export.ndjson", { headers });
  const text = res.status === 200 ? await res.text() : "";
  return { res, lines: text.split("\n").filter(Boolean).map((l) => JSON.parse(l)) };
}


describe("the change feed", () => {
  let cursor: string;

  it("from the start lists the current state: published restaurants and the public directory, nothing private", async () => {
    const { entries, cursor: next } = await drain(undefined, 3);
    cursor = next;
    const restaurants = entries.filter((e) => e.type === "restaurant").map((e) => e.slug).sort();
    expect(restaurants).toEqual(["sushi-kaze", "wirtshaus-zur-post", "zunfthaus-am-see"]);
    expect(entries.filter((e) => e.type === "city").map((e) => e.slug).sort()).toEqual(["munich", "tokyo", "zurich"]);
    expect(entries.filter((e) => e.type === "cuisine").map((e) => e.slug).sort()).toEqual(["bavarian", "japanese", "swiss"]);
    expect(entries.filter((e) => e.type === "country").map((e) => e.slug).sort()).toEqual(["germany", "japan", "switzerland"]);
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(["apiUrl", "change", "slug", "type", "updatedAt", "url"]);
      expect(e.change).not.toBe("removed");
    }
    // Oldest first, and a restaurant's date is its public updatedAt.
    const dates = entries.map((e) => Date.parse(e.updatedAt));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const zunft = entries.find((e) => e.slug === "zunfthaus-am-see");
    const body = (await (await at("/api/public/restaurants/zunfthaus-am-see")).json()) as any;
    expect(zunft.updatedAt).toBe(body.updatedAt);
    expect(zunft.apiUrl).toBe(`${held.server.baseUrl}/api/public/restaurants/zunfthaus-am-see`);
    expect(zunft.url).toBe(`${held.server.baseUrl}/zunfthaus-am-see`);
    expect(entries.find((e) => e.type === "city" && e.slug === "zurich").url).toBe(`${held.server.baseUrl}/locations/switzerland/zurich`);
  });

  it("has nothing new for a cursor at the head, and keeps the same cursor", async () => {
    const { status, json } = await changes(cursor);
    expect(status).toBe(200);
    expect(json).toMatchObject({ count: 0, hasMore: false, changes: [], retentionDays: 30 });
    expect((await changes(json.nextCursor)).json.count).toBe(0);
  });

  it("a private-only edit and an edit of a draft produce no entry; a published field does", async () => {
    const data = fixture();
    const zunft = data.restaurants.find((r) => r.slug === "zunfthaus-am-see")!;
    zunft.stats = { views: 123456, qrScans: 789 };
    zunft.internalNotes = "new private note";
    const draft = data.restaurants.find((r) => r.slug === "draft-hofbraeu-keller")!;
    draft.name = "Hofbräu Keller (still a draft)";
    await held.importer.importData(data);
    expect((await changes(cursor)).json.count).toBe(0);

    data.restaurants.find((r) => r.slug === "sushi-kaze")!.description = "Now with omakase.";
    await held.importer.importData(data);
    const { entries, cursor: next } = await drain(cursor);
    expect(entries.map(key)).toEqual(["restaurant:sushi-kaze:updated"]);
    const body = (await (await at("/api/public/restaurants/sushi-kaze")).json()) as any;
    expect(entries[0].updatedAt).toBe(body.updatedAt);
    cursor = next;
  });

  it("unpublishing, deactivating and deleting are removed entries without a reason; the directory follows", async () => {
    const data = fixture();
    data.restaurants.find((r) => r.slug === "sushi-kaze")!.published = false;
    data.restaurants.find((r) => r.slug === "wirtshaus-zur-post")!.active = false;
    await held.importer.importData(data);
    const { entries, cursor: next } = await drain(cursor);
    expect(entries.map(key).sort()).toEqual(
      ["restaurant:sushi-kaze:removed", "restaurant:wirtshaus-zur-post:removed", "city:tokyo:removed", "city:munich:removed", "cuisine:japanese:removed", "cuisine:bavarian:removed", "country:japan:removed", "country:germany:removed"].sort(),
    );
    for (const e of entries) expect(Object.keys(e).sort()).toEqual(["apiUrl", "change", "slug", "type", "updatedAt", "url"]);
    expect(JSON.stringify(entries)).not.toMatch(/draft|inactive|active|published":/i);
    cursor = next;

    // Deleted through the import's remove list (in scope through its owner).
    const removal = { scope: { owners: ["owner.pro@example.com"] }, remove: ["zunfthaus-am-see", "no-such-restaurant"] };
    const summary = await held.importer.importData(removal);
    expect(summary.plan.removed).toEqual(["zunfthaus-am-see"]);
    expect((await at("/api/public/restaurants/zunfthaus-am-see")).status).toBe(404);
    const after = await drain(cursor);
    expect(after.entries.map(key).sort()).toEqual(["city:zurich:removed", "country:switzerland:removed", "cuisine:swiss:removed", "restaurant:zunfthaus-am-see:removed"]);
    cursor = after.cursor;
  });

  it("re-publishing is published again, and a walk from the start no longer shows the older tombstones", async () => {
    await held.importer.importData(fixture());
    const { entries } = await drain(cursor);
    expect(entries.map(key).sort()).toEqual(
      [
        "restaurant:sushi-kaze:published",
        "restaurant:wirtshaus-zur-post:published",
        "restaurant:zunfthaus-am-see:published",
        "city:tokyo:published",
        "city:munich:published",
        "city:zurich:published",
        "cuisine:japanese:published",
        "cuisine:bavarian:published",
        "cuisine:swiss:published",
        "country:japan:published",
        "country:germany:published",
        "country:switzerland:published",
      ].sort(),
    );
    const fromStart = await drain();
    expect(fromStart.entries.filter((e) => e.change === "removed")).toEqual([]);
    cursor = (await drain(cursor)).cursor;
  });

  it("a never-public restaurant never appears, not even when it is deleted", async () => {
    await held.importer.importData({ scope: { owners: ["owner.pro@example.com"] }, remove: ["draft-hofbraeu-keller"] });
    expect((await changes(cursor)).json.count).toBe(0);
  });

  it("a renamed city updates the city and every published restaurant that shows its name", async () => {
    const data = fixture();
    (data.cities as any[]).find((c) => c.slug === "munich").name = "Munich (renamed)";
    await held.importer.importData(data);
    const { entries, cursor: next } = await drain(cursor);
    expect(entries.map(key).sort()).toEqual(["city:munich:updated", "restaurant:wirtshaus-zur-post:updated"]);
    const body = (await (await at("/api/public/restaurants/wirtshaus-zur-post")).json()) as any;
    expect(body.contact.city).toBe("Munich (renamed)");
    expect(entries.find((e) => e.type === "restaurant").updatedAt).toBe(body.updatedAt);
    cursor = next;
  });

  it("answers a tampered or foreign cursor with invalid_request naming since", async () => {
    for (const bad of ["nonsense", `${cursor.slice(0, -2)}xx`, "eyJzIjowfQ.AAAAAAAAAAAAAAAAAAAAAA"]) {
      const { status, json } = await changes(bad);
      expect(status).toBe(400);
      expect(json.error).toBe("invalid_request");
      expect(json.issues[0].parameter).toBe("since");
    }
    expect((await changes(undefined, "abc" as never)).status).toBe(400);
  });

  it("answers a cursor older than the retention with invalid_request telling to re-export", async () => {
    const old = cursor;
    const data = fixture();
    data.restaurants.find((r) => r.slug === "sushi-kaze")!.published = false;
    await held.importer.importData(data);
    // The tombstone is 31 days old: the next import prunes it.
    const { db } = await import("../../lib/db/prisma");
    await db().publicChange.updateMany({ where: { change: "removed" }, data: { at: new Date(Date.now() - 31 * 86_400_000) } });
    await held.importer.importData(data);
    const { status, json } = await changes(old);
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: "invalid_request", cursorExpired: true, export: `${held.server.baseUrl}/api/public/export.ndjson` });
    expect(json.message).toMatch(/retention|re-?export|export/i);
    expect(json.hint).toMatch(/export\.ndjson/);
    await held.importer.importData(fixture());
  });

  it("is the MCP tool list_changes too, with the same entries", async () => {
    const rest = await changes(undefined, 5);
    const res = await at("/api/mcp", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_changes", arguments: { limit: 5 } } }),
    });
    const json = (await res.json()) as any;
    expect(json.result.isError).toBeFalsy();
    expect(json.result.structuredContent.changes).toEqual(rest.json.changes);
  });
});

describe("the change feed's Markdown twin", () => {
  it("answers Accept: text/markdown with the same changes as a Markdown table, JSON otherwise", async () => {
    const rest = await changes(undefined, 4);
    const res = await at("/api/public/changes?limit=4", { headers: { Accept: "text/markdown" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("vary")).toMatch(/Accept\b/);
    const md = await res.text();
    expect(md.startsWith("---\n")).toBe(true);
    expect(md).toContain(`nextCursor: "${rest.json.nextCursor}"`);
    for (const e of rest.json.changes) expect(md).toContain(`| ${e.updatedAt} | ${e.type}`);
    const json = await at("/api/public/changes?limit=4", { headers: { Accept: "application/json, text/markdown;q=0.5" } });
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("the bulk export", () => {
  it("is every published restaurant as its API body, then the end line with the feed cursor", async () => {
    const { res, lines } = await exportLines();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get("cache-control")).toMatch(/public/);
    const end = lines.at(-1);
    const restaurants = lines.slice(0, -1);
    expect(end).toMatchObject({ end: true, count: restaurants.length });
    expect(restaurants.map((r) => r.slug).sort()).toEqual(["sushi-kaze", "wirtshaus-zur-post", "zunfthaus-am-see"]);
    for (const r of restaurants) expect(r).toEqual(await (await at(`/api/public/restaurants/${r.slug}`)).json());
    // Nothing changed since the export began.
    expect((await changes(end.nextCursor)).json.count).toBe(0);
    expect(end.changesUrl).toBe(`${held.server.baseUrl}/api/public/changes?since=${encodeURIComponent(end.nextCursor)}`);
  });

  it("answers 304 to its ETag and Last-Modified until an import changes something public", async () => {
    const { res } = await exportLines();
    const etag = res.headers.get("etag")!;
    const lastModified = res.headers.get("last-modified")!;
    expect(etag).toMatch(/^W\/"/);
    expect((await at("/api/public/export.ndjson", { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect((await at("/api/public/export.ndjson", { headers: { "If-Modified-Since": lastModified } })).status).toBe(304);

    // A private-only edit changes neither.
    const data = fixture();
    data.restaurants.find((r) => r.slug === "sushi-kaze")!.internalNotes = "private";
    await held.importer.importData(data);
    expect((await at("/api/public/export.ndjson", { headers: { "If-None-Match": etag } })).status).toBe(304);

    data.restaurants.find((r) => r.slug === "sushi-kaze")!.name = "Sushi Kaze (new name)";
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await held.importer.importData(data);
    const changed = await at("/api/public/export.ndjson", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await changed.text()).includes("Sushi Kaze (new name)")).toBe(true);
    expect((await at("/api/public/export.ndjson", { headers: { "If-Modified-Since": lastModified } })).status).toBe(200);
  });
});

describe("Atom feeds and sitemap dates", () => {
  const atom = async (path: string) => {
    const res = await at(path);
    return { res, text: await res.text() };
  };

  it("/feeds/restaurants.atom is valid Atom 1.0 of the published restaurants, newest publication first", async () => {
    const { res, text } = await atom("/feeds/restaurants.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const root = parseXml(text);
    expect(root.name).toBe("feed");
    expect(root.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    for (const name of ["id", "title", "updated", "author"]) expect(childrenNamed(root, name), name).toHaveLength(1);
    expect(childNamed(childNamed(root, "author")!, "name")!.text).toBeTruthy();
    const links = childrenNamed(root, "link");
    expect(links.find((l) => l.attributes.rel === "self")!.attributes.href).toBe(`${held.server.baseUrl}/feeds/restaurants.atom`);
    expect(links.find((l) => l.attributes.rel === "alternate")!.attributes.href).toBe(`${held.server.baseUrl}/`);
    const entries = childrenNamed(root, "entry");
    expect(entries.map((e) => childNamed(e, "id")!.text).sort()).toEqual(["sushi-kaze", "wirtshaus-zur-post", "zunfthaus-am-see"].map((s) => `${held.server.baseUrl}/${s}`));
    for (const e of entries) {
      for (const name of ["id", "title", "updated", "summary"]) expect(childrenNamed(e, name), name).toHaveLength(1);
      const slug = childNamed(e, "id")!.text.split("/").pop()!;
      const body = (await (await at(`/api/public/restaurants/${slug}`)).json()) as any;
      expect(childNamed(e, "updated")!.text).toBe(body.updatedAt);
      expect(childNamed(e, "title")!.text).toBe(body.name);
      expect(childrenNamed(e, "link").find((l) => l.attributes.rel === "alternate" && l.attributes.type === "text/html")!.attributes.href).toBe(body.url);
    }
    const published = entries.map((e) => childNamed(e, "published")!.text);
    expect(published).toEqual([...published].sort().reverse());
    // The feed's updated is its newest date.
    const dates = entries.flatMap((e) => [childNamed(e, "updated")!.text, childNamed(e, "published")!.text]);
    expect(childNamed(root, "updated")!.text).toBe(dates.sort().at(-1));
  });

  it("/feeds/cities/{city}.atom lists that city only; a city without published menus has no feed", async () => {
    const { res, text } = await atom("/feeds/cities/munich.atom");
    expect(res.status).toBe(200);
    const root = parseXml(text);
    expect(childrenNamed(root, "entry").map((e) => childNamed(e, "id")!.text)).toEqual([`${held.server.baseUrl}/wirtshaus-zur-post`]);
    expect(childrenNamed(root, "link").find((l) => l.attributes.rel === "alternate")!.attributes.href).toBe(`${held.server.baseUrl}/locations/germany/munich`);
    for (const path of ["/feeds/cities/reykjavik.atom", "/feeds/cities/nowhere.atom", "/feeds/cities/munich.xml"]) {
      const r = await at(path);
      expect(r.status, path).toBe(404);
      expect(((await r.json()) as any).error).toBe("not_found");
    }
  });

  it("sitemap lastmod is each page's public date: a restaurant's updatedAt, a city's newest restaurant's, not the site's newest", async () => {
    const sitemap = parseXml(await (await at("/sitemap.xml")).text());
    const lastmod = new Map(childrenNamed(sitemap, "url").map((u) => [childNamed(u, "loc")!.text, childNamed(u, "lastmod")!.text]));
    const updated = async (slug: string) => ((await (await at(`/api/public/restaurants/${slug}`)).json()) as any).updatedAt as string;
    const [zunft, sushi] = [await updated("zunfthaus-am-see"), await updated("sushi-kaze")];
    expect(lastmod.get(`${held.server.baseUrl}/zunfthaus-am-see`)).toBe(zunft);
    expect(lastmod.get(`${held.server.baseUrl}/sushi-kaze`)).toBe(sushi);
    expect(sushi > zunft).toBe(true);
    expect(lastmod.get(`${held.server.baseUrl}/locations/switzerland/zurich`)).toBe(zunft);
    expect(lastmod.get(`${held.server.baseUrl}/locations/japan/tokyo`)).toBe(sushi);
  });
});
