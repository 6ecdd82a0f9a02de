import { describe, expect, it } from "vitest";
import { findPrompt, MCP_PROMPTS, parseAllergenList, PromptArgumentError } from "./prompts";

describe("parseAllergenList", () => {
  it.each([
    ["gluten", ["gluten"]],
    ["Gluten, MILK ; nuts", ["gluten", "milk", "nuts"]],
    ["milk,milk", ["milk"]],
  ])("%s → %j", (text, codes) => {
    expect(parseAllergenList(text)).toEqual(codes);
  });

  it.each([["", /No allergen given/], [" , ", /No allergen given/], ["gluten, lactose", /Unknown allergen code\(s\): lactose/]])("%j is refused", (text, message) => {
    expect(() => parseAllergenList(text)).toThrow(PromptArgumentError);
    expect(() => parseAllergenList(text)).toThrow(message);
  });
});

describe("prompts", () => {
  it("each has a name, title, description and described arguments", () => {
    expect(MCP_PROMPTS.map((p) => p.name)).toEqual(["check_allergens", "find_restaurant"]);
    for (const p of MCP_PROMPTS) {
      expect(p.description.length).toBeGreaterThan(30);
      for (const a of p.arguments) expect(a.description).toBeTruthy();
    }
  });

  it("find_restaurant works with any subset of its arguments", async () => {
    const prompt = findPrompt("find_restaurant")!;
    const none = await prompt.render({});
    expect(none.messages[0].content).toMatchObject({ type: "text", text: expect.stringContaining("search_restaurants") });
    const some = await prompt.render({ city: "Zürich", wishes: "vegetarian" });
    expect((some.messages[0].content as { text: string }).text).toMatch(/city "Zürich".*vegetarian/);
  });

  it("check_allergens needs both arguments before it touches the menu", async () => {
    const prompt = findPrompt("check_allergens")!;
    await expect(prompt.render({ allergens: "milk" })).rejects.toThrow(/"slug" is required/);
    await expect(prompt.render({ slug: "x" })).rejects.toThrow(/"allergens" is required/);
    await expect(prompt.render({ slug: "x", allergens: "lactose" })).rejects.toThrow(/Unknown allergen/);
  });
});
