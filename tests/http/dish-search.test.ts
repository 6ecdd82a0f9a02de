// Dish search, pagination, near and open-at through REST (issue #14). Every returned dish is
// checked against the restaurant's own published menu (GET /api/public/restaurants/{slug}), the
// independent source of truth, and walks of all pages against an enumeration of every menu.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ALLERGENS } from "../../lib/menu/allergens";
import { isOpenAt } from "../../lib/search/opening-hours";
import { DishSearchResponseSchema, SearchResponseSchema, type PublicRestaurant } from "../../lib/serializers/public-schemas";
import { htmlText } from "../support/html";
import { get } from "../support/http";

const MARK = "PRIVATE-MARKER";
const ROOT = path.resolve(import.meta.dirname, "../..");

/** City slug → time zone and name, from the import files themselves. */
const cities = new Map<string, { name: string; timeZone: string | null }>();
for (const file of ["prisma/demo/directory.json", "tests/fixtures/menus.json"]) {
  for (const c of JSON.parse(readFileSync(path.join(ROOT, file), "utf8")).cities ?? []) {
    const prior = cities.get(c.slug);
    cities.set(c.slug, { name: c.name, timeZone: c.timeZone ?? prior?.timeZone ?? null });
  }
}
const zoneOfCityName = (name: string | null) => [...cities.values()].find((c) => c.name === name)?.timeZone ?? null;

const fold = (s: string) => s.normalize("NFC").toLocaleLowerCase("und");

function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** Every page of a search, following nextCursor. */
async function walk(pathAndQuery: string): Promise<any[]> {
  const out: any[] = [];
  let url = pathAndQuery;
  for (let pages = 0; pages < 500; pages++) {
    const { status, json, headers } = await get(url);
    expect(status, url).toBe(200);
    out.push(...json.results);
    if (!json.nextCursor) {
      expect(headers.get("link")).toBeNull();
      return out;
    }
    expect(headers.get("link")).toContain('rel="next"');
    url = `${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(json.nextCursor)}`;
  }
  throw new Error("too many pages");
}

let menus: PublicRestaurant[] = [];

beforeAll(async () => {
  const list = await walk("/api/public/restaurants?limit=50");
  menus = await Promise.all(list.map(async (r) => (await get(`/api/public/restaurants/${r.slug}`)).json as PublicRestaurant));
}, 120_000);

/** The menu item a result points at (url anchor #dish-{section}-{dish}). */
function itemOf(result: any) {
  const menu = menus.find((m) => m.slug === result.restaurant.slug);
  const [, section, dish] = /#dish-(\d+)-(\d+)$/.exec(result.url)!.map(Number);
  return { menu: menu!, category: menu!.categories[section], item: menu!.categories[section]?.items[dish] };
}

interface Filters {
  q?: string;
  city?: string;
  diet?: string[];
  excludeAllergens?: string[];
  maxPrice?: number;
  currency?: string;
  near?: { lat: number; lng: number; radiusKm: number };
  openAt?: string;
}

function matches(menu: PublicRestaurant, item: PublicRestaurant["categories"][number]["items"][number], f: Filters): boolean {
  if (!item.isAvailable) return false;
  if (f.q) {
    const texts = [item.name, item.description ?? "", ...Object.values(item.translations).flatMap((t) => [t.name, t.description])];
    if (!texts.some((t) => fold(t).includes(fold(f.q!)))) return false;
  }
  if (f.city && menu.contact.city !== cities.get(f.city)?.name) return false;
  if (f.diet && !f.diet.every((t) => item.tags.includes(t))) return false;
  if (f.excludeAllergens && f.excludeAllergens.some((a) => item.allergens.includes(a as never))) return false;
  if (f.currency && item.currency !== f.currency) return false;
  if (f.maxPrice !== undefined && item.price > f.maxPrice) return false;
  if (f.near) {
    if (menu.contact.latitude === null || menu.contact.longitude === null) return false;
    if (haversineKm(f.near, { lat: menu.contact.latitude, lng: menu.contact.longitude }) > f.near.radiusKm * 1.01) return false;
  }
  if (f.openAt && isOpenAt(menu.openingHours, zoneOfCityName(menu.contact.city), new Date(f.openAt)) !== true) return false;
  return true;
}

function queryOf(f: Filters, limit: number): string {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.city) p.set("city", f.city);
  if (f.diet) p.set("diet", f.diet.join(","));
  if (f.excludeAllergens) p.set("excludeAllergens", f.excludeAllergens.join(","));
  if (f.maxPrice !== undefined) p.set("maxPrice", String(f.maxPrice));
  if (f.currency) p.set("currency", f.currency);
  if (f.near) p.set("near", `${f.near.lat},${f.near.lng}`), p.set("radiusKm", String(f.near.radiusKm));
  if (f.openAt) p.set("openAt", f.openAt);
  p.set("limit", String(limit));
  return `/api/public/dishes?${p}`;
}

