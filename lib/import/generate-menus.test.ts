import { afterEach, describe, expect, it, vi } from "vitest";
import demoDirectory from "../../prisma/demo/directory.json";
import { planById } from "../plans";
import { GENERATED_MARKER, generateMenus, generatedDirectory, mulberry32, slugify, type GenerateMenusOptions } from "./generate-menus";
import { importFileSchema, type ImportFile, type ImportRestaurant } from "./import-schema";

const serialize = (options: GenerateMenusOptions) => [...generateMenus(options)].map((b) => JSON.stringify(b));
const restaurantsOf = (batches: ImportFile[]) => batches.flatMap((b) => b.restaurants);
const itemCount = (r: ImportRestaurant) => r.categories.reduce((n, c) => n + c.items.length, 0);

// One mid-sized run shared by the structural tests (small menus keep it quick).
const SAMPLE = { restaurants: 1500, seed: 7, itemsPerRestaurant: 12, batchSize: 400 };
const sample = [...generateMenus(SAMPLE)];
const sampleRestaurants = restaurantsOf(sample);

afterEach(() => vi.restoreAllMocks());

describe("mulberry32", () => {
  it("is a deterministic stream in [0, 1)", () => {
    const a = mulberry32(123);
    const b = mulberry32(123);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });
});

describe("generateMenus determinism", () => {
  it("gives byte-identical batches for the same seed", () => {
    const options = { restaurants: 700, seed: 42, itemsPerRestaurant: 20, batchSize: 250 };
    expect(serialize(options)).toEqual(serialize(options));
  });

  it("gives different data for a different seed", () => {
    const a = serialize({ restaurants: 200, seed: 1, itemsPerRestaurant: 10 });
    const b = serialize({ restaurants: 200, seed: 2, itemsPerRestaurant: 10 });
    expect(a).not.toEqual(b);
    const slugsA = new Set(JSON.parse(a[0]).restaurants.map((r: ImportRestaurant) => r.slug));
    const slugsB: string[] = JSON.parse(b[0]).restaurants.map((r: ImportRestaurant) => r.slug);
    expect(slugsB.filter((s) => slugsA.has(s)).length).toBeLessThan(slugsB.length / 2);
  });

  it("derives each restaurant from (seed, index) alone, whatever the batch size", () => {
    const small = restaurantsOf([...generateMenus({ restaurants: 300, seed: 9, itemsPerRestaurant: 8, batchSize: 7 })]);
    const large = restaurantsOf([...generateMenus({ restaurants: 300, seed: 9, itemsPerRestaurant: 8, batchSize: 1000 })]);
    expect(JSON.stringify(small)).toBe(JSON.stringify(large));
  });

  it("uses neither Math.random nor the clock", () => {
    vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random called");
    });
    vi.spyOn(Date, "now").mockImplementation(() => {
      throw new Error("Date.now called");
    });
    expect(() => [...generateMenus({ restaurants: 50, seed: 3, itemsPerRestaurant: 30 })]).not.toThrow();
  });
});

