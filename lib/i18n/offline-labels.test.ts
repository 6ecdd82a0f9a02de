import { describe, expect, it } from "vitest";
import { offlineLabels } from "./offline-labels";

// The demo menus' languages (docs/diner.md); each must have words of its own for the offline line.
const LANGUAGES = ["en", "de", "fr", "it", "es", "pt", "pt-BR", "pl", "cs", "sv", "ja", "tr"];

describe("offlineLabels", () => {
  it("has its own words, with the saved date's placeholder, in every demo language", () => {
    const seen = new Set<string>();
    for (const lang of LANGUAGES) {
      const t = offlineLabels(lang);
      expect(t.lang, lang).toBe(lang);
      expect(t.savedCopy, lang).toContain("{date}");
      for (const text of [t.savedCopy, t.offlineTitle, t.notSaved, t.savedPages]) expect(text.length, lang).toBeGreaterThan(3);
      seen.add(t.notSaved);
    }
    expect(seen.size).toBe(LANGUAGES.length);
  });

  it("falls back to the base language, then English", () => {
    expect(offlineLabels("de-CH").lang).toBe("de");
    expect(offlineLabels("pt-PT").lang).toBe("pt");
    expect(offlineLabels("nl").lang).toBe("en");
    expect(offlineLabels("ja").offlineTitle).toBe("オフラインです");
  });
});
