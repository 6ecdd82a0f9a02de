// resources/list, resources/read, resources/templates/list and the prompts, in both generations.
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { GENERATIONS, PRIVATE_MARKER, restJson, seenBodies } from "./mcp-client";

const PUBLISHED = ["sushi-kaze", "wirtshaus-zur-post", "zunfthaus-am-see"];
const UNPUBLISHED = ["draft-hofbraeu-keller", "closed-biergarten"];

describe.each(GENERATIONS)("protocol $version", (gen) => {
  async function allResources(): Promise<any[]> {
    const out: any[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const res = await gen.request("resources/list", cursor ? { cursor } : {});
      expect(res.status).toBe(200);
      out.push(...res.json.result.resources);
      cursor = res.json.result.nextCursor;
      if (!cursor) return out;
    }
    throw new Error("resources/list never ended");
  }

  async function read(uri: string) {
    return gen.request("resources/read", { uri });
  }

  describe("resources/list", () => {
    it("lists the plans, the directory and both forms of every published menu, and nothing else", async () => {
      const uris = (await allResources()).map((r) => r.uri);
      expect(uris.slice(0, 2)).toEqual(["menu://plans", "menu://directory"]);
      for (const slug of PUBLISHED) {
        expect(uris).toContain(`menu://restaurants/${slug}/menu.json`);
        expect(uris).toContain(`menu://restaurants/${slug}/menu.md`);
      }
      for (const slug of UNPUBLISHED) expect(uris.join(" ")).not.toContain(slug);
      expect(new Set(uris).size).toBe(uris.length);
    });

    it("describes every resource with a name, title, description and media type", async () => {
      for (const r of await allResources()) {
        expect(r).toMatchObject({ uri: expect.any(String), name: expect.any(String), title: expect.any(String), description: expect.any(String) });
        expect(["application/json", "text/markdown"]).toContain(r.mimeType);
      }
    });

    it("refuses a cursor it did not issue with -32602", async () => {
      const res = await gen.request("resources/list", { cursor: "not-a-cursor" });
      expect(res.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/cursor/) });
    });
  });

  describe("resources/templates/list", () => {
    it("offers the menu in JSON and Markdown as URI templates", async () => {
      const res = await gen.request("resources/templates/list");
      expect(res.json.result.resourceTemplates).toEqual([
        expect.objectContaining({ uriTemplate: "menu://restaurants/{slug}/menu.json", mimeType: "application/json" }),
        expect.objectContaining({ uriTemplate: "menu://restaurants/{slug}/menu.md", mimeType: "text/markdown" }),
      ]);
    });
  });

  describe("resources/read", () => {
    it.each(PUBLISHED)("the JSON menu of %s is the REST body", async (slug) => {
      const uri = `menu://restaurants/${slug}/menu.json`;
      const res = await read(uri);
      const [content] = res.json.result.contents;
      expect(content).toMatchObject({ uri, mimeType: "application/json" });
      expect(JSON.parse(content.text)).toEqual(await restJson(`/api/public/restaurants/${slug}`));
    });

    it.each(PUBLISHED)("the Markdown menu of %s is the page's twin: front matter and every dish", async (slug) => {
      const res = await read(`menu://restaurants/${slug}/menu.md`);
      const [content] = res.json.result.contents;
      expect(content.mimeType).toBe("text/markdown");
      const restaurant = await restJson(`/api/public/restaurants/${slug}`);
      const [, yaml] = /^---\n([\s\S]*?)\n---\n/.exec(content.text)!;
      expect(parseYaml(yaml)).toMatchObject({ title: `${restaurant.name} – menu`, canonical: restaurant.url });
      for (const category of restaurant.categories) for (const item of category.items) expect(content.text).toContain(item.name.replace(/([*_[\]])/g, "\\$1"));
      expect(content.text).toBe(await (await fetch(`${restaurant.url}.md`)).text());
    });

    it("the plans and the directory are the REST bodies", async () => {
      expect(JSON.parse((await read("menu://plans")).json.result.contents[0].text)).toEqual(await restJson("/api/public/plans"));
      expect(JSON.parse((await read("menu://directory")).json.result.contents[0].text)).toEqual({
        ...(await restJson("/api/public/locations")),
        ...(await restJson("/api/public/cuisines")),
      });
    });

    it.each([
      ...UNPUBLISHED.map((s) => `menu://restaurants/${s}/menu.json`),
      "menu://restaurants/no-such-place/menu.md",
      "menu://restaurants/zunfthaus-am-see/menu.pdf",
      "menu://secrets",
      "file:///etc/passwd",
    ])("%s is not found: -32602 with the uri in data", async (uri) => {
      const res = await read(uri);
      expect(res.json.error).toEqual({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
    });

    it("a uri that is not a URI is -32602", async () => {
      const res = await read("not a uri");
      expect(res.json.error.code).toBe(-32602);
    });
  });

  describe("prompts", () => {
    it("prompts/list names the prompts and their arguments", async () => {
      const res = await gen.request("prompts/list");
      expect(res.json.result.prompts.map((p: { name: string }) => p.name)).toEqual(["check_allergens", "find_restaurant"]);
      expect(res.json.result.prompts[0].arguments).toEqual([
        expect.objectContaining({ name: "slug", required: true }),
        expect.objectContaining({ name: "allergens", required: true }),
      ]);
    });

    it("check_allergens attaches the published menu as a resource", async () => {
      const res = await gen.request("prompts/get", { name: "check_allergens", arguments: { slug: "zunfthaus-am-see", allergens: "milk, gluten" } });
      const [menu, ask] = res.json.result.messages;
      expect(menu).toMatchObject({ role: "user", content: { type: "resource", resource: { uri: "menu://restaurants/zunfthaus-am-see/menu.json", mimeType: "application/json" } } });
      expect(JSON.parse(menu.content.resource.text)).toEqual(await restJson("/api/public/restaurants/zunfthaus-am-see"));
      expect(ask.content.text).toMatch(/Milk \(including lactose\) \(milk\), Cereals containing gluten \(gluten\)/);
    });

    it("find_restaurant points the model at the tools", async () => {
      const res = await gen.request("prompts/get", { name: "find_restaurant", arguments: { city: "Tokyo" } });
      expect(res.json.result.messages[0].content.text).toMatch(/search_restaurants.*get_restaurant_menu/s);
    });

    it.each([
      [{ name: "no_such_prompt", arguments: {} }, /Unknown prompt/],
      [{ name: "check_allergens", arguments: { slug: "draft-hofbraeu-keller", allergens: "milk" } }, /No published restaurant/],
      [{ name: "check_allergens", arguments: { slug: "zunfthaus-am-see", allergens: "lactose" } }, /Unknown allergen/],
      [{ name: "check_allergens", arguments: { slug: "zunfthaus-am-see" } }, /"allergens" is required/],
      [{ name: "check_allergens", arguments: { slug: 42, allergens: "milk" } }, /Invalid params/],
    ])("%j is -32602", async (params, message) => {
      const res = await gen.request("prompts/get", params);
      expect(res.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(message) });
    });
  });
});

describe("cache hints (2026-07-28 only)", () => {
  const [legacy, modern] = GENERATIONS;

  it("menus are fresh for 5 minutes, plans and directory for a day, like REST", async () => {
    expect((await modern.request("resources/read", { uri: "menu://restaurants/sushi-kaze/menu.json" })).json.result).toMatchObject({ ttlMs: 300_000, cacheScope: "public" });
    expect((await modern.request("resources/read", { uri: "menu://plans" })).json.result).toMatchObject({ ttlMs: 86_400_000, cacheScope: "public" });
  });

  it("2025-11-25 results carry no cache fields", async () => {
    const { result } = (await legacy.request("resources/read", { uri: "menu://plans" })).json;
    expect(result).not.toHaveProperty("ttlMs");
    expect(result).not.toHaveProperty("cacheScope");
  });
});

afterAll(() => {
  for (const body of seenBodies) expect(body).not.toContain(PRIVATE_MARKER);
});
