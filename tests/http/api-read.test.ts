// The read API under /api/public against the running app (contract sections 2–4, 8).
import { describe, expect, it } from "vitest";
import {
  CuisinesSchema,
  LocationsSchema,
  PlansSchema,
  RestaurantSchema,
  SearchResponseSchema,
} from "../../lib/serializers/public-schemas";
import { PLANS } from "../../lib/plans";
import { baseUrl, get } from "../support/http";

const MARK = "PRIVATE-MARKER";
const UNPUBLISHED = ["draft-hofbraeu-keller", "closed-biergarten"];

describe("GET /api/public/restaurants/{slug}", () => {
  it("returns exactly the published fields", async () => {
    const { status, json, text, headers } = await get("/api/public/restaurants/zunfthaus-am-see");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(() => RestaurantSchema.parse(json)).not.toThrow();
    expect(text).not.toContain(MARK);
    expect(json.url).toBe(`${baseUrl()}/zunfthaus-am-see`);
    expect(json.currency).toBe("CHF");
    expect(json.languages).toEqual(["de", "en", "fr"]);
    expect(json.contact.city).toBe("Zürich");
    expect(json.images.logo).toBe(`${baseUrl()}/demo/logos/zunfthaus.svg`);
    expect(json.ratings.travel).toEqual({ rating: 4.5, reviewCount: null });
  });

  it("hides hidden categories and keeps unavailable items, marked", async () => {
    const { json } = await get("/api/public/restaurants/zunfthaus-am-see");
    expect(json.categories.map((c: { name: string }) => c.name)).toEqual(["Vorspeisen", "Hauptgänge"]);
    const tatar = json.categories[0].items[1];
    expect(tatar).toMatchObject({ name: "Tatar vom Rind", isAvailable: false, variants: [{ name: "Klein", price: 19.5 }, { name: "Gross", price: 28 }] });
  });

  it("publishes prices in major units of the restaurant's currency", async () => {
    const { json } = await get("/api/public/restaurants/sushi-kaze");
    expect(json.categories[0].items[0]).toMatchObject({ price: 800, currency: "JPY" });
    expect(json.openingHours).toBeNull();
    const zunft = (await get("/api/public/restaurants/zunfthaus-am-see")).json;
    expect(zunft.categories[0].items[0]).toMatchObject({ price: 14.5, compareAtPrice: 16, currency: "CHF" });
  });

  it.each([...UNPUBLISHED, "no-such-restaurant", "ZUNFTHAUS-AM-SEE", "%00", "zunfthaus-am-see%00", "x".repeat(300)])("answers not_found for %.40s", async (slug) => {
    const { status, json, headers } = await get(`/api/public/restaurants/${slug}`);
    expect(status).toBe(slug.length > 200 ? 400 : 404);
    expect(json.error).toBe(slug.length > 200 ? "invalid_request" : "not_found");
    expect(headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /api/public/restaurants (search)", () => {
  it("uses a stable envelope with a total count", async () => {
    const { status, json, headers } = await get("/api/public/restaurants");
    expect(status).toBe(200);
    expect(() => SearchResponseSchema.parse(json)).not.toThrow();
    expect(json.query).toEqual({ q: null, city: null, cuisine: null, limit: 20 });
    expect(json.count).toBe(json.results.length);
    expect(json.total).toBeGreaterThanOrEqual(json.count);
    expect(headers.get("cache-control")).toMatch(/s-maxage=60\b/);
  });

  it("carries slug, url, markdownUrl and apiUrl as absolute URLs", async () => {
    const { json } = await get("/api/public/restaurants?q=zunfthaus");
    expect(json.results).toHaveLength(1);
    expect(json.results[0]).toMatchObject({
      slug: "zunfthaus-am-see",
      url: `${baseUrl()}/zunfthaus-am-see`,
      markdownUrl: `${baseUrl()}/zunfthaus-am-see.md`,
      apiUrl: `${baseUrl()}/api/public/restaurants/zunfthaus-am-see`,
      name: "Zunfthaus am See",
      city: "Zürich",
      cuisine: "Swiss",
    });
  });

  it.each([
    ["q=ZUNFTHAUS", "zunfthaus-am-see"],
    ["q=perch", "zunfthaus-am-see"],
    ["q=omakase", "sushi-kaze"],
    ["q=wirtshaus-zur", "wirtshaus-zur-post"],
    ["q=KNÖDEL", "wirtshaus-zur-post"],
    ["q=100%25", "wirtshaus-zur-post"],
    ["city=zürich", "zunfthaus-am-see"],
    ["city=Z%C3%9CRICH", "zunfthaus-am-see"],
    ["city=zurich", "zunfthaus-am-see"],
    ["city=m%C3%BCnchen&cuisine=BAVARIAN", "wirtshaus-zur-post"],
    ["cuisine=japanese", "sushi-kaze"],
  ])("%s finds %s", async (query, slug) => {
    const { status, json } = await get(`/api/public/restaurants?${query}&limit=50`);
    expect(status).toBe(200);
    expect(json.results.map((r: { slug: string }) => r.slug)).toContain(slug);
  });

  it.each(["q=%25", "q=_", "q=%5C"])("treats %s as text, not a wildcard", async (query) => {
    const { json } = await get(`/api/public/restaurants?${query}`);
    const all = (await get("/api/public/restaurants?limit=50")).json;
    expect(json.total).toBeLessThan(all.total);
  });

  it("never lists unpublished or inactive restaurants", async () => {
    for (const query of ["q=draft", "q=closed", "q=keller", "q=biergarten", `q=${MARK}`, "city=munich", "cuisine=bavarian", "q="]) {
      const { json } = await get(`/api/public/restaurants?${query}&limit=50`);
      const slugs = json.results.map((r: { slug: string }) => r.slug);
      for (const hidden of UNPUBLISHED) expect(slugs).not.toContain(hidden);
      expect(JSON.stringify(json.results)).not.toContain(MARK);
    }
    const munich = await get("/api/public/restaurants?city=munich&cuisine=bavarian&limit=50");
    expect(munich.json.results.map((r: { slug: string }) => r.slug)).toContain("wirtshaus-zur-post");
  });

  it.each([
    ["0", 1],
    ["-5", 1],
    ["1", 1],
    ["500", 50],
    ["9007199254740991", 50],
    // One number grammar for every query parameter (issue 28.7): exponents, a leading "+", "10.0".
    ["1e2", 50],
    ["2E0", 2],
    ["+3", 3],
    ["10.0", 10],
  ])("clamps limit=%s to %i", async (limit, expected) => {
    const { status, json } = await get(`/api/public/restaurants?limit=${limit}`);
    expect(status).toBe(200);
    expect(json.query.limit).toBe(expected);
    expect(json.results.length).toBeLessThanOrEqual(expected);
  });

  // Whole numbers are clamped up to the largest a double holds exactly (what /openapi.json states).
  it.each(["abc", "2.5", "1e-1", "0x10", "Infinity", "1e400", "99999999999999999999999", ""])("rejects limit=%s unless empty", async (limit) => {
    const { status, json } = await get(`/api/public/restaurants?limit=${limit}`);
    if (limit === "") {
      expect(status).toBe(200);
      return;
    }
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: "invalid_request", status: 400 });
    expect(json.message).toContain("limit");
  });

  it.each([
    ["q", "x".repeat(5000)],
    ["q", "%00"],
    ["q", "%1B%5B31m"],
    ["q", encodeURIComponent("' OR 1=1 --")],
    ["q", encodeURIComponent("\"; DROP TABLE \"Restaurant\"; --")],
    ["city", encodeURIComponent("<script>alert(1)</script>")],
    ["cuisine", "%F0%9F%8D%95"],
    ["q", "%E0%A4%A"],
    ["limit", "%00"],
  ])("answers hostile %s=%.40s with 200 or a documented 4xx", async (name, value) => {
    const { status, json, headers } = await get(`/api/public/restaurants?${name}=${value}`);
    expect([200, 400]).toContain(status);
    expect(headers.get("content-type")).toContain("application/json");
    if (status === 400) expect(json.error).toBe("invalid_request");
  });

  it("rejects a parameter given twice", async () => {
    const { status, json } = await get("/api/public/restaurants?city=zurich&city=munich");
    expect(status).toBe(400);
    expect(json.error).toBe("invalid_request");
  });
});

describe("directory and plans", () => {
  it("GET /api/public/locations lists countries and cities, non-ASCII names intact", async () => {
    const { status, json, headers } = await get("/api/public/locations");
    expect(status).toBe(200);
    expect(() => LocationsSchema.parse(json)).not.toThrow();
    expect(json.cities).toEqual(expect.arrayContaining([expect.objectContaining({ slug: "zurich", name: "Zürich", country: "switzerland", countryName: "Switzerland" })]));
    const switzerland = json.countries.find((c: { slug: string }) => c.slug === "switzerland");
    expect(switzerland.cities).toContain("zurich");
    expect(switzerland.url).toBe(`${baseUrl()}/locations/switzerland`);
    expect(headers.get("cache-control")).toMatch(/s-maxage=86400\b/);
  });

  it("GET /api/public/cuisines lists the cuisines", async () => {
    const { json, headers } = await get("/api/public/cuisines");
    expect(() => CuisinesSchema.parse(json)).not.toThrow();
    expect(json.cuisines).toEqual(expect.arrayContaining([expect.objectContaining({ slug: "swiss", name: "Swiss", url: `${baseUrl()}/cuisines/swiss` })]));
    expect(headers.get("cache-control")).toMatch(/s-maxage=86400\b/);
  });

  it("GET /api/public/plans serves the enforced constants", async () => {
    const { json, headers } = await get("/api/public/plans");
    expect(() => PlansSchema.parse(json)).not.toThrow();
    expect(json.plans.map((p: { id: string }) => p.id)).toEqual(PLANS.map((p) => p.id));
    for (const plan of PLANS) {
      const served = json.plans.find((p: { id: string }) => p.id === plan.id);
      expect(served.limits).toEqual(plan.limits);
      expect(served.pricing).toEqual(plan.pricing);
      expect(served.priceCurrency).toBe("EUR");
    }
    expect(json.plans.find((p: { id: string }) => p.id === "pro").limits.menuItems).toBeNull();
    expect(headers.get("cache-control")).toMatch(/s-maxage=86400\b/);
  });

  it("GET /api/public indexes every endpoint with an example and the error codes", async () => {
    const { status, json } = await get("/api/public");
    expect(status).toBe(200);
    const paths = json.endpoints.map((e: { path: string }) => e.path);
    for (const p of ["/api/public/restaurants", "/api/public/restaurants/{slug}", "/api/public/locations", "/api/public/cuisines", "/api/public/plans"]) {
      expect(paths).toContain(p);
    }
    for (const e of json.endpoints) expect(e.example).toMatch(new RegExp(`^${baseUrl()}/`));
    const codes = json.errors.codes.map((c: { error: string }) => c.error);
    expect(codes).toEqual(expect.arrayContaining(["not_found", "invalid_request", "invalid_json", "method_not_allowed", "not_acceptable", "rate_limited", "internal_error"]));
  });
});
