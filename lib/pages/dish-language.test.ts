import { describe, expect, it } from "vitest";
import { dishInLanguage } from "./dish-language";

describe("a found dish in the searcher's language", () => {
  const yudofu = { name: "湯豆腐", description: "京都の絹ごし豆腐", translations: { en: { name: "Yudofu", description: "Kyoto silken tofu simmered in kombu broth" } } };

  it("the translation's name and description, the menu's own name beside them", () => {
    expect(dishInLanguage(yudofu, "en")).toEqual({ name: "Yudofu", description: "Kyoto silken tofu simmered in kombu broth", original: "湯豆腐" });
    expect(dishInLanguage(yudofu, "en-GB").name).toBe("Yudofu");
  });

  it("the dish as the menu writes it when there is no translation", () => {
    expect(dishInLanguage(yudofu, "de")).toEqual({ name: "湯豆腐", description: "京都の絹ごし豆腐", original: null });
    expect(dishInLanguage({ ...yudofu, translations: { en: { name: " ", description: "" } } }, "en").name).toBe("湯豆腐");
  });

  it("no second name when the translation keeps the name; the menu's description when it has none", () => {
    expect(dishInLanguage({ name: "Karaage", description: "Frittiertes Hähnchen", translations: { en: { name: "Karaage", description: "" } } }, "en")).toEqual({
      name: "Karaage",
      description: "Frittiertes Hähnchen",
      original: null,
    });
  });
});
