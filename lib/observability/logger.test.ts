import { spawnSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { cacheOutcome } from "../server/access-log";
import { createLogger, logDestination } from "./logger";
import { LOG_TEXT_CHARS } from "./process-log.mjs";
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

  it("bounds every text of a logged error, saying how much was cut", () => {
    const { lines, stream } = capture();
    const huge = "x".repeat(300_000);
    const error = Object.assign(new Error(`query failed\n${huge}`, { cause: new Error(huge) }), { meta: { detail: huge }, code: "P1001" });
    createLogger({ logLevel: "info" }, stream).error({ err: error }, "failed");
    const line = JSON.stringify(lines[0]);
    expect(line.length).toBeLessThan(6 * (LOG_TEXT_CHARS + 100));
    const err = lines[0].err as { message: string; stack: string; code: string; meta: { detail: string } };
    expect(err.message.startsWith("query failed\nxxx")).toBe(true);
    expect(err.message).toContain(`[${300_013 - LOG_TEXT_CHARS} more characters]`);
    expect(err.meta.detail).toContain(`[${300_000 - LOG_TEXT_CHARS} more characters]`);
    expect(err.code).toBe("P1001");
  });

  it("writes nothing at LOG_LEVEL=silent", () => {
    const { lines, stream } = capture();
    createLogger({ logLevel: "silent" }, stream).error("nothing");
    expect(lines).toEqual([]);
  });
});

describe("logDestination", () => {
  // A pipe nobody reads (a FIFO opened for reading and writing, non-blocking, as stdout's pipe is
  // when Node made it): a synchronous logger would wait here for good.
  it("never waits for a reader that falls behind: it keeps a bounded backlog, drops and counts the rest, and writes whole lines", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "log-pipe-"));
    const fifo = path.join(dir, "stdout");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    try {
      const destination = logDestination(fd, 64 * 1024);
      let dropped = 0;
      destination.on("drop", () => dropped++);
      const logger = createLogger({ logLevel: "info" }, destination);
      const filler = "x".repeat(300);
      for (let i = 0; i < 3000; i++) logger.info({ i, filler }, "access");
      // 3000 lines of ~380 bytes: the pipe (64 KB) and the backlog (64 KB) hold a third at most.
      expect(dropped).toBeGreaterThan(1500);
      // The reader catches up: what reaches it is whole JSON lines, in order.
      let text = "";
      const chunk = Buffer.alloc(1 << 16);
      for (let idle = 0; idle < 50; ) {
        let n = 0;
        try {
          n = readSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
        }
        if (n > 0) text += chunk.subarray(0, n).toString("utf8");
        else {
          idle++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const lines = text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { i: number });
      expect(lines.length).toBeGreaterThan(100);
      expect(lines.length + dropped).toBe(3000);
      expect(lines.map((l) => l.i)).toEqual([...lines.map((l) => l.i)].sort((a, b) => a - b));
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
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
