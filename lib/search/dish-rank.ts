// How well a dish matches the words of a dish search: the order of a dish search with q or diet
// (no near), ranked within windows of matches (lib/data/search-scan.ts rankedPage). Pure: the
// data layer reads the names and sections of a window's dishes and ranks them here.
import { searchKey } from "../menu/text-key";

/**
 * Matches ranked together: the next this many in menu order (restaurant name, slug, section,
 * dish). A window is read whole for every page in it, so it is what a page costs; ranking all
 * matches would cost reading all of them (issue 48).
 */
export const RANK_WINDOW = 100;

/** The order in words, for docs/api.md's counterpart in the published descriptions (OpenAPI, MCP). */
export const DISH_ORDER_RULE =
  `Order: restaurant name, slug, then menu order; by distance with near. With q or diet (and no near), ranked within each run of ${RANK_WINDOW} matches in that order: ` +
  "with q, dishes whose name (any language) has q at the start of a word, then in the name, then in the description, drinks last among those; " +
  "with diet alone, dishes before drinks; ties keep menu order. Pages follow that order (nextCursor).";

export interface RankedDish {
  /** the dish's name and its translations' names */
  names: string[];
  /** its section's name and the section's translated names */
  sections: string[];
}

// Drink sections in the demo and generated languages, and the common words for what they hold;
// folded without accents, whole words only ("italian" is no "italok", "the grill" no "thé").
const DRINK_WORDS =
  /\b(drinks?|beverages?|getranke?|boissons?|bevande|bebidas?|napoje|dryck(er)?|dranken|drikkevarer|italok|beers?|bier|biere|cervezas?|birra|piwo|pivo|wines?|weine?|vinos?|vini|vins?|vinho|wino|cocktails?|kaffee|coffee|caffe|kawa|kava|herbata|teas?|tee|juices?|saft|sodas?|limonaden?|lemonades?|nealko|spirits?)\b/;
const DRINK_CJK = /ドリンク|飲み物|お茶|珈琲|コーヒー|飲料|酒/;

const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** Whether a section is a drinks section, by its names in any language. */
export function isDrinkSection(names: string[]): boolean {
  return names.some((name) => DRINK_WORDS.test(fold(name)) || DRINK_CJK.test(name));
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether `text` has `q` at the start of a word (at its start, or after a character that is no letter or digit). */
function atWordStart(text: string, q: string): boolean {
  for (let i = text.indexOf(q); i !== -1; i = text.indexOf(q, i + 1)) {
    if (i === 0 || !WORD_CHARACTER.test(text[i - 1])) return true;
  }
  return false;
}

/**
 * The dish's rank (lower first). `q` folded with searchKey, as the search matches it; none for a
 * search by diet alone. With q: 0 a name with q at a word start, 1 q in a name, 2 q elsewhere
 * (description, translations' descriptions), 3 the same in a drinks section. Without: 0 a dish,
 * 1 a drink.
 */
export function dishRank(dish: RankedDish, q: string | undefined): number {
  const drink = isDrinkSection(dish.sections);
  if (q === undefined) return drink ? 1 : 0;
  const names = dish.names.map((name) => searchKey(name));
  if (names.some((name) => atWordStart(name, q))) return 0;
  if (names.some((name) => name.includes(q))) return 1;
  return drink ? 3 : 2;
}

/** The names in a translations object ({ [lang]: { name } }), as menus and sections store them. */
export function translatedNames(translations: unknown): string[] {
  if (!translations || typeof translations !== "object") return [];
  return Object.values(translations as Record<string, unknown>).flatMap((t) =>
    t && typeof t === "object" && typeof (t as { name?: unknown }).name === "string" ? [(t as { name: string }).name] : [],
  );
}
