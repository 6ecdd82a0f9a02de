import { describe, expect, it } from "vitest";
import { firstHeaderLine } from "./first-header-line";

describe("firstHeaderLine", () => {
  it("is the first of repeated lines, whatever their spelling", () => {
    expect(firstHeaderLine(["Accept", "text/html", "Host", "x", "accept", "text/markdown"], "accept")).toBe("text/html");
    expect(firstHeaderLine(["ACCEPT", "*/*", "Accept", "text/html;q=0"], "accept")).toBe("*/*");
  });

  it("is undefined for a single line or none: Node's value is already that line", () => {
    expect(firstHeaderLine(["Accept", "text/html", "Accept-Encoding", "gzip"], "accept")).toBeUndefined();
    expect(firstHeaderLine(["Host", "x"], "accept")).toBeUndefined();
  });
});
