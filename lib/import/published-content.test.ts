import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { restaurantSchema } from "./import-schema";
import { publishedContentHash } from "./published-content";

const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../tests/fixtures/menus.json"), "utf8"));
const base = () => structuredClone(fixture.restaurants[0]);
const hash = (raw: unknown) => publishedContentHash(restaurantSchema.parse(raw));

describe("publishedContentHash", () => {
  it.each([
    ["stats", (r: any) => (r.stats = { views: 999999, qrScans: 77 })],
    ["internal notes", (r: any) => (r.internalNotes = "changed")],
    ["an item's cost", (r: any) => (r.categories[0].items[0].cost = 99)],
    ["an item's internal notes", (r: any) => (r.categories[0].items[0].internalNotes = "changed")],
    ["a category's internal notes", (r: any) => (r.categories[0].internalNotes = "changed")],
    ["the owner", (r: any) => (r.owner = "someone-else@example.com")],
  ])("ignores %s (private)", (_label, mutate) => {
    const changed = base();
    mutate(changed);
    expect(hash(changed)).toBe(hash(base()));
  });

  it.each([
    ["the name", (r: any) => (r.name = "Renamed")],
    ["a price", (r: any) => (r.categories[0].items[0].price += 1)],
    ["availability", (r: any) => (r.categories[0].items[0].available = false)],
    ["opening hours", (r: any) => (r.openingHours = { mon: "10:00-11:00" })],
    ["a rating", (r: any) => (r.ratings = { search: { rating: 1, reviewCount: 1 }, travel: null })],
    ["the logo", (r: any) => (r.images = { logo: "/other.svg", banner: null })],
    ["a category's visibility", (r: any) => (r.categories[0].visible = false)],
    ["being unpublished", (r: any) => (r.published = false)],
  ])("moves with %s (published)", (_label, mutate) => {
    const changed = base();
    mutate(changed);
    expect(hash(changed)).not.toBe(hash(base()));
  });
});
