import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { cacheOutcome } from "./access-log";
import { createLogger } from "./logger";
import { newRequestScope, runInRequest } from "./request-context.mjs";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe("logger", () => {
  it("writes JSON lines that carry the id of the request being worked on", async () => {
    const { lines, stream } = capture();
    const logger = createLogger({ logLevel: "info" }, stream);
    logger.info("outside");
    await runInRequest(newRequestScope("req-1"), async () => {
      await Promise.resolve();
      logger.warn({ cache: "menus" }, "inside");
    });
    expect(lines[0]).toMatchObject({ level: 30, msg: "outside" });
    expect(lines[0]).not.toHaveProperty("request_id");
    expect(lines[1]).toMatchObject({ level: 40, msg: "inside", cache: "menus", request_id: "req-1" });
  });

  it("logs an error with its cause", () => {
    const { lines, stream } = capture();
    createLogger({ logLevel: "info" }, stream).error({ err: new Error("render failed", { cause: new Error("database is locked") }) }, "failed");
    const err = lines[0].err as { message: string; stack: string };
    expect(err.message).toContain("render failed");
    expect(JSON.stringify(err)).toContain("database is locked");
  });

  it("writes nothing at LOG_LEVEL=silent", () => {
    const { lines, stream } = capture();
    createLogger({ logLevel: "silent" }, stream).error("nothing");
    expect(lines).toEqual([]);
  });
});

describe("cacheOutcome", () => {
  it("says stale when Cache-Status says stale-if-error, else miss before hit", () => {
    expect(cacheOutcome('menu-service; hit; ttl=-5; detail="stale-if-error"', { cacheHits: 3, cacheMisses: 0 })).toBe("stale");
    expect(cacheOutcome(undefined, { cacheHits: 2, cacheMisses: 1 })).toBe("miss");
    expect(cacheOutcome(undefined, { cacheHits: 2, cacheMisses: 0 })).toBe("hit");
    expect(cacheOutcome(undefined, { cacheHits: 0, cacheMisses: 0 })).toBeUndefined();
  });
});
