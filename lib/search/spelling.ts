// One typo forgiven: "karage" → "karaage". A query word the vocabulary does not have is compared
// with the vocabulary's words of about its length, and the most frequent one at edit distance 1
// (one letter added, dropped or changed) is suggested. Pure: the vocabulary is built elsewhere,
// bounded (lib/search/search-vocabulary.ts), so a suggestion costs the same at any data size.
import { distance } from "fastest-levenshtein";
import { textKey } from "../menu/text-key";

/** Shorter words are left alone: at one edit, "tea" would be "pea", "sea" and "ten". */
export const MIN_WORD_LENGTH = 4;

/** Queries of more words get no suggestion. */
export const MAX_WORDS = 6;

export interface Vocabulary {
  /** word → how many names it is in */
  readonly counts: ReadonlyMap<string, number>;
  /** the words by their length in code points */
  readonly byLength: ReadonlyMap<number, readonly string[]>;
}

/**
 * The words of a text as the vocabulary keeps them: folded as textKey folds (NFC, the root
 * locale's lower case, which is toLowerCase's), split at anything not a letter or digit.
 * toLowerCase, not textKey's toLocaleLowerCase("und"): the same letters, without a locale lookup
 * that cost ~60 µs a name (20 000 names: 1.2 s under load).
 */
export function wordsOf(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A vocabulary of the words of `names` (each a name, counted once per name), the `max` most frequent. */
export function buildVocabulary(names: Iterable<string>, max: number): Vocabulary {
  // Menus repeat names (Edamame, Tiramisu): each distinct one is split once.
  const perName = new Map<string, number>();
  for (const name of names) perName.set(name, (perName.get(name) ?? 0) + 1);
  const counts = new Map<string, number>();
  for (const [name, n] of perName) for (const word of new Set(wordsOf(name))) counts.set(word, (counts.get(word) ?? 0) + n);
  const kept = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, max);
  const byLength = new Map<number, string[]>();
  for (const [word] of kept) {
    const n = [...word].length;
    const list = byLength.get(n);
    if (list) list.push(word);
    else byLength.set(n, [word]);
  }
  return { counts: new Map(kept), byLength };
}

/** The vocabulary's most frequent word one edit from `word`, or null (also when it is a word of the vocabulary). */
export function correctWord(word: string, vocabulary: Vocabulary): string | null {
  const n = [...word].length;
  if (n < MIN_WORD_LENGTH || vocabulary.counts.has(word) || /^\p{N}+$/u.test(word)) return null;
  let best: string | null = null;
  let bestCount = 0;
  const [w0, w1] = [word[0], word[1]];
  for (const length of [n - 1, n, n + 1]) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      // One edit leaves the first letter, or the second, where it was or moves it by one: a test
      // that skips most words before the distance is computed.
      const [c0, c1] = [candidate[0], candidate[1]];
      if (c0 !== w0 && c1 !== w1 && c0 !== w1 && c1 !== w0) continue;
      const count = vocabulary.counts.get(candidate) ?? 0;
      if (count > bestCount && distance(word, candidate) === 1) {
        best = candidate;
        bestCount = count;
      }
    }
  }
  return best;
}

/**
 * The query with each misspelt word corrected ("karage tokio" → "karaage tokio"), or null when no
 * word needed it. Words are compared as textKey folds them; the suggestion is in that form.
 * `known` words (the search's own, such as diet tags) are never corrected.
 */
export function suggestSpelling(q: string, vocabulary: Vocabulary, known: readonly string[] = []): string | null {
  // A query of many words is no typo: the work stays bounded whatever a client sends.
  if (wordsOf(q).length > MAX_WORDS) return null;
  let changed = false;
  const words = textKey(q)
    .split(" ")
    .map((part) =>
      part.replace(/[\p{L}\p{N}]+/gu, (word) => {
        const better = known.includes(word) ? null : correctWord(word, vocabulary);
        if (!better) return word;
        changed = true;
        return better;
      }),
    );
  return changed ? words.join(" ") : null;
}
