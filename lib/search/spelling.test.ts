import { describe, expect, it } from "vitest";
import { buildVocabulary, correctWord, suggestSpelling, wordsOf } from "./spelling";

const NAMES = ["Karaage", "Chicken karaage", "Agedashi tofu", "Tofu-Rührei", "Pad thai", "Tokio", "Kraków", "湯豆腐", "Gyoza", "Gyoza"];

describe("one typo forgiven", () => {
  const vocabulary = buildVocabulary(NAMES, 100);

  it("corrects a word one letter added, dropped or changed from a known one", () => {
    expect(suggestSpelling("karage", vocabulary)).toBe("karaage");
    expect(suggestSpelling("karaagee", vocabulary)).toBe("karaage");
    expect(suggestSpelling("Gyozq", vocabulary)).toBe("gyoza");
    expect(suggestSpelling("karage tokio", vocabulary)).toBe("karaage tokio");
    expect(suggestSpelling("krakuw", vocabulary)).toBe("kraków");
  });

  it("leaves known words, short words, numbers and far words alone", () => {
    expect(suggestSpelling("karaage", vocabulary)).toBeNull();
    expect(suggestSpelling("tofu", vocabulary)).toBeNull();
    expect(correctWord("tomato", vocabulary)).toBeNull();
    expect(correctWord("kraage", vocabulary)).toBe("karaage");
    // "pat" is one edit from "pad", but three letters have too many neighbours to guess.
    expect(suggestSpelling("pat", vocabulary)).toBeNull();
    expect(suggestSpelling("2025", vocabulary)).toBeNull();
    expect(suggestSpelling("kraage kargae", vocabulary)).toBe("karaage kargae");
    expect(suggestSpelling("pizza", vocabulary)).toBeNull();
  });

  it("leaves a query of many words alone", () => {
    expect(suggestSpelling("karage tofu gyoza pad thai tokio", vocabulary)).toBe("karaage tofu gyoza pad thai tokio");
    expect(suggestSpelling("karage tofu gyoza pad thai tokio more", vocabulary)).toBeNull();
  });

  it("never corrects the search's own words", () => {
    expect(suggestSpelling("vegam", buildVocabulary(["Vegan bowl"], 10))).toBe("vegan");
    expect(suggestSpelling("vegam", buildVocabulary(["Vegan bowl"], 10), ["vegam"])).toBeNull();
  });

  it("prefers the more frequent of two candidates, and keeps only the most frequent words", () => {
    const v = buildVocabulary(["Ramen", "Ramen", "Ramen", "Rumen"], 10);
    expect(correctWord("ramun", v)).toBe("ramen");
    const small = buildVocabulary(["gyoza", "gyoza", "karaage"], 1);
    expect([...small.counts.keys()]).toEqual(["gyoza"]);
    expect(correctWord("karage", small)).toBeNull();
  });

  it("splits names into folded words", () => {
    expect(wordsOf("Tofu-Rührei, mit Brot")).toEqual(["tofu", "rührei", "mit", "brot"]);
    expect(wordsOf("湯豆腐")).toEqual(["湯豆腐"]);
  });
});
