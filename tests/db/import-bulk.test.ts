// The importer writes restaurants, categories and items with multi-row INSERTs (lib/import/
// import-menus.ts) instead of Prisma's create calls: its column lists must name every column of
// those models (but the id), or a new column would silently get no value — or, with a default
// that only Prisma's client applies (@updatedAt, uuid()), the wrong one.
import { describe, expect, it } from "vitest";
import { Prisma } from "../../lib/db/generated/client";
import { CATEGORY_COLUMNS, ITEM_COLUMNS, RESTAURANT_COLUMNS } from "../../lib/import/import-menus";

const columnsOf = (fields: Record<string, string>) => Object.values(fields).filter((f) => f !== "id").sort();

describe("bulk insert column lists", () => {
  it("Restaurant", () => expect([...RESTAURANT_COLUMNS].sort()).toEqual(columnsOf(Prisma.RestaurantScalarFieldEnum)));
  it("Category", () => expect([...CATEGORY_COLUMNS].sort()).toEqual(columnsOf(Prisma.CategoryScalarFieldEnum)));
  it("MenuItem (all but the counters, which start at their database default)", () =>
    expect([...ITEM_COLUMNS, "orderCount"].sort()).toEqual(columnsOf(Prisma.MenuItemScalarFieldEnum)));
});
