// A dish found by a search, in the searcher's language: the listing pages are in English
// (LISTING_LANGUAGE), so a dish whose menu carries an English translation is shown by that name
// and description ("Yudofu", not 湯豆腐), with the menu's own name beside it.
import type { PublicDishResult } from "../serializers";

export interface DishInLanguage {
  name: string;
  description: string | null;
  /** the name as the menu writes it, when it differs from `name` */
  original: string | null;
}

/** The translation of `lang` (exactly, else its base language: en-GB → en), or none. */
function translationOf(translations: PublicDishResult["translations"], lang: string): { name: string; description: string } | null {
  const base = lang.toLowerCase().split("-")[0];
  const key = Object.keys(translations).find((k) => k.toLowerCase() === lang.toLowerCase()) ?? Object.keys(translations).find((k) => k.toLowerCase().split("-")[0] === base);
  return key ? translations[key] : null;
}

export function dishInLanguage(dish: Pick<PublicDishResult, "name" | "description" | "translations">, lang: string): DishInLanguage {
  const t = translationOf(dish.translations, lang);
  if (!t || !t.name.trim()) return { name: dish.name, description: dish.description, original: null };
  return { name: t.name, description: t.description.trim() ? t.description : dish.description, original: t.name === dish.name ? null : dish.name };
}
