import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfig } from "../config";
import { ApiError } from "./api-errors";
import { MAX_BODIES_PER_CLIENT, MAX_JSON_BODY_BYTES, readBodyText, readJsonBody } from "./read-json-body";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) => new Request("http://x/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

function stream(chunks: number, size: number, onPull?: () => void): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      onPull?.();
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).code;
}

describe("readJsonBody", () => {
  it("parses a JSON document", async () => {
    expect(await readJsonBody(post('{"cost": 4.5}'))).toEqual({ cost: 4.5 });
    expect(await readJsonBody(post("[1,2]"))).toEqual([1, 2]);
  });

  it.each(["", "   ", "{", "cost=4.5", "{'a':1}", "NaN"])("%j is invalid_json", async (body) => {
    expect(await code(readJsonBody(post(body)))).toBe("invalid_json");
  });

  it("takes a body of exactly the limit", async () => {
    const body = JSON.stringify({ pad: "x".repeat(MAX_JSON_BODY_BYTES - 10) });
    expect(body.length).toBe(MAX_JSON_BODY_BYTES);
    await expect(readJsonBody(post(body))).resolves.toBeTruthy();
  });

  it("refuses a larger body by its Content-Length, keeping none of it", async () => {
    const request = post(stream(100, 1024), { "content-length": String(100 * 1024) });
    const error = await readJsonBody(request).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: "payload_too_large", status: 413 });
    // the rest was small enough to drop, so the connection stays usable
    expect((error as ApiError).options.headers).toBeUndefined();
  });

  it("refuses a declared length beyond the discard budget at once and closes the connection", async () => {
    let pulls = 0;
    const request = post(stream(100, 1024, () => pulls++), { "content-length": String(50 * 1024 * 1024) });
    const error = await readJsonBody(request).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: "payload_too_large", options: { headers: { Connection: "close" } } });
    expect(pulls).toBeLessThanOrEqual(2);
  });

  it("refuses a streamed body as soon as it passes the limit, and drops the rest", async () => {
    let pulls = 0;
    const error = await readBodyText(post(stream(200, 1024, () => pulls++))).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: "payload_too_large" });
    expect((error as ApiError).options.headers).toBeUndefined();
    expect(pulls).toBe(201);
  });

  it("stops dropping at the budget and closes the connection", async () => {
    let pulls = 0;
    const endless = post(stream(Number.POSITIVE_INFINITY, 1024, () => pulls++));
    const error = await readBodyText(endless, 1024, { bytes: 8 * 1024, ms: 1000 }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: "payload_too_large", options: { headers: { Connection: "close" } } });
    expect(pulls).toBeLessThan(20);
  });

  it("stops waiting for a slow body at the time budget", async () => {
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(2048));
      },
      // never sends more, never ends
    });
    const started = Date.now();
    const error = await readBodyText(post(slow), 1024, { bytes: 1024 * 1024, ms: 200 }).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: "payload_too_large", options: { headers: { Connection: "close" } } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports the limit in the error", async () => {
    const error = await readBodyText(post("x".repeat(10)), 5).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: "payload_too_large", status: 413, options: { extra: { limitBytes: 5 } } });
  });

  it("decodes UTF-8", async () => {
    expect(await readJsonBody(post(JSON.stringify({ name: "Gruyère ☕" })))).toEqual({ name: "Gruyère ☕" });
  });

  it("answers 408 request_timeout, closing the connection, when a body stops arriving before the deadline", async () => {
    const held = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x7b]));
      },
      // one byte of a declared 60 000, then nothing
    });
    const started = Date.now();
    const error = await readBodyText(post(held, { "content-length": "60000" }), MAX_JSON_BODY_BYTES, undefined, 150).catch((e: ApiError) => e);
    expect(error).toMatchObject({ code: "request_timeout", status: 408, options: { headers: { Connection: "close" } } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reads at most 64 bodies at once: the next is refused at once with 503, unread, closing its connection", async () => {
    const holders: ReadableStreamDefaultController<Uint8Array>[] = [];
    const heldBody = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          holders.push(controller);
        },
      });
    const pending = Array.from({ length: 64 }, () => readBodyText(post(heldBody()), MAX_JSON_BODY_BYTES, undefined, 5_000).catch((e: ApiError) => e));
    let pulled = false;
    const extra = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const refused = await readBodyText(post(extra)).catch((e: ApiError) => e);
    expect(refused).toMatchObject({ code: "service_unavailable", status: 503, options: { headers: { Connection: "close", "Retry-After": "1" } } });
    expect(pulled).toBe(false);
    // the held ones finish normally, and their slots are free again
    for (const controller of holders) {
      controller.enqueue(new TextEncoder().encode("{}"));
      controller.close();
    }
    expect(await Promise.all(pending)).toEqual(Array(64).fill("{}"));
    expect(await readBodyText(post("{}"))).toBe("{}");
  });
});

describe("a client's share of the bodies being read", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfig();
  });

  it(`one client holds at most ${MAX_BODIES_PER_CLIENT} bodies; the next is refused, another client's is read`, async () => {
    vi.stubEnv("TRUSTED_PROXY_HEADERS", "x-forwarded-for");
    resetConfig();
    const holders: ReadableStreamDefaultController<Uint8Array>[] = [];
    const held = () => new ReadableStream<Uint8Array>({ start: (controller) => void holders.push(controller) });
    const from = (address: string, body: BodyInit) => post(body, { "x-forwarded-for": address });
    const pending = Array.from({ length: MAX_BODIES_PER_CLIENT }, () => readBodyText(from("203.0.113.1", held()), MAX_JSON_BODY_BYTES, undefined, 5_000));
    const refused = await readBodyText(from("203.0.113.1", "{}")).catch((e: ApiError) => e);
    expect(refused).toMatchObject({ code: "service_unavailable", status: 503, options: { headers: { Connection: "close", "Retry-After": "1" } } });
    expect(await readBodyText(from("203.0.113.2", '{"other":1}'))).toBe('{"other":1}');
    for (const controller of holders) {
      controller.enqueue(new TextEncoder().encode("{}"));
      controller.close();
    }
    expect(await Promise.all(pending)).toEqual(Array(MAX_BODIES_PER_CLIENT).fill("{}"));
    // the share is free again once those bodies are in
    expect(await readBodyText(from("203.0.113.1", "[]"))).toBe("[]");
  });
});