const filters: fc.Arbitrary<Filters> = fc.record(
  {
    q: fc.constantFrom("pizza", "sal", "tofu", "ä", "SOUP", "rösti"),
    city: fc.constantFrom("zurich", "berlin", "tokyo", "paris", "Zürich"),
    diet: fc.subarray(["vegan", "vegetarian", "gluten-free", "spicy"], { minLength: 1, maxLength: 2 }),
    excludeAllergens: fc.subarray([...ALLERGENS], { minLength: 1, maxLength: 3 }),
    maxPrice: fc.integer({ min: 3, max: 40 }),
    currency: fc.constantFrom("CHF", "EUR", "JPY"),
    near: fc.record({ lat: fc.constantFrom(47.3769, 52.52, 35.6762), lng: fc.constantFrom(8.5417, 13.405, 139.6503), radiusKm: fc.constantFrom(1, 5, 50) }),
    openAt: fc.constantFrom("2026-07-10T19:30:00+02:00", "2026-07-11T00:30:00+02:00", "2026-07-06T03:00:00Z"),
  },
  { requiredKeys: [] },
).map((f) => (f.maxPrice !== undefined && !f.currency ? { ...f, currency: "EUR" } : f)).map((f) => (f.city === "Zürich" ? { ...f, city: "zurich" } : f));

