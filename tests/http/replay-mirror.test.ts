// Replay (issue 28.4): a mirror built from the bulk export plus the change feed equals the live
// API, restaurant by restaurant, after any sequence of imports — new restaurants, edits of
// published fields, private-only edits, unpublishing, re-publishing, deactivating, deleting, city
// changes. Property-based (fast-check): each run exports, applies a random sequence of imports to
// the server's database, follows the feed from the export's cursor, and compares. On SQLite, and
// on PostgreSQL when TEST_POSTGRES_URL is set (the postgres stage runs this suite there).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixture, importableServer } from "../support/feed-import";

const held = importableServer();

const at = async (path: string) => {
  const res = await fetch(path.startsWith("http") ? path : held.server.baseUrl + path);
  return { status: res.status, text: await res.text() };
};
const json = async (path: string) => {
  const { status, text } = await at(path);
  expect(status, `${path}: ${text.slice(0, 300)}`).toBe(200);
  return JSON.parse(text);
};

const CITIES = ["zurich", "munich", "tokyo", "reykjavik", "akureyri"];

/** What the test believes the service holds: the fixture's restaurants, then whatever the runs did. */
const data = fixture();
const model = new Map<string, any>(data.restaurants.map((r) => [r.slug, r]));
let created = 0;

type Op =
  | { kind: "new"; published: boolean; city: number }
  | { kind: "edit" | "private" | "unpublish" | "republish" | "deactivate" | "delete"; pick: number }
  | { kind: "city"; pick: number; city: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("new" as const), published: fc.boolean(), city: fc.nat(CITIES.length - 1) }),
  ...(["edit", "private", "unpublish", "republish", "deactivate", "delete"] as const).map((kind) => fc.record({ kind: fc.constant(kind), pick: fc.nat(50) })),
  fc.record({ kind: fc.constant("city" as const), pick: fc.nat(50), city: fc.nat(CITIES.length - 1) }),
);

function newRestaurant(published: boolean, city: string) {
  const n = ++created;
  return {
    slug: `mirror-test-${n}`,
    name: `Mirror Test ${n}`,
    description: `Restaurant number ${n}`,
    owner: `mirror-${n}@example.com`,
    published,
    currency: "EUR",
    defaultLanguage: "en",
    languages: ["en"],
    city,
    contact: { address: `Street ${n}` },
    internalNotes: "PRIVATE",
    stats: { views: n, qrScans: 0 },
    categories: [{ name: "Mains", items: [{ name: `Dish ${n}`, price: 10 + n, cost: 2 }] }],
  };
}

/** Applies one operation: an import of the whole model (or a removal), as an operator would. */
async function apply(o: Op): Promise<void> {
  const slugs = [...model.keys()].sort();
  const pick = "pick" in o ? model.get(slugs[o.pick % slugs.length]) : undefined;
  switch (o.kind) {
    case "new": {
      const r = newRestaurant(o.published, CITIES[o.city]);
      model.set(r.slug, r);
      const owners = [{ email: r.owner, name: "Mirror owner", plan: "pro" }];
      await held.importer.importData({ ...data, owners: [...(data.owners as object[]), ...owners], restaurants: [r] });
      return;
    }
    case "delete":
      if (!pick) return;
      model.delete(pick.slug);
      await held.importer.importData({ scope: { restaurants: [pick.slug] }, remove: [pick.slug] });
      return;
    case "edit":
      if (pick) pick.description = `${pick.description ?? ""} (edited ${Date.now()})`;
      break;
    case "private":
      if (pick) {
        pick.internalNotes = `private ${Date.now()}`;
        pick.stats = { views: Date.now() % 100000, qrScans: 1 };
      }
      break;
    case "unpublish":
      if (pick) pick.published = false;
      break;
    case "republish":
      if (pick) Object.assign(pick, { published: true, active: true });
      break;
    case "deactivate":
      if (pick) pick.active = false;
      break;
    case "city":
      if (pick) pick.city = CITIES[o.city];
      break;
  }
  if (!pick) return;
  const owners = [...(data.owners as any[]), ...(pick.owner.startsWith("mirror-") ? [{ email: pick.owner, name: "Mirror owner", plan: "pro" }] : [])];
  await held.importer.importData({ ...data, owners, restaurants: [pick] });
}

/** The export as a mirror: slug → body, and the cursor on its end line. */
async function exportMirror(): Promise<{ mirror: Map<string, unknown>; cursor: string }> {
  const { status, text } = await at("/api/public/export.ndjson");
  expect(status).toBe(200);
  const lines = text.split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const end = lines.pop();
  expect(end).toMatchObject({ end: true, count: lines.length });
  return { mirror: new Map(lines.map((r) => [r.slug, r])), cursor: end.nextCursor };
}

/** Follows the feed from `cursor`, applying each entry to the mirrors. */
async function follow(cursor: string, mirror: Map<string, unknown>, directory: Set<string>): Promise<string> {
  for (;;) {
    const page = await json(`/api/public/changes?since=${encodeURIComponent(cursor)}&limit=7`);
    for (const e of page.changes) {
      if (e.type === "restaurant") {
        if (e.change === "removed") mirror.delete(e.slug);
        else mirror.set(e.slug, await json(e.apiUrl));
      } else if (e.change === "removed") directory.delete(`${e.type}:${e.slug}`);
      else directory.add(`${e.type}:${e.slug}`);
    }
    cursor = page.nextCursor;
    if (!page.hasMore) return cursor;
  }
}

/** The public directory as the API shows it now. */
async function liveDirectory(): Promise<Set<string>> {
  const locations = await json("/api/public/locations");
  const { cuisines } = await json("/api/public/cuisines");
  return new Set([
    ...locations.countries.map((c: { slug: string }) => `country:${c.slug}`),
    ...locations.cities.map((c: { slug: string }) => `city:${c.slug}`),
    ...cuisines.map((c: { slug: string }) => `cuisine:${c.slug}`),
  ]);
}


describe("a mirror from the export and the change feed", () => {
  it("equals the live API restaurant by restaurant after any sequence of imports", async () => {
    // The directory as a mirror starts it: the feed from the start, directory entries only.
    const directory = new Set<string>();
    let since: string | undefined;
    for (;;) {
      const page = await json(`/api/public/changes${since ? `?since=${encodeURIComponent(since)}` : ""}`);
      for (const e of page.changes) if (e.type !== "restaurant") directory.add(`${e.type}:${e.slug}`);
      since = page.nextCursor;
      if (!page.hasMore) break;
    }
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const { mirror, cursor } = await exportMirror();
        for (const o of ops) await apply(o);
        await follow(cursor, mirror, directory);

        // Restaurant by restaurant: every public one, and nothing else.
        const expected = [...model.values()].filter((r) => r.published && r.active !== false).map((r) => r.slug).sort();
        expect([...mirror.keys()].sort(), JSON.stringify(ops)).toEqual(expected);
        for (const slug of expected) expect(mirror.get(slug), `${slug} after ${JSON.stringify(ops)}`).toEqual(await json(`/api/public/restaurants/${slug}`));
        for (const r of model.values()) if (!expected.includes(r.slug)) expect((await at(`/api/public/restaurants/${r.slug}`)).status).toBe(404);
        expect([...directory].sort(), JSON.stringify(ops)).toEqual([...(await liveDirectory())].sort());
      }),
      { numRuns: Number(process.env.REPLAY_RUNS ?? 12), endOnFailure: true },
    );
  }, 600_000);
});
