import { describe, expect, it } from "vitest";
import { locateJsonPaths } from "./json-locations";

describe("locateJsonPaths", () => {
  const text = '{\n  // a comment\n  "a": [1, { "b": "x", "c": [true] }],\n  "d": { "e": null }\n}';
  const at = (offset: number) => text.slice(offset, offset + 4);

  it("finds values, property names, and the enclosing object of a missing field", () => {
    const [b, c0, eKey, missing, root] = locateJsonPaths(text, [
      { path: ["a", 1, "b"] },
      { path: ["a", 1, "c", 0] },
      { path: ["d", "e"], at: "key" },
      { path: ["d", "zz"] },
      { path: [] },
    ]);
    expect([at(b), at(c0), at(eKey), at(missing), at(root)]).toEqual(['"x",', "true", '"e":', '{ "e', '{\n  ']);
  });
});
