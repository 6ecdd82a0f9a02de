// The dish search page /dishes and its Markdown twin /dishes.md (issue #14) against
// GET /api/public/dishes, and the near / open-now fields of /search. The pages are adapters over
// the same capability: for any query they list exactly the API's dishes, in its order.
//
// Invalid input: the page answers 200 with the API's invalid_request message in place of results
// (as /search does), so a person sees what to fix next to the form; never a 500.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ALLERGENS } from "../../lib/menu/allergens";
import { htmlText } from "../support/html";
import { get } from "../support/http";

const MARK = "PRIVATE-MARKER";

const attr = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search + u.hash;
};
/** Contract rule: the Markdown twin of a page URL is its path plus ".md", without the fragment. */
const twinOf = (url: string) => `${url.split("#")[0]}.md`;

/** The dishes an HTML page lists: the links to the dishes on their menu pages. */
const dishLinks = (html: string) => [...html.matchAll(/<a class="dish-link" href="([^"]+)"/g)].map((m) => attr(m[1]));
/** The dishes a twin lists: [dish twin link, restaurant twin link] per list item. */
const dishLines = (md: string) => [...md.matchAll(/^- \[[^\n]*?\]\((\S+?)\) — [^\n]*? at \[[^\n]*?\]\((\S+?)\)/gm)].map((m) => [m[1], m[2]]);
const nextLink = (html: string) => attr(/<a href="([^"]+)" rel="next">/.exec(html)?.[1] ?? "");

type Filters = Partial<Record<"q" | "city" | "currency", string> & Record<"diet" | "excludeAllergens", string[]> & { maxPrice: number }>;

/** The query as the form sends it (a checkbox list repeats its name) and as the API takes it (comma lists). */
function queries(f: Filters): { form: string; api: string } {
  const form = new URLSearchParams();
  const api = new URLSearchParams();
  for (const [name, value] of Object.entries(f)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const v of value) form.append(name, v);
      api.set(name, value.join(","));
    } else {
      form.set(name, String(value));
      api.set(name, String(value));
    }
  }
  return { form: form.toString(), api: api.toString() };
}

const fold = (s: string) => s.normalize("NFC").toLocaleLowerCase("und");
let cityNames = new Map<string, string>();

beforeAll(async () => {
  const { json } = await get("/api/public/locations");
  cityNames = new Map(json.cities.map((c: { slug: string; name: string }) => [c.slug, c.name]));
});

