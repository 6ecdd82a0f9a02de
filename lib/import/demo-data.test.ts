// The demo data (prisma/demo/*.json) is what a fresh install shows and what the API tests read.
// These checks state the rules it must follow; thresholds come from the rules, not from the data.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALLERGENS } from "../menu/allergens";
import { currencyDigits } from "../menu/money";
import { PLANS, planById } from "../plans";
import { importFileSchema, type ImportFile, type ImportItem, type ImportRestaurant } from "./import-schema";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DEMO_DIR = path.join(ROOT, "prisma/demo");
const MARKER = "PRIVATE-MARKER";

const files = readdirSync(DEMO_DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();
const parsed = files.map((file) => ({ file, result: importFileSchema.safeParse(JSON.parse(readFileSync(path.join(DEMO_DIR, file), "utf8"))) }));
const data: ImportFile = { scope: { restaurants: [], owners: [] }, countries: [], cities: [], cuisines: [], owners: [], restaurants: [], remove: [] };
for (const { result } of parsed) {
  if (!result.success) continue;
  for (const key of ["countries", "cities", "cuisines", "owners", "restaurants"] as const) (data[key] as unknown[]).push(...result.data[key]);
}

const restaurants = data.restaurants;
const isPublic = (r: ImportRestaurant) => r.active && r.published;
const publicRestaurants = restaurants.filter(isPublic);
const drafts = restaurants.filter((r) => r.active && !r.published);
const inactive = restaurants.filter((r) => !r.active);
const allItems = restaurants.flatMap((r) => r.categories.flatMap((c) => c.items));
/** What the API may show: visible categories of published, active restaurants. */
const publicItems = publicRestaurants.flatMap((r) => r.categories.filter((c) => c.visible).flatMap((c) => c.items));
const itemCount = (r: ImportRestaurant) => r.categories.reduce((n, c) => n + c.items.length, 0);
const nonAscii = (s: string) => /[^\u0000-\u007f]/.test(s);
const ownerPlan = new Map(data.owners.map((o) => [o.email.toLowerCase(), o.plan]));

describe("demo data files", () => {
  it("exist and every file passes the import schema", () => {
    expect(files.length).toBeGreaterThan(1);
    for (const { file, result } of parsed) {
      expect(result.success, `${file}: ${result.success ? "" : JSON.stringify(result.error.issues.slice(0, 3))}`).toBe(true);
    }
  });

  it("has no duplicate slugs or owners across files", () => {
    for (const list of [data.countries.map((c) => c.slug), data.countries.map((c) => c.code), data.cities.map((c) => c.slug), data.cuisines.map((c) => c.slug), data.owners.map((o) => o.email.toLowerCase()), restaurants.map((r) => r.slug)]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });
});

describe("directory", () => {
  it("has at least 8 countries, 25 cities and 15 cuisines", () => {
    expect(data.countries.length).toBeGreaterThanOrEqual(8);
    expect(data.cities.length).toBeGreaterThanOrEqual(25);
    expect(data.cuisines.length).toBeGreaterThanOrEqual(15);
  });

  it("has several cities with non-ASCII names", () => {
    expect(data.cities.filter((c) => nonAscii(c.name)).length).toBeGreaterThanOrEqual(5);
  });

  it("gives most cities a short dining scene and leaves a few without", () => {
    const withScene = data.cities.filter((c) => c.diningScene !== null);
    expect(withScene.length).toBeGreaterThan(data.cities.length / 2);
    expect(withScene.length).toBeLessThan(data.cities.length);
    for (const c of withScene) expect(c.diningScene!.length).toBeLessThanOrEqual(300);
  });

  it("gives every cuisine a plural name and a one-line tagline", () => {
    for (const c of data.cuisines) {
      expect(c.namePlural).not.toBe(c.name);
      expect(c.tagline).not.toContain("\n");
    }
  });

  it("resolves every reference", () => {
    const countries = new Set(data.countries.map((c) => c.slug));
    const cities = new Set(data.cities.map((c) => c.slug));
    const cuisines = new Set(data.cuisines.map((c) => c.slug));
    for (const c of data.cities) expect(countries.has(c.country), c.slug).toBe(true);
    for (const r of restaurants) {
      expect(r.city && cities.has(r.city), `${r.slug} city`).toBe(true);
      expect(r.cuisine && cuisines.has(r.cuisine), `${r.slug} cuisine`).toBe(true);
      expect(ownerPlan.has(r.owner.toLowerCase()), `${r.slug} owner`).toBe(true);
    }
  });

  it("lists no city or cuisine without a published restaurant", () => {
    for (const c of data.cities) expect(publicRestaurants.some((r) => r.city === c.slug), c.slug).toBe(true);
    for (const c of data.cuisines) expect(publicRestaurants.some((r) => r.cuisine === c.slug), c.slug).toBe(true);
  });

  it("uses the reserved example domain for every owner", () => {
    for (const o of data.owners) expect(o.email).toMatch(/@example\.(com|org|net)$/);
  });
});

describe("restaurants", () => {
  it("has at least 40 published, active restaurants", () => {
    expect(publicRestaurants.length).toBeGreaterThanOrEqual(40);
  });

  it("has at least 3 drafts and 3 inactive restaurants whose slugs make a leak obvious", () => {
    expect(drafts.length).toBeGreaterThanOrEqual(3);
    expect(inactive.length).toBeGreaterThanOrEqual(3);
    for (const r of drafts) expect(r.slug.startsWith("draft-"), r.slug).toBe(true);
    for (const r of inactive) expect(r.slug.startsWith("closed-"), r.slug).toBe(true);
    for (const r of publicRestaurants) expect(/^(draft|closed)-/.test(r.slug), r.slug).toBe(false);
  });

  it("has 3–6 categories and 6–25 items per menu", () => {
    for (const r of restaurants) {
      expect(r.categories.length, r.slug).toBeGreaterThanOrEqual(3);
      expect(r.categories.length, r.slug).toBeLessThanOrEqual(6);
      expect(itemCount(r), r.slug).toBeGreaterThanOrEqual(6);
      expect(itemCount(r), r.slug).toBeLessThanOrEqual(25);
    }
  });

  it("respects the plan limits of every owner", () => {
    const perOwner = new Map<string, ImportRestaurant[]>();
    for (const r of restaurants) perOwner.set(r.owner.toLowerCase(), [...(perOwner.get(r.owner.toLowerCase()) ?? []), r]);
    for (const [owner, list] of perOwner) {
      const plan = planById(ownerPlan.get(owner)!);
      expect(plan, owner).toBeDefined();
      const { restaurants: maxRestaurants, menuItems, languages } = plan!.limits;
      if (maxRestaurants !== null) expect(list.length, owner).toBeLessThanOrEqual(maxRestaurants);
      for (const r of list) {
        if (menuItems !== null) expect(itemCount(r), r.slug).toBeLessThanOrEqual(menuItems);
        if (languages !== null) expect(r.languages.length, r.slug).toBeLessThanOrEqual(languages);
      }
    }
  });

  it("has owners on every plan, and each free owner has at most one restaurant", () => {
    for (const plan of PLANS) expect(data.owners.some((o) => o.plan === plan.id), plan.id).toBe(true);
    const free = data.owners.filter((o) => o.plan === "free");
    const withRestaurant = free.filter((o) => restaurants.some((r) => r.owner.toLowerCase() === o.email.toLowerCase()));
    expect(withRestaurant.length).toBeGreaterThan(0);
    for (const o of free) expect(restaurants.filter((r) => r.owner.toLowerCase() === o.email.toLowerCase()).length).toBeLessThanOrEqual(1);
    // A pro owner actually uses the plan: more than one restaurant.
    const pro = data.owners.filter((o) => o.plan === "pro");
    expect(pro.some((o) => restaurants.filter((r) => r.owner.toLowerCase() === o.email.toLowerCase()).length > 1)).toBe(true);
  });

  it("uses at least 5 currencies, with prices no finer than each currency allows", () => {
    const currencies = new Set(restaurants.map((r) => r.currency));
    expect(currencies.size).toBeGreaterThanOrEqual(5);
    expect([...currencies].some((c) => currencyDigits(c) === 0)).toBe(true);
    // (The schema rejects extra decimals; this checks zero-decimal currencies really use whole units.)
    for (const r of restaurants.filter((x) => currencyDigits(x.currency) === 0)) {
      for (const c of r.categories) for (const i of c.items) expect(Number.isInteger(i.price), `${r.slug} ${i.name}`).toBe(true);
    }
  });

  it("gives public restaurants complete contact details, with restaurants of one city close together", () => {
    for (const r of publicRestaurants) {
      for (const field of ["phone", "address", "postalCode", "latitude", "longitude"] as const) expect(r.contact[field], `${r.slug} ${field}`).not.toBeNull();
    }
    const byCity = new Map<string, ImportRestaurant[]>();
    for (const r of restaurants) byCity.set(r.city!, [...(byCity.get(r.city!) ?? []), r]);
    for (const [city, list] of byCity) {
      const lats = list.map((r) => r.contact.latitude!);
      const lons = list.map((r) => r.contact.longitude!);
      expect(Math.max(...lats) - Math.min(...lats), city).toBeLessThan(0.1);
      expect(Math.max(...lons) - Math.min(...lons), city).toBeLessThan(0.1);
    }
  });

  it("has opening hours with closed days, late closings and a few restaurants without hours", () => {
    const withHours = restaurants.filter((r) => r.openingHours !== null);
    expect(restaurants.length - withHours.length).toBeGreaterThanOrEqual(2);
    expect(withHours.some((r) => Object.keys(r.openingHours!).length < 7)).toBe(true);
    expect(withHours.some((r) => Object.values(r.openingHours!).some((range) => range!.slice(6) >= "23:00"))).toBe(true);
    expect(publicRestaurants.some((r) => r.openingHours === null)).toBe(true);
  });

  it("has both ratings, some missing and some without a review count", () => {
    const ratings = restaurants.flatMap((r) => [r.ratings.search, r.ratings.travel]);
    expect(ratings.some((x) => x === null)).toBe(true);
    expect(ratings.some((x) => x !== null && x.reviewCount === null)).toBe(true);
    expect(restaurants.some((r) => r.ratings.search !== null && r.ratings.travel !== null)).toBe(true);
  });
});

describe("menus", () => {
  it("uses every one of the 14 allergens on public menus", () => {
    for (const a of ALLERGENS) expect(publicItems.some((i) => i.allergens.includes(a)), a).toBe(true);
  });

  it("offers at least 4 languages overall, and most multilingual pro menus are fully translated", () => {
    const languages = new Set(restaurants.flatMap((r) => r.languages));
    expect(languages.size).toBeGreaterThanOrEqual(4);
    const multilingualPro = restaurants.filter((r) => ownerPlan.get(r.owner.toLowerCase()) === "pro" && r.languages.length >= 3);
    const proCount = restaurants.filter((r) => ownerPlan.get(r.owner.toLowerCase()) === "pro").length;
    expect(multilingualPro.length).toBeGreaterThan(proCount / 2);
    const complete = (r: ImportRestaurant) =>
      r.languages
        .filter((l) => l !== r.defaultLanguage)
        .every((l) => r.categories.every((c) => c.translations[l]?.name && c.items.every((i) => i.translations[l]?.name)));
    expect(multilingualPro.filter(complete).length).toBeGreaterThan(multilingualPro.length / 2);
  });

  it("has the dietary tags a diner filters by", () => {
    const tags = new Set(publicItems.flatMap((i) => i.tags));
    for (const t of ["vegan", "vegetarian", "gluten-free", "spicy", "halal", "lactose-free"]) expect(tags.has(t), t).toBe(true);
  });

  it("never tags a vegan or gluten-free item with a contradicting allergen", () => {
    const animal = new Set(["milk", "eggs", "fish", "crustaceans", "molluscs"]);
    for (const i of allItems) {
      if (i.tags.includes("vegan")) expect(i.allergens.filter((a) => animal.has(a)), i.name).toEqual([]);
      if (i.tags.includes("gluten-free")) expect(i.allergens.includes("gluten"), i.name).toBe(false);
      if (i.tags.includes("lactose-free")) expect(i.allergens.includes("milk"), i.name).toBe(false);
    }
  });

  it("shows variants, old prices, badges, nutrition, unavailable items and images", () => {
    const some = (f: (i: ImportItem) => boolean) => publicItems.some(f);
    expect(some((i) => (i.variants?.length ?? 0) >= 2)).toBe(true);
    expect(some((i) => i.compareAtPrice !== null && i.compareAtPrice > i.price)).toBe(true);
    expect(some((i) => i.badge !== null)).toBe(true);
    expect(some((i) => i.nutrition !== null)).toBe(true);
    expect(some((i) => !i.available)).toBe(true);
    expect(some((i) => i.imageUrl !== null)).toBe(true);
  });

  it("refers only to images that exist under public/ (no external hosts)", () => {
    const urls = [
      ...restaurants.flatMap((r) => [r.images.logo, r.images.banner]),
      ...allItems.map((i) => i.imageUrl),
    ].filter((u): u is string => u !== null);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of new Set(urls)) {
      expect(u.startsWith("/"), u).toBe(true);
      expect(existsSync(path.join(ROOT, "public", u)), u).toBe(true);
    }
    expect(publicRestaurants.every((r) => r.images.logo !== null)).toBe(true);
  });
});

describe("private data (for leak tests)", () => {
  it(`marks every internal note and every hidden category with ${MARKER}`, () => {
    const notes = restaurants.flatMap((r) => [r.internalNotes, ...r.categories.flatMap((c) => [c.internalNotes, ...c.items.map((i) => i.internalNotes)])]).filter((n) => n !== null);
    for (const note of notes) expect(note).toContain(MARKER);
    const hidden = restaurants.flatMap((r) => r.categories.filter((c) => !c.visible));
    for (const c of hidden) {
      expect(c.name).toContain(MARKER);
      for (const t of Object.values(c.translations)) expect(t.name).toContain(MARKER);
    }
    expect(notes.length).toBeGreaterThan(restaurants.length);
    expect(hidden.length).toBeGreaterThanOrEqual(5);
    expect(publicRestaurants.filter((r) => r.categories.some((c) => !c.visible)).length).toBeGreaterThanOrEqual(3);
  });

  it("marks the descriptions of drafts and inactive restaurants", () => {
    for (const r of [...drafts, ...inactive]) expect(r.description, r.slug).toContain(MARKER);
  });

  it("keeps the marker out of everything public", () => {
    for (const r of publicRestaurants) {
      const shown = JSON.stringify({
        name: r.name,
        description: r.description,
        contact: r.contact,
        categories: r.categories.filter((c) => c.visible).map((c) => ({ ...c, internalNotes: null, items: c.items.map((i) => ({ ...i, internalNotes: null, cost: null })) })),
      });
      expect(shown.includes(MARKER), r.slug).toBe(false);
    }
  });

  it("records a private cost on many items", () => {
    expect(allItems.filter((i) => i.cost !== null).length).toBeGreaterThan(allItems.length / 3);
  });
});
