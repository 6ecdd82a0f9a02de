import { describe, expect, it } from "vitest";
import { openGraphLocale } from "./open-graph";

describe("openGraphLocale", () => {
  it.each([
    ["de", "CH", "de_CH"],
    ["fr", "CH", "fr_CH"],
    ["ja", "JP", "ja_JP"],
    ["pt-BR", "BR", "pt_BR"],
    ["pt-BR", "PT", "pt_BR"],
    ["en", null, "en_US"],
    ["fr", null, "fr_FR"],
    ["sv", null, "sv_SE"],
  ])("%s in %s → %s", (lang, country, expected) => {
    expect(openGraphLocale(lang, country)).toBe(expected);
  });
});