describe("GET /dishes and /dishes.md", () => {
  it("list exactly the API's dishes for the same query, and every one satisfies every filter given (property)", async () => {
    const filters: fc.Arbitrary<Filters> = fc
      .record(
        {
          q: fc.constantFrom("sal", "soup", "ä", "rösti", "pizza"),
          city: fc.constantFrom("zurich", "berlin", "tokyo", "munich"),
          diet: fc.subarray(["vegan", "vegetarian", "gluten-free"], { minLength: 1, maxLength: 2 }),
          excludeAllergens: fc.subarray([...ALLERGENS], { minLength: 1, maxLength: 3 }),
          maxPrice: fc.integer({ min: 5, max: 40 }),
          currency: fc.constantFrom("CHF", "EUR", "JPY"),
        },
        { requiredKeys: [] },
      )
      .map((f) => (f.maxPrice !== undefined && !f.currency ? { ...f, currency: "CHF" } : f));
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        const { form, api } = queries(f);
        const [page, twin, json] = await Promise.all([get(`/dishes?${form}`), get(`/dishes.md?${form}`), get(`/api/public/dishes?${api}`)]);
        expect(page.status).toBe(200);
        expect(twin.status).toBe(200);
        expect(json.status).toBe(200);
        const results = json.json.results as any[];
        expect(dishLinks(page.text)).toEqual(results.map((r) => pathOf(r.url)));
        expect(dishLines(twin.text)).toEqual(results.map((r) => [twinOf(r.url), r.restaurant.markdownUrl]));
        for (const r of results) {
          if (f.q) expect([r.name, r.description ?? "", ...Object.values(r.translations as Record<string, { name: string; description: string | null }>).flatMap((t) => [t.name, t.description ?? ""])].some((t) => fold(t).includes(fold(f.q!)))).toBe(true);
          if (f.city) expect(r.restaurant.city).toBe(cityNames.get(f.city));
          for (const tag of f.diet ?? []) expect(r.tags).toContain(tag);
          for (const code of f.excludeAllergens ?? []) expect(r.allergens).not.toContain(code);
          if (f.currency) expect(r.currency).toBe(f.currency);
          if (f.maxPrice !== undefined) expect(r.price).toBeLessThanOrEqual(f.maxPrice);
        }
        expect(page.text).not.toContain(MARK);
        expect(twin.text).not.toContain(MARK);
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it("shows the form's filters ticked again, price, declared allergens and a root-relative link to each dish and restaurant", async () => {
    const { text } = await get("/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&excludeAllergens=milk&maxPrice=30&currency=CHF");
    const { json } = await get("/api/public/dishes?city=zurich&diet=vegan&excludeAllergens=nuts,milk&maxPrice=30&currency=CHF");
    expect(json.results.length).toBeGreaterThan(0);
    expect(text).toMatch(/<form[^>]* action="\/dishes" method="get"/);
    const ticked = [...text.matchAll(/<input [^>]*>/g)].map((m) => m[0]).filter((input) => input.includes('checked=""'));
    const tickedOf = (name: string) => ticked.filter((input) => input.includes(`name="${name}"`)).map((input) => /value="([^"]*)"/.exec(input)?.[1]);
    expect(tickedOf("diet")).toEqual(["vegan"]);
    expect(tickedOf("excludeAllergens").sort()).toEqual(["milk", "nuts"]);
    expect([...text.matchAll(/name="excludeAllergens"/g)].length).toBe(ALLERGENS.length);
    for (const r of json.results) {
      expect(text).toContain(`href="${new URL(r.restaurant.url).pathname}"`);
    }
    const plain = htmlText(text);
    expect(plain).toContain("Allergens declared:");
    expect(plain).toMatch(/CHF/);
  });

  it("state on the page and in the twin what allergen exclusion relies on", async () => {
    const { json } = await get("/api/public/dishes?excludeAllergens=gluten");
    const notice: string = json.allergenNotice;
    expect(notice).toMatch(/not a guarantee/);
    expect(htmlText((await get("/dishes?excludeAllergens=gluten")).text)).toContain(notice);
    expect(htmlText((await get("/dishes")).text)).toContain(notice);
    expect((await get("/dishes.md?excludeAllergens=gluten")).text).toContain(notice);
  });

  it.each([
    ["an unknown allergen", "excludeAllergens=peanut"],
    ["a price without a currency", "maxPrice=12"],
    ["coordinates out of range", "near=123,8"],
    ["a tampered cursor", "cursor=not-a-cursor"],
  ])("answer %s with the API's message on the page (200), never a 500", async (_, query) => {
    const api = await get(`/api/public/dishes?${query}`);
    expect(api.status).toBe(400);
    expect(api.json.error).toBe("invalid_request");
    const page = await get(`/dishes?${query}`);
    expect(page.status).toBe(200);
    expect(htmlText(page.text)).toContain(`The search could not be run: ${api.json.message}`);
    expect(dishLinks(page.text)).toEqual([]);
    const twin = await get(`/dishes.md?${query}`);
    expect(twin.status).toBe(200);
    expect(twin.text).toContain("The search could not be run: ");
  });

  it("the next-page link walks to the API's second page, in HTML and Markdown", async () => {
    const first = await get("/api/public/dishes");
    expect(first.json.nextCursor).toBeTruthy();
    const second = await get(`/api/public/dishes?cursor=${encodeURIComponent(first.json.nextCursor)}`);
    const page = await get("/dishes");
    expect(dishLinks(page.text)).toEqual(first.json.results.map((r: any) => pathOf(r.url)));
    const next = nextLink(page.text);
    expect(next).toMatch(/^\/dishes\?cursor=/);
    const page2 = await get(next);
    expect(page2.status).toBe(200);
    expect(dishLinks(page2.text)).toEqual(second.json.results.map((r: any) => pathOf(r.url)));
    expect(page2.text).toContain('href="/dishes">First page</a>');
    const twinNext = /\[Next page\]\((\S+?)\)/.exec((await get("/dishes.md")).text)?.[1];
    expect(twinNext).toBeTruthy();
    const twin2 = await get(pathOf(twinNext!));
    expect(dishLines(twin2.text).map(([dish]) => dish)).toEqual(second.json.results.map((r: any) => twinOf(r.url)));
  });
});

describe("GET /search with near and open now", () => {
  it("has near, radius and open-now fields and lists the API's restaurants around a point, nearest first", async () => {
    const page = await get("/search?near=47.3769,8.5417&radiusKm=3");
    expect(page.status).toBe(200);
    for (const name of ["near", "radiusKm", "openNow"]) expect(page.text).toContain(`name="${name}"`);
    expect(page.text).toContain('value="47.3769,8.5417"');
    const api = await get("/api/public/restaurants?near=47.3769,8.5417&radiusKm=3&limit=50");
    expect(api.json.results.length).toBeGreaterThan(0);
    const listed = [...page.text.matchAll(/<h3 class="card-title"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(listed).toEqual(api.json.results.map((r: any) => new URL(r.url).pathname));
    const bad = await get("/search?near=north");
    expect(bad.status).toBe(200);
    expect(htmlText(bad.text)).toContain("The search could not be run");
  });
});

describe("discovery of dish search", () => {
  it("llms.txt, llms-index.md, the MCP manifest and the API index name it with an example", async () => {
    // (Markdown escapes "&" in running text as "\&".)
    const llms = (await get("/llms.txt")).text.replace(/\\&/g, "&");
    expect(llms).toMatch(/\[Dish search\]\([^)]+\/dishes\.md\): .*\/dishes\?city=zurich&diet=vegan/);
    expect((await get("/llms-index.md")).text).toContain("\n## Dish search\n");
    const manifest = (await get("/.well-known/mcp.json")).json;
    expect(manifest.tools.map((t: { name: string }) => t.name)).toContain("search_dishes");
    expect(manifest.instructions).toMatch(/search_dishes .*"excludeAllergens"/);
    const index = (await get("/api/public")).json;
    const dishes = index.endpoints.find((e: { path: string }) => e.path === "/api/public/dishes");
    expect(dishes.summary).toContain("/dishes");
    expect((await get(pathOf(dishes.example))).status).toBe(200);
  });
});
