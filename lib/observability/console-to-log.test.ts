import { describe, expect, it } from "vitest";
import { consoleLine } from "./console-to-log";
import { LOG_TEXT_CHARS } from "./process-log.mjs";

describe("consoleLine", () => {
  it("takes the error out of what was printed, the rest is the message", () => {
    const error = new Error("Can't reach database server at 127.0.0.1:5432");
    expect(consoleLine(["render of %s failed:", "/izakaya", error])).toEqual([{ err: error }, "render of /izakaya failed:"]);
  });

  it("names an error printed alone by the first line of its message", () => {
    const error = new Error("\nInvalid invocation\n\nCan't reach database server");
    expect(consoleLine([error])).toEqual([{ err: error }, "Invalid invocation"]);
  });

  it("drops Next.js' status mark and keeps plain text as it is", () => {
    expect(consoleLine([" ⨯ unhandledRejection:", "boom"])).toEqual([{}, "unhandledRejection: boom"]);
    expect(consoleLine(["⚠ slow", { ms: 12 }])).toEqual([{}, "slow { ms: 12 }"]);
  });

  it("bounds what was printed", () => {
    const [, message] = consoleLine(["x".repeat(100_000)]);
    expect(message).toHaveLength(LOG_TEXT_CHARS + " more characters]".length + "… [".length + String(100_000 - LOG_TEXT_CHARS).length);
  });
});
