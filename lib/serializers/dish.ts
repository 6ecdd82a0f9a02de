// The allowlist for a dish search result: the Prisma `select` names every column that may leave
// the service, the mapper builds the public shape from exactly those.
import type { Prisma } from "../db/generated/client";
import { dishAnchor, siteUrls } from "../site-urls";
import type { PublicDishResult } from "./public-schemas";
import { serializeMenuItem, menuItemSelect } from "./restaurant";

export const dishSelect = {
  id: true,
  position: true,
  name: menuItemSelect.name,
  description: menuItemSelect.description,
  translations: menuItemSelect.translations,
  priceMinor: menuItemSelect.priceMinor,
  imageUrl: menuItemSelect.imageUrl,
  badge: menuItemSelect.badge,
  tags: menuItemSelect.tags,
  allergens: menuItemSelect.allergens,
  category: {
    select: {
      name: true,
      position: true,
      restaurant: {
        select: {
          slug: true,
          name: true,
          currency: true,
          cuisine: { select: { name: true } },
          city: { select: { name: true, country: { select: { name: true } } } },
          // The menu page numbers its visible sections: the anchor needs this one's place among them.
          categories: { where: { isVisible: true }, select: { position: true }, orderBy: { position: "asc" } },
        },
      },
    },
  },
} satisfies Prisma.MenuItemSelect;

export type DishRow = Prisma.MenuItemGetPayload<{ select: typeof dishSelect }>;

export function serializeDish(row: DishRow, extras: { distanceKm?: number; openNow?: boolean; openAt?: boolean } = {}): PublicDishResult {
  const restaurant = row.category.restaurant;
  const item = serializeMenuItem({ ...row, compareAtMinor: null, isAvailable: true, nutrition: null, variants: null }, restaurant.currency);
  const section = restaurant.categories.findIndex((c) => c.position === row.category.position);
  return {
    name: item.name,
    description: item.description,
    translations: item.translations,
    price: item.price,
    currency: item.currency,
    allergens: item.allergens,
    tags: item.tags,
    badge: item.badge,
    imageUrl: item.imageUrl,
    category: row.category.name,
    url: `${siteUrls.restaurant(restaurant.slug)}#${dishAnchor(section, row.position)}`,
    restaurant: {
      slug: restaurant.slug,
      name: restaurant.name,
      city: restaurant.city?.name ?? null,
      country: restaurant.city?.country.name ?? null,
      cuisine: restaurant.cuisine?.name ?? null,
      url: siteUrls.restaurant(restaurant.slug),
      markdownUrl: siteUrls.restaurantMarkdown(restaurant.slug),
      apiUrl: siteUrls.restaurantApi(restaurant.slug),
    },
    ...extras,
  };
}
