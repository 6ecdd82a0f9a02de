import { describe, expect, it } from "vitest";
import { MAX_REQUEST_ID_LENGTH, newRequestId, requestIdOf, traceIdOf, validRequestId } from "./request-id.mjs";

describe("request ids", () => {
  it("keeps a caller's X-Request-Id of a safe charset and bounded length", () => {
    expect(validRequestId("abc-123_DEF.4:5/6+7=8@9")).toBe("abc-123_DEF.4:5/6+7=8@9");
    expect(validRequestId("  padded  ")).toBe("padded");
    expect(validRequestId("x".repeat(MAX_REQUEST_ID_LENGTH))).toHaveLength(MAX_REQUEST_ID_LENGTH);
  });

  it("refuses ids that could forge a log line or a header, or that are too long", () => {
    for (const bad of ["", "   ", "x".repeat(MAX_REQUEST_ID_LENGTH + 1), "a b", 'a"b', "a\nb", "a\r\nX-Evil: 1", "<script>", "ü", "a,b", "a;b", undefined, ["a", "b"]]) {
      expect(validRequestId(bad)).toBeUndefined();
    }
  });

  it("takes the trace id of a valid traceparent only", () => {
    const trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    expect(traceIdOf(`00-${trace}-00f067aa0ba902b7-01`)).toBe(trace);
    expect(traceIdOf(`00-${trace}-00f067aa0ba902b7-01-extra`)).toBeUndefined(); // version 00 has no more fields
    expect(traceIdOf(`01-${trace}-00f067aa0ba902b7-01-future`)).toBe(trace); // a later version may
    expect(traceIdOf(`ff-${trace}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf(`00-${"0".repeat(32)}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf(`00-${trace}-${"0".repeat(16)}-01`)).toBeUndefined();
    expect(traceIdOf(`00-${trace.toUpperCase()}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(traceIdOf("garbage")).toBeUndefined();
  });

  it("prefers X-Request-Id, then traceparent, else makes a trace-id-shaped one", () => {
    const trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const traceparent = `00-${trace}-00f067aa0ba902b7-01`;
    expect(requestIdOf({ "x-request-id": "mine", traceparent })).toBe("mine");
    expect(requestIdOf({ "x-request-id": "not valid!", traceparent })).toBe(trace);
    const made = requestIdOf({ "x-request-id": "bad id" });
    expect(made).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestId()).not.toBe(newRequestId());
  });
});
