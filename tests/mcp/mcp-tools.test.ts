// tools/list and tools/call in both protocol generations: the seven tools, their schemas, results
// identical to the REST API, and failures as isError results carrying the REST error code.
import { afterAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { callTool, GENERATIONS, PRIVATE_MARKER, restJson, seenBodies } from "./mcp-client";

const TOOL_NAMES = [
  "search_restaurants",
  "search_dishes",
  "get_restaurant_menu",
  "list_changes",
  "calculate_food_cost",
  "generate_wifi_qr_payload",
  "generate_review_qr_payload",
  "get_service_plans",
  "list_locations_and_cuisines",
];

describe.each(GENERATIONS)("protocol $version", (gen) => {
  async function tools(): Promise<any[]> {
    const res = await gen.request("tools/list");
    expect(res.status).toBe(200);
    return res.json.result.tools;
  }

  /** structuredContent must satisfy the outputSchema the server advertises for the tool. */
  async function expectMatchesOutputSchema(name: string, data: unknown) {
    const tool = (await tools()).find((t) => t.name === name);
    const schema = z.fromJSONSchema(tool.outputSchema);
    const parsed = schema.safeParse(data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
  }

  describe("tools/list", () => {
    it("lists the seven tools and search_dishes with descriptions, schemas and read-only annotations", async () => {
      const list = await tools();
      expect(list.map((t) => t.name)).toEqual(TOOL_NAMES);
      for (const tool of list) {
        expect(tool.description.length).toBeGreaterThan(80);
        expect(tool.inputSchema.type).toBe("object");
        expect(tool.outputSchema.type).toBe("object");
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      }
    });

    it("answers the same list every time (deterministic order)", async () => {
      expect(await tools()).toEqual(await tools());
    });

    it("input schemas accept what the REST API accepts and name the same parameters", async () => {
      const byName = Object.fromEntries((await tools()).map((t) => [t.name, t]));
      const accepts = (name: string, args: unknown) => z.fromJSONSchema(byName[name].inputSchema).safeParse(args).success;
      expect(accepts("search_restaurants", { q: "fondue", city: "zurich", cuisine: "swiss", limit: 5 })).toBe(true);
      expect(accepts("get_restaurant_menu", {})).toBe(false);
      expect(accepts("calculate_food_cost", { ingredients: [{ name: "x", quantity: 0.2, unitCost: 3 }], margin: 72, wastePercentage: 5, laborOverheadPercentage: 10 })).toBe(true);
      expect(accepts("calculate_food_cost", { cost: -1 })).toBe(false);
      expect(accepts("generate_wifi_qr_payload", { ssid: "Guest", password: "welcome2024", encryption: "wpa", hidden: false })).toBe(true);
      expect(accepts("generate_wifi_qr_payload", { ssid: "Guest", encryption: "WPA2" })).toBe(false);
      expect(accepts("generate_review_qr_payload", { placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4" })).toBe(true);
      expect(accepts("get_service_plans", {})).toBe(true);
    });
  });

  describe("tools/call returns exactly what REST returns", () => {
    it.each([
      ["search_restaurants", { q: "sushi" }, "/api/public/restaurants?q=sushi"],
      ["search_restaurants", { city: "Zürich", limit: 5 }, "/api/public/restaurants?city=Z%C3%BCrich&limit=5"],
      ["search_restaurants", {}, "/api/public/restaurants"],
      ["search_restaurants", { near: "47.3769,8.5417", radiusKm: 3, openAt: "2026-07-10T19:30:00+02:00" }, "/api/public/restaurants?near=47.3769,8.5417&radiusKm=3&openAt=2026-07-10T19%3A30%3A00%2B02%3A00"],
      ["search_dishes", { city: "zurich", diet: ["vegan"], excludeAllergens: ["nuts"], maxPrice: 20, currency: "CHF" }, "/api/public/dishes?city=zurich&diet=vegan&excludeAllergens=nuts&maxPrice=20&currency=CHF"],
      ["search_dishes", { q: "pizza", limit: 2 }, "/api/public/dishes?q=pizza&limit=2"],
      ["get_restaurant_menu", { slug: "zunfthaus-am-see" }, "/api/public/restaurants/zunfthaus-am-see"],
      ["get_restaurant_menu", { slug: "sushi-kaze" }, "/api/public/restaurants/sushi-kaze"],
      ["get_restaurant_menu", { slug: "wirtshaus-zur-post" }, "/api/public/restaurants/wirtshaus-zur-post"],
      ["calculate_food_cost", { cost: 4.2, margin: 72, price: 12.5 }, "/api/public/tools/food-cost?cost=4.2&margin=72&price=12.5"],
      ["generate_wifi_qr_payload", { ssid: "Gäste;WLAN", password: "fondue:4,all", encryption: "wpa" }, "/api/public/tools/wifi-qr?ssid=G%C3%A4ste%3BWLAN&password=fondue%3A4%2Call&encryption=wpa"],
      ["generate_review_qr_payload", { placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4" }, "/api/public/tools/review-qr?placeId=ChIJN1t_tDeuEmsRUsoyG83frY4"],
      ["get_service_plans", {}, "/api/public/plans"],
    ])("%s %j = GET %s", async (name, args, path) => {
      const result = await callTool(gen, name, args);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await restJson(path));
      expect(result.content[0]).toEqual({ type: "text", text: JSON.stringify(result.structuredContent) });
      // The QR tools add the code as a PNG (tests/mcp/mcp-sdk-client.test.ts); the others nothing.
      expect(result.content.slice(1).map((c: any) => [c.type, c.mimeType])).toEqual(name.endsWith("_qr_payload") ? [["image", "image/png"]] : []);
      await expectMatchesOutputSchema(name, result.structuredContent);
    });

    it("list_locations_and_cuisines = GET /api/public/locations + /api/public/cuisines", async () => {
      const result = await callTool(gen, "list_locations_and_cuisines", {});
      expect(result.structuredContent).toEqual({ ...(await restJson("/api/public/locations")), ...(await restJson("/api/public/cuisines")) });
      await expectMatchesOutputSchema("list_locations_and_cuisines", result.structuredContent);
    });

    it("calculate_food_cost takes the POST form (ingredients, waste, labour) too", async () => {
      const args = { ingredients: [{ name: "Gruyère", quantity: 0.085, unitCost: 24.9 }, { name: "Bread", cost: 0.4 }], wastePercentage: 5, laborOverheadPercentage: 10 };
      const result = await callTool(gen, "calculate_food_cost", args);
      const rest = await fetch(`${inject("baseUrl")}/api/public/tools/food-cost`, { method: "POST", body: JSON.stringify(args) });
      expect(result.structuredContent).toEqual(await rest.json());
      expect(result.structuredContent).toMatchObject({ portionCost: 2.52, wasteCost: 0.13, laborCost: 0.25, totalCost: 2.9 });
    });

    it("search_restaurants clamps limit like REST", async () => {
      const result = await callTool(gen, "search_restaurants", { limit: 500 });
      expect(result.structuredContent.query.limit).toBe(50);
    });
  });

  describe("tool failures are results with isError and the REST error code", () => {
    it.each([
      ["get_restaurant_menu", { slug: "no-such-restaurant" }, "not_found", "/api/public/restaurants/no-such-restaurant"],
      ["get_restaurant_menu", { slug: "draft-hofbraeu-keller" }, "not_found", "/api/public/restaurants/draft-hofbraeu-keller"],
      ["get_restaurant_menu", { slug: "closed-biergarten" }, "not_found", "/api/public/restaurants/closed-biergarten"],
      ["get_restaurant_menu", { slug: "x".repeat(201) }, "invalid_request", `/api/public/restaurants/${"x".repeat(201)}`],
      ["search_restaurants", { limit: 2.5 }, "invalid_request", "/api/public/restaurants?limit=2.5"],
      ["search_dishes", { excludeAllergens: ["shellfish"] }, "invalid_request", "/api/public/dishes?excludeAllergens=shellfish"],
      ["search_dishes", { maxPrice: 10 }, "invalid_request", "/api/public/dishes?maxPrice=10"],
      // an impossible date is refused, not rolled over to 2 March
      ["search_restaurants", { openAt: "2026-02-30T10:00:00Z" }, "invalid_request", "/api/public/restaurants?openAt=2026-02-30T10:00:00Z"],
      ["search_dishes", { openAt: "2026-04-31T10:00:00+02:00" }, "invalid_request", "/api/public/dishes?openAt=2026-04-31T10:00:00%2B02:00"],
      ["calculate_food_cost", { cost: 4, margin: 100 }, "invalid_request", "/api/public/tools/food-cost?cost=4&margin=100"],
      ["calculate_food_cost", {}, "invalid_request", "/api/public/tools/food-cost"],
      ["generate_wifi_qr_payload", { ssid: "Guest" }, "invalid_request", "/api/public/tools/wifi-qr?ssid=Guest"],
      ["generate_wifi_qr_payload", { ssid: "Guest", encryption: "WPA3" }, "invalid_request", "/api/public/tools/wifi-qr?ssid=Guest&encryption=WPA3"],
      ["generate_review_qr_payload", { url: "javascript:alert(1)" }, "invalid_request", "/api/public/tools/review-qr?url=javascript%3Aalert(1)"],
      ["generate_review_qr_payload", {}, "invalid_request", "/api/public/tools/review-qr"],
    ])("%s %j → %s, as GET %s", async (name, args, code, path) => {
      const result = await callTool(gen, name, args);
      const rest = await restJson(path);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toEqual(rest);
      expect(result.structuredContent.error).toBe(code);
      expect(result.content[0]).toEqual({ type: "text", text: `${rest.error}: ${rest.message} ${rest.hint}` });
      // clients validate structuredContent against outputSchema even for errors (the Inspector does)
      await expectMatchesOutputSchema(name, result.structuredContent);
    });

    it("arguments of the wrong type are invalid_request results, not protocol errors", async () => {
      const result = await callTool(gen, "calculate_food_cost", { cost: "cheap" });
      expect(result).toMatchObject({ isError: true, structuredContent: { error: "invalid_request", message: 'Invalid parameter "cost": must be a finite number' } });
    });

    it("missing arguments count as an empty object", async () => {
      const result = await callTool(gen, "get_restaurant_menu", undefined);
      expect(result).toMatchObject({ isError: true, structuredContent: { error: "invalid_request", message: expect.stringContaining('Invalid parameter "slug"') } });
    });

    it("arguments a no-argument tool does not take are invalid_request", async () => {
      const result = await callTool(gen, "get_service_plans", { verbose: true });
      expect(result.structuredContent).toMatchObject({ error: "invalid_request" });
    });
  });

  describe("tools/call protocol errors", () => {
    it("an unknown tool is -32602", async () => {
      const res = await gen.request("tools/call", { name: "drop_all_tables", arguments: {} });
      expect(res.json.error).toMatchObject({ code: -32602, message: expect.stringContaining("Unknown tool") });
      expect(res.json.result).toBeUndefined();
    });

    it("a call without a tool name is -32602", async () => {
      const res = await gen.request("tools/call", { arguments: {} }, { "Mcp-Name": "" });
      expect(res.json.error.code).toBe(-32602);
    });

    it("arguments that are not an object are -32602", async () => {
      const res = await gen.request("tools/call", { name: "search_restaurants", arguments: ["sushi"] });
      expect(res.json.error.code).toBe(-32602);
    });
  });
});

afterAll(() => {
  expect(seenBodies.length).toBeGreaterThan(50);
  for (const body of seenBodies) expect(body).not.toContain(PRIVATE_MARKER);
});
