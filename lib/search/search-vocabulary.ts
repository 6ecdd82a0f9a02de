// The words a spelling suggestion may offer: dish names of published menus (a bounded sample,
// lib/data/vocabulary-queries.ts), the directory's cities in every language of the demo menus and
// its cuisines. Built once per data version (the change feed's head: an import that changes public
// data moves it) and kept in this process; a fixed number of words, whatever the data's size.
import { listCuisineDirectory } from "../directory/list-cuisine-directory";
import { listLocations } from "../directory/list-locations";
import { readHeadSeq } from "../data/public-changes";
import { readDishNames } from "../data/vocabulary-queries";
import { processState } from "../process-state.mjs";
import { CITIES } from "./city-names";
import { buildVocabulary, suggestSpelling, type Vocabulary } from "./spelling";

/** Dishes read for the vocabulary (~30 ms at 100 000 restaurants), and the words kept of them. */
export const VOCABULARY_DISHES = 20_000;
export const VOCABULARY_WORDS = 20_000;

interface VocabularyState {
  head: number;
  value: Promise<Vocabulary> | null;
}

const state = processState<VocabularyState>("search-vocabulary", () => ({ head: -1, value: null }));

async function build(): Promise<Vocabulary> {
  const [dishes, locations, { cuisines }] = await Promise.all([readDishNames(VOCABULARY_DISHES), listLocations(), listCuisineDirectory()]);
  const cities = locations.cities.flatMap((c) => [c.name, ...(CITIES[c.slug] ?? [])]);
  return buildVocabulary([...dishes, ...cities, ...cuisines.map((c) => c.name)], VOCABULARY_WORDS);
}

/** This data version's vocabulary (one build at a time; a failed build is tried again on the next call). */
export async function searchVocabulary(): Promise<Vocabulary> {
  const head = await readHeadSeq();
  if (state.value && state.head === head) return state.value;
  const value = build();
  state.head = head;
  state.value = value;
  value.catch(() => {
    if (state.value === value) state.value = null;
  });
  return value;
}

/** "karaage" for "karage": the query with one typo a word forgiven, or null when every word is known or none is near one. */
export async function spellingSuggestion(q: string, known: readonly string[] = []): Promise<string | null> {
  return suggestSpelling(q, await searchVocabulary(), known);
}
