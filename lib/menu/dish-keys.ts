// The derived columns of a menu item that dish search filters on (lib/data/dish-queries.ts). The
// importer writes them; the filters build their side from the same functions, so both agree.
import { ALLERGENS, type Allergen } from "./allergens";
import { searchKey } from "./text-key";

/** What q matches: name and description in every language, folded like restaurant search. */
export function dishSearchText(item: { name: string; description: string | null; translations: Record<string, { name: string; description?: string }> }): string {
  const parts = [item.name, item.description ?? ""];
  for (const t of Object.values(item.translations)) parts.push(t.name, t.description ?? "");
  return searchKey(parts.filter(Boolean).join(" "));
}

/** ",vegan,gluten-free,": every tag is a delimited substring, so "vegan" never matches "non-vegan". */
export function tagKey(tags: readonly string[]): string {
  return tags.length === 0 ? "" : `,${[...new Set(tags)].join(",")},`;
}

/** One bit per EU-14 allergen, in ALLERGENS order; fits an INTEGER column on both engines. */
export function allergenMask(allergens: readonly Allergen[]): number {
  return allergens.reduce((mask, a) => mask | (1 << ALLERGENS.indexOf(a)), 0);
}
