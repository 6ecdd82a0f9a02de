import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { purgeCaches } from "../cache/ttl-cache";
import { resetConfig } from "../config";
import { answerBody, cachedToolAnswer, toolAnswerKey, toolAnswerOf } from "./tool-answer-cache";

const call = (id: unknown, name: string, args: unknown = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const json = (body: string, status = 200) => new Response(body, { status, headers: { "content-type": "application/json" } });

describe("toolAnswerKey", () => {
  it("keys the calls of the menu, plans and directory tools by protocol version and params", () => {
    const a = toolAnswerKey(call(1, "get_restaurant_menu", { slug: "sushi-kaze" }), "2025-11-25");
    expect(a).toBeDefined();
    expect(toolAnswerKey(call("x", "get_restaurant_menu", { slug: "sushi-kaze" }), "2025-11-25")).toBe(a);
    expect(toolAnswerKey(call(1, "get_restaurant_menu", { slug: "sushi-kaze" }), "2025-06-18")).not.toBe(a);
    expect(toolAnswerKey(call(1, "get_restaurant_menu", { slug: "zunfthaus-am-see" }), "2025-11-25")).not.toBe(a);
    expect(toolAnswerKey(call(1, "get_service_plans"), null)).toBeDefined();
    expect(toolAnswerKey(call(1, "list_locations_and_cuisines"), null)).toBeDefined();
  });

  it("keeps nothing else: searches (the clock, a throttle), utilities, other methods, notifications", () => {
    for (const name of ["search_restaurants", "search_dishes", "list_changes", "calculate_food_cost", "generate_wifi_qr_payload"]) {
      expect(toolAnswerKey(call(1, name), "2025-11-25")).toBeUndefined();
    }
    expect(toolAnswerKey({ jsonrpc: "2.0", id: 1, method: "tools/list" }, null)).toBeUndefined();
    expect(toolAnswerKey({ jsonrpc: "2.0", method: "tools/call", params: { name: "get_service_plans" } }, null)).toBeUndefined();
    expect(toolAnswerKey(call(null, "get_service_plans"), null)).toBeUndefined();
  });
});

describe("toolAnswerOf / answerBody", () => {
  it("keeps a success's result text, which rebuilds the SDK's bytes with any id", async () => {
    const result = '{"content":[{"type":"text","text":"{\\"a\\":1}"}],"structuredContent":{"a":1}}';
    const body = `{"result":${result},"jsonrpc":"2.0","id":"req-1"}`;
    const { answer, body: sent } = await toolAnswerOf(json(body), "req-1", 10);
    expect(sent).toBe(body);
    expect(answer.result).toBe(result);
    expect(answerBody(answer.result!, "req-1")).toBe(body);
    expect(answerBody(answer.result!, 42)).toBe(`{"result":${result},"jsonrpc":"2.0","id":42}`);
  });

  it.each([
    ["a tool error", json('{"result":{"content":[],"isError":true,"structuredContent":{"error":"not_found"}},"jsonrpc":"2.0","id":1}')],
    ["a protocol error", json('{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params"}}')],
    ["another status", json('{"result":{},"jsonrpc":"2.0","id":1}', 500)],
    ["a body in another member order", json('{"jsonrpc":"2.0","id":1,"result":{}}')],
    ["another id", json('{"result":{},"jsonrpc":"2.0","id":2}')],
    ["not JSON", new Response('{"result":{},"jsonrpc":"2.0","id":1}', { headers: { "content-type": "text/event-stream" } })],
  ])("keeps no result from %s", async (_label, response) => {
    expect((await toolAnswerOf(response, 1, 10)).answer.result).toBeUndefined();
  });
});

describe("cachedToolAnswer", () => {
  beforeAll(() => {
    vi.stubEnv("MENU_CACHE_TTL_MS", "60000");
    resetConfig();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfig();
    purgeCaches();
  });

  const result = '{"content":[{"type":"text","text":"{}"}],"structuredContent":{}}';
  const sdk = () => {
    const calls: RpcId[] = [];
    const serve = (id: RpcId) => async () => {
      calls.push(id);
      return json(answerBody(result, id));
    };
    return { calls, serve };
  };
  type RpcId = string | number;

  it("asks the SDK once, then answers every id from the kept result; a purge drops it", async () => {
    const key = toolAnswerKey(call(1, "get_service_plans", { n: 1 }), "2025-11-25")!;
    const { calls, serve } = sdk();
    const first = await cachedToolAnswer(key, 1, serve(1));
    const second = await cachedToolAnswer(key, "two", serve("two"));
    expect(await first.text()).toBe(answerBody(result, 1));
    expect(await second.text()).toBe(answerBody(result, "two"));
    expect(second.headers.get("content-type")).toBe("application/json");
    expect(calls).toEqual([1]);
    purgeCaches();
    await cachedToolAnswer(key, 3, serve(3));
    expect(calls).toEqual([1, 3]);
  });

  it("concurrent calls with one key wait for one SDK answer, each with its own id", async () => {
    const key = toolAnswerKey(call(1, "get_service_plans", { n: 2 }), "2025-11-25")!;
    const { calls, serve } = sdk();
    const bodies = await Promise.all([1, 2, 3].map(async (id) => (await cachedToolAnswer(key, id, serve(id))).text()));
    expect(bodies).toEqual([1, 2, 3].map((id) => answerBody(result, id)));
    expect(calls).toEqual([1]);
  });

  it("an answer that is not kept goes to the SDK for every call", async () => {
    const key = toolAnswerKey(call(1, "get_restaurant_menu", { slug: "nope" }), "2025-11-25")!;
    let calls = 0;
    const serve = (id: RpcId) => async () => {
      calls++;
      return json(`{"result":{"content":[],"isError":true,"structuredContent":{"error":"not_found"}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`);
    };
    const answers = await Promise.all([1, 2].map(async (id) => (await cachedToolAnswer(key, id, serve(id))).text()));
    expect(answers[1]).toContain('"id":2');
    await cachedToolAnswer(key, 3, serve(3));
    expect(calls).toBe(3);
  });

  it("MENU_CACHE_TTL_MS=0 keeps nothing", async () => {
    vi.stubEnv("MENU_CACHE_TTL_MS", "0");
    resetConfig();
    const key = toolAnswerKey(call(1, "get_service_plans", { n: 3 }), "2025-11-25")!;
    const { calls, serve } = sdk();
    await cachedToolAnswer(key, 1, serve(1));
    await cachedToolAnswer(key, 2, serve(2));
    expect(calls).toEqual([1, 2]);
    vi.stubEnv("MENU_CACHE_TTL_MS", "60000");
    resetConfig();
  });
});

describe("through the endpoint: a kept answer is the SDK's bytes", () => {
  beforeAll(() => {
    vi.stubEnv("MENU_CACHE_TTL_MS", "60000");
    vi.stubEnv("CHANGE_WATCH", "off");
    resetConfig();
    purgeCaches();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfig();
  });

  it("get_service_plans answered by the SDK (id 7), then from the cache (id \"again\")", async () => {
    const { handleMcpPost } = await import("./mcp-endpoint");
    const post = (id: unknown) =>
      handleMcpPost(
        new Request("http://localhost:3000/api/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", host: "localhost:3000" },
          body: JSON.stringify(call(id, "get_service_plans")),
        }),
      );
    const fromSdk = await post(7);
    const sdkBody = await fromSdk.text();
    expect(sdkBody).toMatch(/^\{"result":\{.*"plans".*,"jsonrpc":"2\.0","id":7\}$/s);
    const kept = await post("again");
    expect(await kept.text()).toBe(sdkBody.replace(/"id":7\}$/, '"id":"again"}'));
    expect([...kept.headers].sort()).toEqual([...fromSdk.headers].sort());
    const { cacheStats } = await import("../cache/ttl-cache");
    expect(cacheStats().find((c) => c.name === "mcp-answers")?.entries).toBeGreaterThan(0);
  });
});
