import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callTool, listTools, toolErrorResult } from "./mcp-server";
import { MCP_TOOLS } from "./tools";
import { ApiError } from "../http/api-errors";

// The contract's seven, and search_dishes (issue #14) after the search it extends.
const CONTRACT_TOOLS = [
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

describe("the tool list", () => {
  it("has exactly the seven tools of the contract, plus search_dishes and list_changes (issue 28)", () => {
    expect(MCP_TOOLS.map((t) => t.name)).toEqual(CONTRACT_TOOLS);
  });

  it.each(listTools().map((t) => [t.name, t] as const))("%s is fully described", (_name, tool) => {
    expect(tool.description.length).toBeGreaterThan(80);
    expect(tool.title).toBeTruthy();
    expect(tool.annotations).toEqual({ title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(tool.inputSchema.type).toBe("object");
    expect(tool.outputSchema.type).toBe("object");
    expect(tool.inputSchema).not.toHaveProperty("$schema");
    expect(JSON.stringify(tool)).not.toMatch(/"\$ref"/);
  });

  it("uses the parameter names of the REST API", () => {
    const params = Object.fromEntries(listTools().map((t) => [t.name, Object.keys((t.inputSchema.properties ?? {}) as object)]));
    expect(params).toEqual({
      search_restaurants: ["q", "city", "cuisine", "limit", "near", "radiusKm", "openNow", "openAt", "cursor"],
      search_dishes: ["q", "city", "cuisine", "diet", "excludeAllergens", "maxPrice", "currency", "limit", "near", "radiusKm", "openNow", "openAt", "cursor"],
      get_restaurant_menu: ["slug"],
      list_changes: ["since", "limit"],
      calculate_food_cost: ["cost", "ingredients", "margin", "price", "wastePercentage", "laborOverheadPercentage"],
      generate_wifi_qr_payload: ["ssid", "password", "encryption", "hidden"],
      generate_review_qr_payload: ["placeId", "url"],
      get_service_plans: [],
      list_locations_and_cuisines: [],
    });
    const required = Object.fromEntries(listTools().map((t) => [t.name, t.inputSchema.required ?? []]));
    expect(required.get_restaurant_menu).toEqual(["slug"]);
    expect(required.generate_wifi_qr_payload).toEqual(["ssid"]);
  });

  it("each output schema is the result or the REST error body", async () => {
    const { z } = await import("zod");
    const error = (await callTool("calculate_food_cost", { cost: -1 })).structuredContent;
    for (const tool of listTools()) {
      const schema = z.fromJSONSchema(tool.outputSchema);
      expect(schema.safeParse(error).success, tool.name).toBe(true);
      expect(schema.safeParse({ something: "else" }).success, tool.name).toBe(false);
    }
    const ok = (await callTool("calculate_food_cost", { cost: 1 })).structuredContent;
    expect(z.fromJSONSchema(listTools().find((t) => t.name === "calculate_food_cost")!.outputSchema).safeParse(ok).success).toBe(true);
  });

  it("states the wifi encryption rule in a form JSON Schema validators apply the same way", () => {
    const wifi = listTools().find((t) => t.name === "generate_wifi_qr_payload")!;
    const pattern = new RegExp((wifi.inputSchema.properties as Record<string, { pattern: string }>).encryption.pattern);
    for (const ok of ["WPA", "wpa", "Wep", "nopass", "NOPASS"]) expect(pattern.test(ok)).toBe(true);
    for (const bad of ["WPA2", "none", ""]) expect(pattern.test(bad)).toBe(false);
  });
});

describe("callTool (tools that need no database)", () => {
  it("returns structuredContent and the same JSON as a text block", async () => {
    const result = await callTool("calculate_food_cost", { cost: 4.5, price: 12 });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ totalCost: 4.5, suggestedPrice: 15, currentPrice: { meetsTarget: false } });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  });

  it("reports bad arguments as an isError result with the REST error body", async () => {
    const result = await callTool("calculate_food_cost", { cost: -1 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: "invalid_request", status: 400, message: 'Invalid parameter "cost": must not be negative' });
    expect((result.content[0] as { text: string }).text).toMatch(/^invalid_request: /);
  });

  it("treats missing arguments as an empty object", async () => {
    const result = await callTool("generate_wifi_qr_payload", undefined);
    expect(result.structuredContent).toMatchObject({ error: "invalid_request", message: 'Invalid parameter "ssid": is required' });
  });

  it("get_service_plans takes no arguments", async () => {
    expect((await callTool("get_service_plans", {})).structuredContent).toHaveProperty("plans");
    expect((await callTool("get_service_plans", { verbose: true })).structuredContent).toMatchObject({ error: "invalid_request" });
  });

  it("an unknown tool is a protocol error (-32602), not a tool result", async () => {
    await expect(callTool("drop_tables", {})).rejects.toMatchObject({ code: -32602 });
  });

  it("an unexpected failure becomes internal_error without detail", () => {
    const original = console.error;
    console.error = () => {};
    try {
      const result = toolErrorResult(new Error("secret stack detail"));
      expect(result.structuredContent).toMatchObject({ error: "internal_error", status: 500 });
      expect(JSON.stringify(result)).not.toContain("secret");
    } finally {
      console.error = original;
    }
    expect(toolErrorResult(new ApiError("not_found", "nope")).structuredContent).toMatchObject({ error: "not_found", status: 404 });
  });
});

// Issue 46.14: the README and docs name every tool, and say which are throttled, as the code does.
describe("the documentation of the tools", () => {
  const read = (file: string) => readFileSync(path.join(import.meta.dirname, "../..", file), "utf8");
  const mcpDocs = read("docs/mcp-and-tools.md");
  const readmeSection = /## MCP tool server\n([\s\S]*?)\n## /.exec(read("README.md"))?.[1] ?? "";

  it("lists every tool in the README and in the docs' tool table", () => {
    for (const tool of MCP_TOOLS) {
      expect(readmeSection, tool.name).toContain(`\`${tool.name}\``);
      expect(mcpDocs, tool.name).toMatch(new RegExp(`^\\| \`${tool.name}\` \\|`, "m"));
    }
  });

  it("names exactly the throttled tools as throttled", () => {
    const throttled = MCP_TOOLS.filter((t) => t.throttle).map((t) => t.name);
    expect(throttled.length).toBeGreaterThan(0);
    const row = mcpDocs.split("\n").find((l) => l.startsWith("| `-32029` |")) ?? "";
    const paragraph = mcpDocs.split("\n\n").find((p) => /no other\s+method, is throttled/.test(p)) ?? "";
    for (const text of [row, paragraph]) {
      const named = MCP_TOOLS.map((t) => t.name).filter((name) => text.includes(`\`${name}\``));
      expect(named.sort(), text).toEqual([...throttled].sort());
    }
  });

  it("carries no editing notes", () => {
    expect(mcpDocs).not.toMatch(/Add this row|TODO|FIXME/);
  });
});
