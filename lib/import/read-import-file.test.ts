import { describe, expect, it } from "vitest";
import { ImportError } from "./import-menus";
import { lineAndColumn, parseImportText } from "./read-import-file";

function failure(text: string): ImportError {
  try {
    parseImportText("menus.json", text);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error("parsed unexpectedly");
}

describe("parseImportText", () => {
  it("accepts a file that starts with a UTF-8 byte-order mark", () => {
    expect(parseImportText("bom.json", '\uFEFF{"restaurants":[]}').data).toEqual({ restaurants: [] });
  });

  it("reports a syntax error by line and column, with the text around it", () => {
    const text = '{\n  "restaurants": [\n    { "slug": "a" "name": "A" }\n  ]\n}\n';
    const [issue] = failure(text).issues;
    expect(issue.file).toBe("menus.json");
    expect(issue.path).toBe("(line 3, column 19)");
    expect(issue.message).toMatch(/^not valid JSON: /);
    expect(issue.message).not.toMatch(/position/);
    expect(issue.message).toContain('\\"a\\" \\"name\\"');
  });

  it("counts lines and columns after a byte-order mark as the editor shows them", () => {
    expect(failure('\uFEFF{\n"a": tru}').issues[0].path).toBe(failure('{\n"a": tru}').issues[0].path);
    expect(failure('\uFEFF{\n"a": tru}').issues[0].path).toMatch(/^\(line 2, column \d+\)$/);
  });

  it("places an unexpected end at the end of the file", () => {
    expect(failure('{\n  "restaurants": [').issues[0].path).toBe("(line 2, column 19)");
  });

  it("lineAndColumn", () => {
    expect(lineAndColumn("ab\ncd\nef", 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn("ab\ncd\nef", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab\ncd\nef", 6)).toEqual({ line: 3, column: 1 });
  });
});
