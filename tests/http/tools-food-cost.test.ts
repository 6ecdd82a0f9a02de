// GET and POST /api/public/tools/food-cost (contract section 4; issue: food cost).
import { describe, expect, inject, it } from "vitest";
import { FoodCostResultSchema } from "../../lib/tools/food-cost";
import { get } from "../support/http";

const PATH = "/api/public/tools/food-cost";
const ERROR_FIELDS = ["error", "status", "message", "hint", "documentation", "specification"];

function expectError(res: { status: number; json: any; headers: Headers }, code: string, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  for (const field of ERROR_FIELDS) expect(res.json).toHaveProperty(field);
  expect(res.json).toMatchObject({ error: code, status });
  if (message) expect(res.json.message).toMatch(message);
}

const postJson = (body: string | object, headers: Record<string, string> = {}) =>
  get(PATH, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("GET /api/public/tools/food-cost", () => {
  it("computes cost, margin and the suggested price, cached as a tool result", async () => {
    const res = await get(`${PATH}?cost=4.20&margin=72&price=12.50`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600, s-maxage=86400, stale-while-revalidate=86400");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("etag")).toBeTruthy();
    expect(() => FoodCostResultSchema.parse(res.json)).not.toThrow();
    expect(res.json).toMatchObject({
      portionCost: 4.2,
      wasteCost: 0,
      laborCost: 0,
      totalCost: 4.2,
      targetMargin: 72,
      suggestedPrice: 15,
      currentPrice: { price: 12.5, foodCostPercentage: 33.6, grossMargin: 66.4, grossProfit: 8.3, meetsTarget: false, priceChangeToTarget: 2.5 },
    });
    expect(res.json.recommendation).toMatch(/Raise the price by 2\.50 to 15\.00/);
  });

  it("defaults the margin to 70 % and needs no price", async () => {
    const res = await get(`${PATH}?cost=3`);
    expect(res.json).toMatchObject({ targetMargin: 70, suggestedPrice: 10, currentPrice: null });
  });

  it("ignores waste and labour in the query (the GET form has neither)", async () => {
    const res = await get(`${PATH}?cost=3&wastePercentage=50&laborOverheadPercentage=50`);
    expect(res.json).toMatchObject({ totalCost: 3, wastePercentage: 0, laborOverheadPercentage: 0 });
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get(`${PATH}?cost=3`);
    const again = await get(`${PATH}?cost=3`, { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("HEAD mirrors GET without a body", async () => {
    const res = await get(`${PATH}?cost=3`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
  });

  it.each([
    ["", /"cost": is required/],
    ["?cost=", /"cost": is required/],
    ["?cost=abc", /"cost": must be a finite number/],
    ["?cost=4,20", /"cost": must be a finite number/],
    ["?cost=1e999", /"cost": must be a finite number/],
    ["?cost=Infinity", /"cost": must be a finite number/],
    ["?cost=-1", /"cost": must not be negative/],
    ["?cost=1&cost=2", /"cost" was given 2 times/],
    ["?cost=4&margin=100", /"margin": must be between 0 and 100/],
    ["?cost=4&margin=-5", /"margin": must be between 0 and 100/],
    ["?cost=4&margin=seventy", /"margin": must be a finite number/],
    ["?cost=4&price=0", /"price": must be at least 0.005/],
    ["?cost=4&price=0.004", /"price": must be at least 0.005/],
    ["?cost=4&price=-3", /"price": must be at least 0.005/],
  ])("GET %s → invalid_request %s", async (qs, message) => {
    expectError(await get(`${PATH}${qs}`), "invalid_request", 400, message);
  });
});

describe("POST /api/public/tools/food-cost", () => {
  it("computes from ingredients with waste and labour", async () => {
    const res = await postJson({
      ingredients: [
        { name: "Gruyère", quantity: 0.085, unitCost: 24.9 },
        { name: "Vacherin", quantity: 0.085, unitCost: 31.5 },
        { name: "Bread", cost: 0.4 },
      ],
      wastePercentage: 5,
      laborOverheadPercentage: 12.5,
      margin: 70,
      price: 29.5,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=86400/);
    expect(res.json).toMatchObject({ portionCost: 5.19, wasteCost: 0.26, laborCost: 0.65, totalCost: 6.1, suggestedPrice: 20.34 });
    expect(res.json.ingredients).toEqual([
      { name: "Gruyère", quantity: 0.085, unitCost: 24.9, cost: 2.11 },
      { name: "Vacherin", quantity: 0.085, unitCost: 31.5, cost: 2.68 },
      { name: "Bread", quantity: null, unitCost: null, cost: 0.4 },
    ]);
    expect(res.json.currentPrice.meetsTarget).toBe(true);
  });

  it("takes a plain cost too", async () => {
    expect((await postJson({ cost: 4.5 })).json).toMatchObject({ suggestedPrice: 15 });
  });

  it("reads the body whatever Content-Type says", async () => {
    const res = await get(PATH, { method: "POST", headers: { "Content-Type": "text/plain" }, body: '{"cost": 3}' });
    expect(res.json.suggestedPrice).toBe(10);
  });

  it.each([
    ["{", /not valid JSON/],
    ["", /empty/],
    ["cost=4.5", /not valid JSON/],
    ["{'cost': 1}", /not valid JSON/],
  ])("body %j → invalid_json", async (body, message) => {
    expectError(await postJson(body), "invalid_json", 400, message);
  });

  it.each([
    [{}, /"cost": is required \(or give ingredients\)/],
    [[], /"\(input\)"/],
    ["just a string", /"\(input\)"/],
    [{ ingredients: [] }, /"ingredients": must list at least one ingredient/],
    [{ ingredients: [{ name: "salt" }] }, /"ingredients\.0": needs cost, or quantity and unitCost/],
    [{ ingredients: [{ quantity: 1, unitCost: -2 }] }, /"ingredients\.0\.unitCost": must not be negative/],
    [{ ingredients: Array.from({ length: 101 }, () => ({ cost: 0.1 })) }, /"ingredients": at most 100 ingredients/],
    [{ cost: 1, ingredients: [{ cost: 1 }] }, /not both/],
    [{ cost: 1, wastePercentage: 150 }, /"wastePercentage": must be at most 100/],
    [{ cost: 1, laborOverheadPercentage: "10" }, /"laborOverheadPercentage": must be a finite number/],
    [{ cost: 1, wastePercent: 10 }, /Unrecognized key: "wastePercent"/],
  ])("body %j → invalid_request %s", async (body, message) => {
    expectError(await postJson(typeof body === "string" ? JSON.stringify(body) : body), "invalid_request", 400, message);
  });

  it("refuses a body over 64 KB by its Content-Length with 413 payload_too_large", async () => {
    const res = await postJson({ cost: 1, pad: "x".repeat(70_000) });
    expectError(res, "payload_too_large", 413, /larger than 64 KB/);
  });

  it("refuses a chunked body over 64 KB while it streams", async () => {
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 100) controller.enqueue(new TextEncoder().encode(" ".repeat(1024)));
        else controller.close();
      },
    });
    const res = await fetch(`${inject("baseUrl")}${PATH}`, { method: "POST", headers: { "Content-Type": "application/json" }, body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await res.json()).error).toBe("payload_too_large");
    // the unread rest of that body must not wedge the client's next request (the 413 closes the connection)
    const next = await postJson({ cost: 3 }, {});
    expect(next.status).toBe(200);
  });

  it("takes a body just under 64 KB", async () => {
    const ingredients = Array.from({ length: 100 }, (_, i) => ({ name: `${"n".repeat(190)}${i}`, quantity: 0.001, unitCost: 1 }));
    const body = JSON.stringify({ ingredients });
    expect(body.length).toBeLessThan(64 * 1024);
    expect((await postJson(body)).status).toBe(200);
  });
});

describe("other methods", () => {
  it.each(["PUT", "PATCH", "DELETE"])("%s → 405 with Allow listing GET and POST", async (method) => {
    const res = await get(PATH, { method });
    expectError(res, "method_not_allowed", 405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("the preflight allows POST with a JSON body", async () => {
    const res = await get(PATH, { method: "OPTIONS", headers: { Origin: "https://x.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")!.toLowerCase()).toContain("content-type");
  });
});
