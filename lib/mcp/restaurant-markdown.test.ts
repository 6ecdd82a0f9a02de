import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { PublicRestaurant } from "../serializers";
import { formatPrice, renderRestaurantMarkdown } from "./restaurant-markdown";

const restaurant: PublicRestaurant = {
  slug: "zunfthaus",
  name: "Zunfthaus *am* See",
  description: "Guild hall [by the lake]",
  url: "https://menus.example.org/zunfthaus",
  updatedAt: "2026-01-02T03:04:05.000Z",
  currency: "CHF",
  defaultLanguage: "de",
  languages: ["de", "en"],
  cuisine: "Swiss",
  contact: { phone: "+41 44 123 45 67", address: "Seestrasse 12", city: "Zürich", postalCode: "8002", country: "Switzerland", latitude: 47.36, longitude: 8.53 },
  openingHours: { tue: "11:30-14:00", sat: "17:00-23:30" },
  images: { logo: null, banner: null },
  ratings: { search: { rating: 4.6, reviewCount: 812 }, travel: null },
  categories: [
    {
      name: "Vorspeisen",
      description: "Zum Teilen",
      translations: { en: { name: "Starters", description: "To share" } },
      items: [
        {
          name: "Gerstensuppe_special",
          description: "Barley soup",
          translations: { en: { name: "Barley soup", description: "" } },
          price: 14.5,
          compareAtPrice: 16,
          currency: "CHF",
          imageUrl: null,
          isAvailable: false,
          badge: "Bestseller",
          tags: ["hearty"],
          allergens: ["gluten", "celery"],
          nutrition: null,
          variants: [{ name: "Klein", price: 9 }],
        },
      ],
    },
    { name: "Leer", description: null, translations: {}, items: [] },
  ],
};

describe("renderRestaurantMarkdown", () => {
  const md = renderRestaurantMarkdown(restaurant);

  it("starts with YAML front matter describing the restaurant", () => {
    const [, yaml] = /^---\n([\s\S]*?)\n---\n/.exec(md)!;
    expect(parseYaml(yaml)).toEqual({
      title: "Zunfthaus *am* See",
      slug: "zunfthaus",
      url: "https://menus.example.org/zunfthaus",
      updatedAt: "2026-01-02T03:04:05.000Z",
      currency: "CHF",
      defaultLanguage: "de",
      languages: ["de", "en"],
      cuisine: "Swiss",
    });
  });

  it("escapes Markdown in names instead of formatting them", () => {
    expect(md).toContain("# Zunfthaus \\*am\\* See");
    expect(md).toContain("Guild hall \\[by the lake]");
  });

  it("has the contact facts, hours and every dish with its price, allergens and state", () => {
    for (const part of [
      "Address: Seestrasse 12, 8002 Zürich, Switzerland",
      "Phone: +41 44 123 45 67",
      "Search rating: 4.6 (812 reviews)",
      "## Opening hours",
      "Tuesday: 11:30-14:00",
      "Saturday: 17:00-23:30",
      "## Menu",
      "### Vorspeisen",
      "14.50 CHF (was 16.00 CHF) · Bestseller · currently unavailable",
      "Variants: Klein 9.00 CHF",
      "Allergens: Cereals containing gluten, Celery",
      "Tags: hearty",
      "en: Barley soup",
      "### Leer",
    ]) {
      expect(md).toContain(part);
    }
  });

  it("says so when a restaurant has no categories", () => {
    expect(renderRestaurantMarkdown({ ...restaurant, categories: [], openingHours: null })).toContain("No dishes are published yet.");
  });
});

describe("formatPrice", () => {
  it.each([
    [14.5, "CHF", "14.50 CHF"],
    [800, "JPY", "800 JPY"],
    [1.234, "KWD", "1.234 KWD"],
  ])("%s %s → %s", (amount, currency, text) => {
    expect(formatPrice(amount, currency)).toBe(text);
  });
});