describe("generateMenus output", () => {
  it("produces exactly the requested number of restaurants, in batches of at most batchSize", () => {
    expect(sampleRestaurants).toHaveLength(SAMPLE.restaurants);
    expect(sample).toHaveLength(Math.ceil(SAMPLE.restaurants / SAMPLE.batchSize));
    for (const batch of sample) expect(batch.restaurants.length).toBeLessThanOrEqual(SAMPLE.batchSize);
    for (const n of [0, 1, 499, 500, 501]) {
      const batches = [...generateMenus({ restaurants: n, seed: 5, itemsPerRestaurant: 3 })];
      expect(restaurantsOf(batches)).toHaveLength(n);
      expect(batches.length).toBe(Math.max(1, Math.ceil(n / 500)));
      expect(batches[0].cities.length).toBeGreaterThan(0);
    }
  });

  it("gives every restaurant exactly itemsPerRestaurant items", () => {
    for (const r of sampleRestaurants) expect(itemCount(r)).toBe(SAMPLE.itemsPerRestaurant);
    const [big] = [...generateMenus({ restaurants: 5, seed: 11 })];
    for (const r of big.restaurants) expect(itemCount(r)).toBe(50);
  });

  it("produces batches that pass the import schema", () => {
    for (const batch of sample) {
      // Through JSON, as the CLI writes or streams them.
      const result = importFileSchema.safeParse(JSON.parse(JSON.stringify(batch)));
      expect(result.success, result.success ? "" : JSON.stringify(result.error.issues.slice(0, 3))).toBe(true);
    }
  });

  it("has unique slugs and resolvable references", () => {
    const slugs = sampleRestaurants.map((r) => r.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const [first] = sample;
    const countries = new Set(first.countries.map((c) => c.slug));
    const cities = new Set(first.cities.map((c) => c.slug));
    const cuisines = new Set(first.cuisines.map((c) => c.slug));
    for (const c of first.cities) expect(countries.has(c.country)).toBe(true);
    for (const batch of sample.slice(1)) expect(batch.countries.length + batch.cities.length + batch.cuisines.length).toBe(0);
    const owners = new Set<string>();
    for (const batch of sample) {
      for (const o of batch.owners) owners.add(o.email);
      // An owner is introduced in the batch of its first restaurant (or earlier), never later.
      for (const r of batch.restaurants) {
        expect(owners.has(r.owner)).toBe(true);
        expect(cities.has(r.city!)).toBe(true);
        expect(cuisines.has(r.cuisine!)).toBe(true);
      }
    }
  });

  it("keeps every owner within the limits of their plan", () => {
    const plans = new Map(sample.flatMap((b) => b.owners).map((o) => [o.email, o.plan]));
    const perOwner = new Map<string, ImportRestaurant[]>();
    for (const r of sampleRestaurants) perOwner.set(r.owner, [...(perOwner.get(r.owner) ?? []), r]);
    expect(perOwner.size).toBe(plans.size);
    for (const [owner, list] of perOwner) {
      const plan = planById(plans.get(owner)!);
      expect(plan).toBeDefined();
      const { restaurants, menuItems, languages } = plan!.limits;
      if (restaurants !== null) expect(list.length).toBeLessThanOrEqual(restaurants);
      for (const r of list) {
        if (menuItems !== null) expect(itemCount(r)).toBeLessThanOrEqual(menuItems);
        if (languages !== null) expect(r.languages.length).toBeLessThanOrEqual(languages);
      }
    }
    // Different seeds never share owner accounts, so loading two seeds cannot push anyone over a limit.
    const [other] = [...generateMenus({ restaurants: 100, seed: SAMPLE.seed + 1, itemsPerRestaurant: 1 })];
    expect(other.owners.some((o) => plans.has(o.email))).toBe(false);
  });

  it("is mostly published and active, with some drafts and inactive restaurants marked by slug", () => {
    const visible = sampleRestaurants.filter((r) => r.active && r.published);
    expect(visible.length / sampleRestaurants.length).toBeGreaterThan(0.8);
    const drafts = sampleRestaurants.filter((r) => r.active && !r.published);
    const inactive = sampleRestaurants.filter((r) => !r.active);
    expect(drafts.length).toBeGreaterThan(0);
    expect(inactive.length).toBeGreaterThan(0);
    for (const r of drafts) expect(r.slug.startsWith("draft-")).toBe(true);
    for (const r of inactive) expect(r.slug.startsWith("closed-")).toBe(true);
    for (const r of visible) expect(/^(draft|closed)-/.test(r.slug)).toBe(false);
  });

  it("spreads restaurants over ~50 cities and ~15 cuisines", () => {
    const cities = new Set(sampleRestaurants.map((r) => r.city));
    const cuisines = new Set(sampleRestaurants.map((r) => r.cuisine));
    expect(cities.size).toBeGreaterThanOrEqual(45);
    expect(cuisines.size).toBeGreaterThanOrEqual(14);
    const perCity = [...cities].map((c) => sampleRestaurants.filter((r) => r.city === c).length);
    expect(Math.max(...perCity)).toBeLessThan(sampleRestaurants.length / 10);
  });

  it("builds names from word lists so a name search hits a reasonable fraction", () => {
    const words = new Map<string, number>();
    for (const r of sampleRestaurants) for (const w of new Set(r.name.toLowerCase().split(/\s+/))) words.set(w, (words.get(w) ?? 0) + 1);
    const frequent = [...words.values()].filter((n) => n / sampleRestaurants.length >= 0.005 && n / sampleRestaurants.length <= 0.2);
    expect(frequent.length).toBeGreaterThan(20);
    // No single word matches (nearly) everything, and names repeat across cities.
    expect(Math.max(...words.values()) / sampleRestaurants.length).toBeLessThan(0.3);
    expect(new Set(sampleRestaurants.map((r) => r.name)).size).toBeLessThan(sampleRestaurants.length);
  });

  it("marks every private text so leaks are detectable", () => {
    for (const r of sampleRestaurants) {
      if (r.internalNotes) expect(r.internalNotes).toContain(GENERATED_MARKER);
      for (const c of r.categories) {
        if (!c.visible) {
          expect(c.name).toContain(GENERATED_MARKER);
          for (const t of Object.values(c.translations)) expect(t.name).toContain(GENERATED_MARKER);
        }
        if (c.internalNotes) expect(c.internalNotes).toContain(GENERATED_MARKER);
        for (const i of c.items) if (i.internalNotes) expect(i.internalNotes).toContain(GENERATED_MARKER);
      }
    }
    expect(sampleRestaurants.some((r) => r.categories.some((c) => !c.visible))).toBe(true);
    expect(sampleRestaurants.some((r) => r.categories.some((c) => c.items.some((i) => i.cost !== null)))).toBe(true);
  });

  it("uses slugs the schema accepts even for names with diacritics", () => {
    expect(slugify("Karczma Stary Młyn")).toBe("karczma-stary-mlyn");
    expect(slugify("Phở Sài Gòn")).toBe("pho-sai-gon");
    expect(slugify("Café Lumière & Co.")).toBe("cafe-lumiere-co");
    for (const r of sampleRestaurants) expect(r.slug.length).toBeLessThanOrEqual(80);
  });
});

describe("generatedDirectory", () => {
  it("reuses the demo data's entries unchanged where slugs overlap", () => {
    const dir = generatedDirectory();
    const demoParsed = importFileSchema.parse(demoDirectory);
    for (const [mine, demo] of [
      [dir.countries, demoParsed.countries],
      [dir.cities, demoParsed.cities],
      [dir.cuisines, demoParsed.cuisines],
    ] as [{ slug: string }[], { slug: string }[]][]) {
      for (const d of demo) {
        const m = mine.find((x) => x.slug === d.slug);
        if (m) expect(m).toEqual(d);
      }
    }
    expect(new Set(dir.countries.map((c) => c.code)).size).toBe(dir.countries.length);
    expect(dir.cities.length).toBeGreaterThanOrEqual(45);
  });
});
