// The one search box's words read as filters: "vegan berlin" is the diet tag vegan and the city
// Berlin, "karaage" stays text. Only words that name something the searches take exactly are
// lifted out — a diet tag of the dish search, a city of the directory (its name or slug, or its
// name in any language of the demo menus, with or without accents: "Tokio", "京都", "Koeln",
// "zurich"; several words too: "são paulo", "new york"; lib/search/city-names.ts) — so a dish
// or restaurant name is never read as a filter by guessing. The rest stays text for the restaurant and dish searches
// (lib/restaurants/search-restaurants.ts, lib/dishes/search-dishes.ts), which match it as before.
import { textKey } from "../menu/text-key";
import { cityAliases, cityKey } from "./city-names";

export interface ParsedSearchQuery {
  /** what is left to match as text ("" when the words were all filters): the dish search's q */
  text: string;
  /** the words without the city only: the restaurant search's q (a restaurant has no diet tags, its description may say "vegan") */
  restaurantText: string;
  /** diet tags named in the query (the dish search's diet) */
  diet: string[];
  /** the slug of the city named in the query, when one was */
  city: string | null;
}

/** Words that name a diet tag: the tag, its words without hyphens, and a few common spellings. */
function dietWords(tags: readonly string[]): Map<string, string> {
  const words = new Map<string, string>();
  for (const tag of tags) {
    words.set(tag, tag);
    words.set(tag.replace(/-/g, " "), tag);
    words.set(tag.replace(/-/g, ""), tag);
  }
  words.set("veggie", "vegetarian");
  words.set("glutenfrei", "gluten-free");
  words.set("végétarien", "vegetarian");
  words.set("vegetarisch", "vegetarian");
  return words;
}

/** The longest phrase of a map's keys starting at word `i` (at most `maxWords` words), compared as `key` makes it. */
function phraseAt(
  words: string[],
  i: number,
  keys: ReadonlyMap<string, string>,
  maxWords: number,
  key: (phrase: string) => string = (phrase) => phrase,
): { value: string; length: number } | null {
  for (let n = Math.min(maxWords, words.length - i); n >= 1; n--) {
    const value = keys.get(key(words.slice(i, i + n).join(" ")));
    if (value !== undefined) return { value, length: n };
  }
  return null;
}

// "in", "near" and the like in the demo languages: "vegan in Berlin", "sushi em São Paulo".
const CONNECTORS = new Set(["in", "at", "near", "im", "bei", "à", "a", "en", "em", "i", "w", "v"]);

/**
 * Splits `q` into text, diet tags and a city. `cities` are the directory's cities (name and slug:
 * the same frozen list each time, so that their spellings are built once);
 * `dietTags` the tags the dish search takes. With `findCity: false` (the form named a city
 * already) only diet words are lifted out.
 */
export function parseSearchQuery(
  q: string,
  cities: readonly { slug: string; name: string }[],
  dietTags: readonly string[],
  options: { findCity?: boolean } = {},
): ParsedSearchQuery {
  const words = textKey(q).split(/[\s,]+/).filter(Boolean);
  const diets = dietWords(dietTags);
  const cityKeys: ReadonlyMap<string, string> = options.findCity !== false ? cityAliases(cities) : new Map();
  const kept: string[] = [];
  const keptForRestaurants: string[] = [];
  const diet: string[] = [];
  let city: string | null = null;
  for (let i = 0; i < words.length; ) {
    const tag = phraseAt(words, i, diets, 2);
    if (tag) {
      if (!diet.includes(tag.value)) diet.push(tag.value);
      keptForRestaurants.push(...words.slice(i, i + tag.length));
      i += tag.length;
      continue;
    }
    const place: { value: string; length: number } | null = city === null ? phraseAt(words, i, cityKeys, 4, cityKey) : null;
    if (place) {
      city = place.value;
      // "vegan in berlin": the connector went with the city.
      if (kept.length && CONNECTORS.has(kept[kept.length - 1])) kept.pop();
      if (keptForRestaurants.length && CONNECTORS.has(keptForRestaurants[keptForRestaurants.length - 1])) keptForRestaurants.pop();
      i += place.length;
      continue;
    }
    kept.push(words[i]);
    keptForRestaurants.push(words[i]);
    i += 1;
  }
  // Nothing but filters: the text is empty, so both searches list by the filters alone.
  return { text: kept.join(" "), restaurantText: keptForRestaurants.join(" "), diet, city };
}
