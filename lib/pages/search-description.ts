// A dish search stated in words, for the heading of /dishes and of the dishes on /search:
// "Vegan dishes in Berlin", "Vegan, gluten-free Japanese dishes matching “tofu” in Tokyo without
// milk, up to ¥2,000, open now". Pure: the page, its title and the Markdown twin say the same.
import { ALLERGEN_LABELS, type Allergen } from "../menu/allergens";
import { RADIUS_KM } from "../search/geo";
import { formatPrice, tagLabel } from "./menu-view";

export interface DishSearchWords {
  q?: string;
  diet?: readonly string[];
  excludeAllergens?: readonly string[];
  maxPrice?: string;
  currency?: string;
  /** the city's and the cuisine's display names (not slugs) */
  cityName?: string | null;
  cuisineName?: string | null;
  near?: string;
  radiusKm?: string;
  openNow?: boolean;
  openAt?: string;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a", "a and b", "a, b and c". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The search in words; "Dishes" alone when it has no filter. */
export function describeDishSearch(w: DishSearchWords): string {
  const diets = (w.diet ?? []).map((tag) => lowerFirst(tagLabel(tag).label)).join(", ");
  let out = [diets, w.cuisineName, "dishes"].filter(Boolean).join(" ");
  if (w.q) out += ` matching “${w.q}”`;
  if (w.cityName) out += ` in ${w.cityName}`;
  if (w.near) out += ` within ${w.radiusKm || RADIUS_KM.default} km of ${w.near}`;
  const allergens = (w.excludeAllergens ?? []).map((code) => lowerFirst(ALLERGEN_LABELS[code as Allergen] ?? code));
  if (allergens.length) out += ` without ${andList(allergens)}`;
  const price = w.maxPrice && w.currency ? Number(w.maxPrice) : Number.NaN;
  if (Number.isFinite(price)) out += `${allergens.length ? "," : ""} up to ${formatPrice(price, w.currency as string, "en")}`;
  if (w.openNow) out += ", open now";
  else if (w.openAt) out += `, open at ${w.openAt}`;
  return upperFirst(out);
}
