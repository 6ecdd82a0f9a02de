// The allergen and diet filter of a menu page as query parameters, so a filtered menu is an
// address: it survives a reload and a language switch, can be shared, and works without
// JavaScript (the server renders the page filtered). The names are the dish search's
// (GET /api/public/dishes): excludeAllergens (comma list), diet, plus hideUnavailable=true.
// Pure and free of heavy imports: the server and the filter's client component both read it.
import { ALLERGENS, type Allergen } from "../menu/allergens";

export const MENU_FILTER_PARAMS = ["excludeAllergens", "diet", "hideUnavailable"] as const;

/** The diets the filter offers (lib/pages/menu-view.ts DIETS, by code). */
const DIET_CODES = ["vegan", "vegetarian", "gluten-free", "lactose-free", "halal", "kosher", "low-calorie", "low-fat", "low-salt", "diabetic"];

export interface MenuFilterState {
  hiddenAllergens: Allergen[];
  diet: string;
  hideUnavailable: boolean;
}

export const NO_FILTER: MenuFilterState = { hiddenAllergens: [], diet: "", hideUnavailable: false };

/**
 * The filter a query names. Unknown codes are dropped and the rest put in one order, so each
 * filter has one spelling (one cached page, one shared link): repeated parameters (a form's
 * checkboxes) and comma lists both count.
 */
export function parseMenuFilter(search: URLSearchParams): MenuFilterState {
  const named = new Set(
    search
      .getAll("excludeAllergens")
      .flatMap((v) => v.split(","))
      .map((v) => v.trim()),
  );
  const diet = search.get("diet")?.trim() ?? "";
  return {
    hiddenAllergens: ALLERGENS.filter((a) => named.has(a)),
    diet: DIET_CODES.includes(diet) ? diet : "",
    hideUnavailable: search.get("hideUnavailable") === "true",
  };
}

/** The query of a filter, in its one spelling ("" for no filter). */
export function menuFilterQuery(filter: MenuFilterState): string {
  const q = new URLSearchParams();
  if (filter.hiddenAllergens.length) q.set("excludeAllergens", [...filter.hiddenAllergens].sort((a, b) => ALLERGENS.indexOf(a) - ALLERGENS.indexOf(b)).join(","));
  if (filter.diet) q.set("diet", filter.diet);
  if (filter.hideUnavailable) q.set("hideUnavailable", "true");
  return q.toString().replaceAll("%2C", ",");
}

export function isFiltering(filter: MenuFilterState): boolean {
  return filter.hiddenAllergens.length > 0 || filter.diet !== "" || filter.hideUnavailable;
}

/** Whether the filter hides a dish (the page, the section bar and the filter's count agree). */
export function hidesDish(dish: { allergens: readonly string[]; diets: readonly string[]; available: boolean }, filter: MenuFilterState): boolean {
  if (filter.hideUnavailable && !dish.available) return true;
  if (filter.diet && !dish.diets.includes(filter.diet)) return true;
  return dish.allergens.some((a) => (filter.hiddenAllergens as readonly string[]).includes(a));
}
