// The diner's allergies and diet, remembered on the device (issue 47.10): the filter chosen on one
// menu is applied to the next menu opened. Kept in the browser's localStorage under one key, in
// the address's own spelling (menuFilterQuery), so what is read back is validated like an address
// (parseMenuFilter) and bounded by it. No account, nothing sent: the server never sees it. Only
// allergens and diet are kept; "hide unavailable" is about one menu at one moment.
// Pure (storage passed in): the filter's client component and the unit tests both use it.
import { fill } from "../i18n/fill";
import { isFiltering, menuFilterQuery, NO_FILTER, parseMenuFilter, type MenuFilterState } from "./menu-view-filter";

export const SAVED_FILTER_KEY = "menu-service:filter";
/** The one page on which the diner chose "show all" this session: the saved filter stays off there. */
export const SHOW_ALL_KEY = "menu-service:filter-show-all";

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What is worth keeping of a filter: its allergens and diet. */
export function keptPart(filter: MenuFilterState): MenuFilterState {
  return { ...NO_FILTER, hiddenAllergens: filter.hiddenAllergens, diet: filter.diet };
}

/** The saved filter, or null (none, unreadable, or nothing left after validation). */
export function readSavedFilter(store: Store): MenuFilterState | null {
  let text: string | null = null;
  try {
    text = store.getItem(SAVED_FILTER_KEY);
  } catch {
    return null; // storage blocked (privacy settings)
  }
  if (!text || text.length > 1000) return null;
  const filter = keptPart(parseMenuFilter(new URLSearchParams(text)));
  return isFiltering(filter) ? filter : null;
}

/** Keeps the diner's new choice; a choice of nothing forgets. */
export function saveFilter(store: Store, filter: MenuFilterState): void {
  const kept = keptPart(filter);
  try {
    if (isFiltering(kept)) store.setItem(SAVED_FILTER_KEY, menuFilterQuery(kept));
    else store.removeItem(SAVED_FILTER_KEY);
  } catch {
    // storage full or blocked: the filter still works on this page
  }
}

export function forgetFilter(store: Store): void {
  try {
    store.removeItem(SAVED_FILTER_KEY);
  } catch {
    // nothing kept
  }
}

/** "Hiding dishes with gluten and milk · Only: vegan", in the labels' language. */
export function savedFilterText(
  filter: MenuFilterState,
  words: { hiding: string; onlyDiet: string; allergenNames: Record<string, string>; dietNames: Record<string, string> },
  lang: string,
): string {
  const parts: string[] = [];
  if (filter.hiddenAllergens.length) {
    // Mid-sentence: "Hiding dishes with milk", lower-cased where the language does (German nouns keep theirs).
    const inSentence = (name: string) => (lang.split("-")[0] === "de" ? name : name.charAt(0).toLocaleLowerCase(lang) + name.slice(1));
    const names = filter.hiddenAllergens.map((a) => inSentence(words.allergenNames[a] ?? a));
    parts.push(fill(words.hiding, { allergens: new Intl.ListFormat(lang, { type: "conjunction" }).format(names) }));
  }
  if (filter.diet) parts.push(fill(words.onlyDiet, { diet: words.dietNames[filter.diet] ?? filter.diet }));
  return parts.join(" · ");
}
