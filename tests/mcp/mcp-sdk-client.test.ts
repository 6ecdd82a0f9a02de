// Issue 15.7, through the official MCP TypeScript SDK's client (it validates every
// structuredContent against the tool's outputSchema): the QR tools add a PNG image content block
// beside the JSON, and search_restaurants publishes limit as the integer range REST enforces.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpUrl } from "./mcp-client";

let client: Client;

beforeAll(async () => {
  client = new Client({ name: "menu-service-sdk-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl())));
});

afterAll(async () => {
  await client.close();
});

/** Width and height of a PNG, from its IHDR chunk; throws unless it is a PNG. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, "base64");
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("MCP through the official SDK client", () => {
  it("search_restaurants publishes limit as an integer from 1 to 50", async () => {
    const { tools } = await client.listTools();
    const search = tools.find((t) => t.name === "search_restaurants")!;
    const limit = (search.inputSchema.properties as Record<string, any>).limit;
    expect(limit).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 20 });
    expect(limit.anyOf).toBeUndefined();
    const result = await client.callTool({ name: "search_restaurants", arguments: { limit: 2 } });
    expect((result.structuredContent as any).count).toBe(2);
  });

  for (const [name, args] of [
    ["generate_wifi_qr_payload", { ssid: "Gäste", password: "fondue-4-all" }],
    ["generate_review_qr_payload", { placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4" }],
  ] as const) {
    it(`${name}: the JSON as text, and the code as a PNG image`, async () => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError).toBeFalsy();
      const content = result.content as { type: string; text?: string; data?: string; mimeType?: string }[];
      expect(content.map((c) => c.type)).toEqual(["text", "image"]);
      expect(JSON.parse(content[0].text!)).toEqual(result.structuredContent);
      expect(content[1].mimeType).toBe("image/png");
      const { width, height } = pngSize(content[1].data!);
      expect(width).toBe(height);
      // 8 px per module, a 4-module quiet zone on each side, a QR code of 21 + 4k modules.
      const modules = width / 8 - 8;
      expect(Number.isInteger(modules) && modules >= 21 && (modules - 21) % 4 === 0).toBe(true);
    });
  }

  it("a failed QR call has no image", async () => {
    const result = await client.callTool({ name: "generate_review_qr_payload", arguments: { url: "https://google.com@evil.example/r" } });
    expect(result.isError).toBe(true);
    expect((result.content as { type: string }[]).map((c) => c.type)).toEqual(["text"]);
  });
});
