import { describe, expect, it } from "vitest";
import { RestaurantSchema, SearchResultSchema } from "./public-schemas";
import { restaurantSelect, serializeRestaurant, serializeSearchResult, type RestaurantRow } from "./restaurant";
import { resetConfig } from "../config";

const MARK = "PRIVATE-MARKER";

// A row as a careless query would return it: every column, private ones included.
function fullRow() {
  return {
    id: 7,
    slug: "trattoria",
    name: "Trattoria",
    description: null,
    // the row's bookkeeping date (moved by counters) is private; contentUpdatedAt is published
    updatedAt: new Date("2026-09-09T09:09:09.000Z"),
    contentUpdatedAt: new Date("2026-01-02T03:04:05.000Z"),
    contentHash: MARK,
    createdAt: new Date("2025-01-01T00:00:00.000Z"),
    currency: "JPY",
    defaultLanguage: "it",
    languages: ["it", "en"],
    cuisineId: 1,
    cuisine: { name: "Italian", id: 1, nameKey: MARK },
    cityId: 2,
    city: { name: "Zürich", id: 2, country: { name: "Switzerland", code: MARK } },
    phone: "+41 1",
    address: null,
    postalCode: "8001",
    latitude: 47.3,
    longitude: 8.5,
    openingHours: { sun: "12:00-15:00", mon: "11:00-22:00", xyz: MARK },
    logoUrl: "/demo/logo.svg",
    bannerUrl: null,
    searchRating: 4.5,
    searchReviewCount: null,
    travelRating: null,
    travelReviewCount: 12,
    searchText: MARK,
    isActive: true,
    menuPublished: true,
    ownerId: 99,
    owner: { email: `${MARK}@example.com` },
    internalNotes: MARK,
    viewCount: 123456,
    qrScanCount: 654321,
    categories: [
      {
        id: 5,
        position: 0,
        isVisible: true,
        internalNotes: MARK,
        name: "Primi",
        description: "Pasta",
        translations: { en: { name: "First courses", description: "Pasta", secret: MARK } },
        items: [
          {
            id: 11,
            position: 0,
            name: "Cacio e pepe",
            description: null,
            translations: { en: { name: "Cheese and pepper" } },
            priceMinor: 1200,
            compareAtMinor: 1500,
            imageUrl: "https://img.example.org/cacio.jpg",
            isAvailable: false,
            badge: null,
            tags: ["vegetarian"],
            allergens: ["milk", "gluten"],
            nutrition: { kcal: 640 },
            variants: [{ name: "Half", priceMinor: 700, costMinor: MARK }],
            costMinor: 300,
            internalNotes: MARK,
            orderCount: 999,
          },
        ],
      },
    ],
  };
}

describe("serializeRestaurant", () => {
  it("publishes exactly the contract's fields, whatever else the row carries", () => {
    const out = serializeRestaurant(fullRow() as unknown as RestaurantRow);
    expect(() => RestaurantSchema.parse(out)).not.toThrow();
    const json = JSON.stringify(out);
    expect(json).not.toContain(MARK);
    for (const secret of ["123456", "654321", "orderCount", "costMinor", "ownerId", "isVisible", "searchText"]) {
      expect(json).not.toContain(secret);
    }
  });

  it("maps money to major units of the currency and keeps nullable fields present", () => {
    const out = serializeRestaurant(fullRow() as unknown as RestaurantRow);
    const item = out.categories[0].items[0];
    expect(item.price).toBe(1200); // JPY has no minor unit
    expect(item.compareAtPrice).toBe(1500);
    expect(item.variants).toEqual([{ name: "Half", price: 700 }]);
    expect(item.currency).toBe("JPY");
    expect(item.isAvailable).toBe(false);
    expect(item.allergens).toEqual(["gluten", "milk"]); // canonical EU order
    expect(item.translations).toEqual({ en: { name: "Cheese and pepper", description: "" } });
    expect(out.description).toBeNull();
    expect(out.contact).toEqual({ phone: "+41 1", address: null, city: "Zürich", postalCode: "8001", country: "Switzerland", latitude: 47.3, longitude: 8.5 });
    expect(out.ratings).toEqual({ search: { rating: 4.5, reviewCount: null }, travel: null });
    expect(out.openingHours).toEqual({ mon: "11:00-22:00", sun: "12:00-15:00" });
    expect(Object.keys(out.openingHours!)).toEqual(["mon", "sun"]);
  });

  it("publishes the date of the last published change, not the row's bookkeeping date", () => {
    expect(serializeRestaurant(fullRow() as unknown as RestaurantRow).updatedAt).toBe("2026-01-02T03:04:05.000Z");
    expect(serializeSearchResult(fullRow() as never).updatedAt).toBe("2026-01-02T03:04:05.000Z");
    const legacy = { ...fullRow(), contentUpdatedAt: null };
    expect(serializeRestaurant(legacy as unknown as RestaurantRow).updatedAt).toBe("2025-01-01T00:00:00.000Z");
  });

  it("resolves site-relative image paths against the public base URL", () => {
    process.env.PUBLIC_BASE_URL = "https://menus.example.org/";
    resetConfig();
    const out = serializeRestaurant(fullRow() as unknown as RestaurantRow);
    expect(out.images.logo).toBe("https://menus.example.org/demo/logo.svg");
    expect(out.url).toBe("https://menus.example.org/trattoria");
    expect(out.categories[0].items[0].imageUrl).toBe("https://img.example.org/cacio.jpg");
    delete process.env.PUBLIC_BASE_URL;
    resetConfig();
  });

  it("selects no private column", () => {
    const selected = JSON.stringify(restaurantSelect);
    for (const column of ["ownerId", "owner", "internalNotes", "viewCount", "qrScanCount", "costMinor", "orderCount", "searchText", "isActive", "menuPublished", "updatedAt", "contentHash"]) {
      expect(selected).not.toContain(`"${column}"`);
    }
    expect(restaurantSelect.categories.where).toEqual({ isVisible: true });
  });
});

describe("serializeSearchResult", () => {
  it("carries the four URLs and nothing private", () => {
    process.env.PUBLIC_BASE_URL = "https://menus.example.org";
    resetConfig();
    const row = fullRow();
    const out = serializeSearchResult(row as never);
    expect(() => SearchResultSchema.parse(out)).not.toThrow();
    expect(out).toMatchObject({
      slug: "trattoria",
      url: "https://menus.example.org/trattoria",
      markdownUrl: "https://menus.example.org/trattoria.md",
      apiUrl: "https://menus.example.org/api/public/restaurants/trattoria",
      city: "Zürich",
      country: "Switzerland",
      cuisine: "Italian",
    });
    expect(JSON.stringify(out)).not.toContain(MARK);
    delete process.env.PUBLIC_BASE_URL;
    resetConfig();
  });
});
