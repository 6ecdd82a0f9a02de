import { describe, expect, it } from "vitest";
import { importFileSchema, FIELD_NAMES } from "./import-schema";
import { closestName, echoValue, issueMessage } from "./issue-hints";
import { ALLERGENS } from "../menu/allergens";
import { DAY_KEYS } from "../search/opening-hours";

describe("closestName", () => {
  it.each([
    ["nutz", ALLERGENS, "nuts"],
    ["sulfites", ALLERGENS, "sulphites"],
    ["Milk", ALLERGENS, "milk"],
    ["alergens", FIELD_NAMES, "allergens"],
    ["timezone", FIELD_NAMES, "timeZone"],
    ["default_language", FIELD_NAMES, "defaultLanguage"],
    ["monday", DAY_KEYS, "mon"],
  ])("%s → %s", (word, candidates, meant) => {
    expect(closestName(word, candidates)).toBe(meant);
  });

  it("suggests nothing far off", () => {
    expect(closestName("pineapple", ALLERGENS)).toBeUndefined();
    expect(closestName("xyz", FIELD_NAMES)).toBeUndefined();
  });
});

describe("issueMessage", () => {
  const messages = (data: unknown) => {
    const result = importFileSchema.safeParse(data);
    expect(result.success).toBe(false);
    const at = (path: PropertyKey[]) => path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown>)?.[k], data);
    return result.error!.issues.map((issue) => issueMessage(issue, at(issue.path), [...FIELD_NAMES, ...DAY_KEYS]));
  };
  const restaurant = { slug: "a", name: "A", owner: "a@b.ch", currency: "EUR", defaultLanguage: "en" };

  it("echoes a wrong allergen with the one meant, and a wrong time range", () => {
    const found = messages({
      restaurants: [{ ...restaurant, openingHours: { tue: "9:00-17:00", monday: "10:00-12:00" }, categories: [{ name: "c", items: [{ name: "i", price: 1, allergens: ["nutz"], alergens: [] }] }] }],
    });
    expect(found).toContain('HH:MM-HH:MM; got "9:00-17:00"');
    expect(found).toContainEqual(expect.stringMatching(/^Invalid option: expected one of .*; got "nutz" \(did you mean "nuts"\?\)$/));
    expect(found).toContainEqual(expect.stringContaining('Unrecognized key: "alergens" (did you mean "allergens"?'));
    expect(found).toContainEqual(expect.stringContaining('Unrecognized key: "monday" (did you mean "mon"?'));
  });

  it("cuts a long value", () => {
    expect(echoValue("x".repeat(500))?.length).toBe(80);
    expect(echoValue({ a: 1 })).toBeUndefined();
  });
});
