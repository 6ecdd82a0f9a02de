import { describe, expect, it } from "vitest";
import { isInternalPath } from "./internal-render";

describe("isInternalPath", () => {
  it.each([
    "/render/x/r/abc",
    "/render/x/r/abc.rsc",
    "/render/x/r/abc.css?x=1",
    "/render",
    "/render.txt",
    "//render/x",
    "/%72ender/x/r/abc",
    "/%2572ender/x",
    "/RENDER/x",
    "/%2e%2e/render/k1/r/abc.segments/_tree.segment.rsc",
    "/%2E%2e/render/x",
    "/.%2e/render/x",
    "/./render/x",
    "/alpenstuebli-naegeli/../render/x",
    "/a/b/%2e%2e/%2e%2e/render/x",
    "/..\\render/x",
    "/render;x=1/y",
  ])("%s is internal", (url) => {
    expect(isInternalPath(url)).toBe(true);
  });

  it.each(["/", "/renderer", "/renders/x", "/plans", "/alpenstuebli-naegeli/render", "/api/public/restaurants/render", "/%ff", "/render/../menu", "/x/./render"])("%s is not", (url) => {
    expect(isInternalPath(url)).toBe(false);
  });
});