describe("GET /api/public/dishes", () => {
  it("returns the documented shape, nothing private, and says what allergen filtering relies on", async () => {
    const { status, json, text } = await get("/api/public/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&maxPrice=20&currency=CHF");
    expect(status).toBe(200);
    expect(() => DishSearchResponseSchema.parse(json)).not.toThrow();
    expect(text).not.toContain(MARK);
    expect(json.allergenNotice).toMatch(/declared/);
    expect(json.results.length).toBeGreaterThan(0);
  });

  it("every returned dish satisfies every filter, and walking the pages finds every match exactly once (property)", async () => {
    await fc.assert(
      fc.asyncProperty(filters, fc.integer({ min: 1, max: 30 }), async (f, limit) => {
        const found = await walk(queryOf(f, limit));
        for (const result of found) {
          const { menu, category, item } = itemOf(result);
          expect(item, result.url).toBeDefined();
          expect(result.name).toBe(item.name);
          expect(result.price).toBe(item.price);
          expect(result.category).toBe(category.name);
          expect(matches(menu, item, f), `${result.url} ${JSON.stringify(f)}`).toBe(true);
          if (f.near) expect(result.distanceKm).toBeLessThanOrEqual(f.near.radiusKm);
          if (f.openAt) expect(result.openAt).toBe(true);
        }
        const expected = menus.flatMap((m) => m.categories.flatMap((c, ci) => c.items.flatMap((it, ii) => (matches(m, it, f) ? [`${m.url}#dish-${ci}-${ii}`] : []))));
        // Within 1 % of the radius the approximation may disagree with haversine: compare only the clear cases.
        const clear = f.near
          ? expected.filter((u) => {
              const m = menus.find((x) => u.startsWith(`${x.url}#`))!;
              return haversineKm(f.near!, { lat: m.contact.latitude!, lng: m.contact.longitude! }) <= f.near!.radiusKm * 0.99;
            })
          : expected;
        const urls = found.map((r) => r.url);
        expect(new Set(urls).size).toBe(urls.length);
        for (const u of clear) expect(urls, JSON.stringify(f)).toContain(u);
        if (f.near) {
          const d = found.map((r) => r.distanceKm);
          expect(d).toEqual([...d].sort((a, b) => a - b));
        }
      }),
      { numRuns: 30, seed: 14 },
    );
  }, 240_000);

  it("never shows hidden, unavailable or unpublished dishes: a walk of everything equals the available items of published menus", async () => {
    const all = await walk("/api/public/dishes?limit=50");
    expect(JSON.stringify(all)).not.toContain(MARK);
    const expected = menus.flatMap((m) => m.categories.flatMap((c, ci) => c.items.flatMap((it, ii) => (it.isAvailable ? [`${m.url}#dish-${ci}-${ii}`] : []))));
    expect(all.map((r) => r.url).sort()).toEqual(expected.sort());
  }, 120_000);

  it("pages alike whatever the page size, and total counts every match", async () => {
    const q = "/api/public/dishes?currency=EUR&diet=vegetarian";
    const small = await walk(`${q}&limit=3`);
    const large = await walk(`${q}&limit=50`);
    expect(small.map((r) => r.url)).toEqual(large.map((r) => r.url));
    const { json } = await get(`${q}&limit=1`);
    expect(json.totalCapped).toBe(false);
    expect(json.total).toBe(large.length);
  }, 120_000);

  it.each([
    ["excludeAllergens=nuts,shellfish", "excludeAllergens", /gluten.*molluscs/],
    ["maxPrice=10", "maxPrice", /currency/],
    ["maxPrice=cheap&currency=EUR", "maxPrice", /number/],
    ["currency=EURO", "currency", /currency/],
    ["near=47.3", "near", /latitude/],
    ["near=91,8", "near", /latitude/],
    ["near=47,8&radiusKm=51", "radiusKm", /50/],
    ["radiusKm=3", "radiusKm", /near/],
    ["openAt=tomorrow", "openAt", /RFC 3339/],
    // JavaScript's date parser would roll these over (to 2 March, to 1 May)
    ["openAt=2026-02-30T10:00:00Z", "openAt", /2026-02-30 is no day of the calendar/],
    ["openAt=2026-04-31T10:00:00%2B02:00", "openAt", /no day of the calendar/],
    ["openNow=yes", "openNow", /true or false/],
    ["openNow=true&openAt=2026-07-10T19:30:00Z", "openAt", /either/],
    ["diet=Vegan!", "diet", /tags/],
    ["cursor=abc.def", "cursor", /cursor/],
  ])("%s is invalid_request naming %s", async (query, parameter, message) => {
    const { status, json, headers } = await get(`/api/public/dishes?${query}`);
    expect(status).toBe(400);
    expect(json.error).toBe("invalid_request");
    expect(json.message).toContain(`"${parameter}"`);
    expect(json.message).toMatch(message);
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it("rejects a cursor from another search or another endpoint, and a tampered one", async () => {
    const { json } = await get("/api/public/dishes?currency=EUR&limit=2");
    expect(json.nextCursor).toBeTruthy();
    const cursor = encodeURIComponent(json.nextCursor);
    for (const url of [`/api/public/dishes?currency=CHF&limit=2&cursor=${cursor}`, `/api/public/restaurants?cursor=${cursor}`, `/api/public/dishes?currency=EUR&cursor=x${cursor}`]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.json.error).toBe("invalid_request");
    }
    // The same filters with another page size: still the same search.
    expect((await get(`/api/public/dishes?currency=EUR&limit=5&cursor=${cursor}`)).status).toBe(200);
  });
});

// The demo menus' drinks sections, as the import files name them (prisma/demo/*.json).
const DEMO_DRINK_SECTIONS = ["Bebidas", "Nealko a víno", "Getränke", "Bier vom Fass", "Kaffee & Getränke", "お飲み物", "珈琲・お茶", "Napoje", "Kawa i herbata", "Dessert & dryck", "Douceurs et boissons", "Drinks"];
const isDemoDrink = (result: { category: string }) => DEMO_DRINK_SECTIONS.includes(result.category);

describe("dish order: ranked by how well the words match (issue 48, issue 47.7)", () => {
  it("tofu: Tofu-Rührei (tofu starts a word of its name) comes before Pad thai (tofu in its description)", async () => {
    for (const limit of [1, 3, 20]) {
      const names = (await walk(`/api/public/dishes?q=tofu&limit=${limit}`)).map((d) => d.name);
      expect(names).toContain("Pad thai");
      expect(names.indexOf("Tofu-Rührei"), names.join(", ")).toBeGreaterThanOrEqual(0);
      expect(names.indexOf("Tofu-Rührei"), names.join(", ")).toBeLessThan(names.indexOf("Pad thai"));
      // Every dish with tofu in a name comes before every dish with it only in a description.
      const inName = (await walk(`/api/public/dishes?q=tofu&limit=50`)).map((d) => [d.name, ...Object.values(d.translations ?? {}).map((t: any) => t?.name ?? "")].some((n) => fold(n).includes("tofu")));
      expect(inName.indexOf(false)).toBeGreaterThan(inName.lastIndexOf(true));
    }
  });

  it("vegan: dishes before drinks, so apple juice, kompot and tea are not listed first", async () => {
    const found = await walk("/api/public/dishes?diet=vegan&limit=7");
    const drinks = found.filter(isDemoDrink).map((d) => d.name);
    expect(drinks).toEqual(expect.arrayContaining(["Süssmost", "Apfelschorle", "Kompot domowy", "Herbata z cytryną"]));
    const kinds = found.map((d) => (isDemoDrink(d) ? "drink" : "dish"));
    expect(kinds.indexOf("drink"), found.map((d) => `${d.name} [${d.category}]`).join(", ")).toBeGreaterThan(kinds.lastIndexOf("dish"));
    // The diner's search box reads "vegan" as the diet: the same order on /search and /dishes.
    const first = (await get("/api/public/dishes?diet=vegan&limit=6")).json.results.map((d: { name: string }) => d.name);
    for (const page of ["/search?q=vegan", "/dishes?diet=vegan"]) {
      const { status, text } = await get(page);
      expect(status, page).toBe(200);
      expect(text.indexOf(first[0]), page).toBeGreaterThan(0);
      for (const name of ["Süssmost", "Kompot domowy", "Herbata z cytryną"]) {
        const at = text.indexOf(name);
        if (at >= 0) expect(at, `${page}: ${name}`).toBeGreaterThan(text.indexOf(first[0]));
      }
    }
  });

  it("walks every match exactly once in the ranked order, the same at any page size", async () => {
    for (const q of ["q=tofu", "diet=vegan", "q=a", "diet=vegetarian&currency=EUR"]) {
      const large = await walk(`/api/public/dishes?${q}&limit=50`);
      const small = await walk(`/api/public/dishes?${q}&limit=9`);
      expect(small.map((r) => r.url), q).toEqual(large.map((r) => r.url));
      expect(new Set(large.map((r) => r.url)).size).toBe(large.length);
    }
  }, 180_000);

  it("total is exact up to 100, then 100 with totalCapped: true, and pages and twins say 100+", async () => {
    const all = await walk("/api/public/dishes?limit=50");
    expect(all.length).toBeGreaterThan(100);
    const { json } = await get("/api/public/dishes?limit=1");
    expect({ total: json.total, totalCapped: json.totalCapped }).toEqual({ total: 100, totalCapped: true });
    const vegan = await walk("/api/public/dishes?diet=vegan&limit=50");
    expect(vegan.length).toBeLessThanOrEqual(100);
    const exact = (await get("/api/public/dishes?diet=vegan&limit=1")).json;
    expect({ total: exact.total, totalCapped: exact.totalCapped }).toEqual({ total: vegan.length, totalCapped: false });
    expect(htmlText((await get("/dishes")).text)).toMatch(/\b100\+ dishes/);
    expect((await get("/dishes.md")).text).toContain("100+");
  });
});

describe("GET /api/public/restaurants: pages, near and open", () => {
  it("walks every restaurant exactly once in name order, at any page size", async () => {
    const small = await walk("/api/public/restaurants?limit=7");
    const large = await walk("/api/public/restaurants?limit=50");
    expect(small.map((r) => r.slug)).toEqual(large.map((r) => r.slug));
    expect(new Set(small.map((r) => r.slug)).size).toBe(small.length);
    const { json } = await get("/api/public/restaurants?limit=1");
    expect(() => SearchResponseSchema.parse(json)).not.toThrow();
    expect(json.total).toBe(large.length);
  }, 60_000);

  it("near: every restaurant within the radius, nearest first, none missing", async () => {
    const center = { lat: 47.3769, lng: 8.5417 };
    const found = await walk(`/api/public/restaurants?near=${center.lat},${center.lng}&radiusKm=10&limit=3`);
    const d = found.map((r) => r.distanceKm);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    for (const r of found) {
      const m = menus.find((x) => x.slug === r.slug)!;
      expect(haversineKm(center, { lat: m.contact.latitude!, lng: m.contact.longitude! })).toBeLessThanOrEqual(10 * 1.01);
    }
    const inside = menus.filter((m) => m.contact.latitude !== null && haversineKm(center, { lat: m.contact.latitude, lng: m.contact.longitude! }) <= 9.9);
    expect(inside.length).toBeGreaterThan(0);
    for (const m of inside) expect(found.map((r) => r.slug)).toContain(m.slug);
  });

  it("openAt keeps exactly the restaurants open at that instant in their own time zone", async () => {
    for (const at of ["2026-07-10T19:30:00+02:00", "2026-07-11T00:30:00+02:00", "2026-07-06T03:00:00Z"]) {
      const found = await walk(`/api/public/restaurants?openAt=${encodeURIComponent(at)}&limit=10`);
      const expected = menus.filter((m) => isOpenAt(m.openingHours, zoneOfCityName(m.contact.city), new Date(at)) === true).map((m) => m.slug);
      expect(found.map((r) => r.slug).sort(), at).toEqual(expected.sort());
      for (const r of found) expect(r.openAt).toBe(true);
    }
  }, 60_000);

  it("openNow answers with the instant it used and marks each result", async () => {
    const { status, json } = await get("/api/public/restaurants?openNow=true");
    expect(status).toBe(200);
    expect(json.query.openNow).toBe(true);
    expect(Math.abs(Date.parse(json.query.openAt) - Date.now())).toBeLessThan(120_000);
    for (const r of json.results) expect(r.openNow).toBe(true);
  });
});
