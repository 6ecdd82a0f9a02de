import { describe, expect, it } from "vitest";
import { ImportError } from "./import-menus";
import { blankComments, findJsonSyntaxError, lineAndColumn, parseImportText, quoteLine } from "./read-import-file";

function failure(text: string): ImportError["issues"][number] {
  try {
    parseImportText("menus.json", text);
  } catch (error) {
    if (error instanceof ImportError) return error.issues[0];
    throw error;
  }
  throw new Error("parsed unexpectedly");
}

/** A menu file with `line` as one of its lines, and that line's number. */
function fileWith(line: string) {
  const lines = ["{", '  "restaurants": [', "    {", '      "slug": "taverna-kyma",', '      "categories": [{ "name": "Meze", "items": [{', '        "name": "Grilled octopus",', line, '        "price": 16.5', "      }] }]", "    }", "  ]", "}", ""];
  return { text: lines.join("\n"), line: 7 };
}

describe("parseImportText", () => {
  it("accepts a file that starts with a UTF-8 byte-order mark", () => {
    expect(parseImportText("bom.json", '\uFEFF{"restaurants":[]}').data).toEqual({ restaurants: [] });
  });

  it("reports a syntax error at its token, by line and column, quoting that line", () => {
    const text = '{\n  "restaurants": [\n    { "slug": "a" "name": "A" }\n  ]\n}\n';
    const issue = failure(text);
    expect(issue.file).toBe("menus.json");
    expect(issue.path).toBe("(line 3, column 19)");
    expect(issue.message).toMatch(/^not valid JSON: a comma is missing/);
    expect(issue.message).not.toMatch(/position/);
    expect(issue.excerpt).toBe('3 |     { "slug": "a" "name": "A" }\n  |                   ^');
  });

  it("points a trailing comma in an array at the comma, not at the end of the file", () => {
    const { text, line } = fileWith('        "allergens": ["fish",],');
    const issue = failure(text);
    expect(issue.path).toBe(`(line ${line}, column 29)`);
    expect(issue.message).toContain("trailing comma");
    expect(issue.excerpt).toBe(`${line} |         "allergens": ["fish",],\n  |                             ^`);
  });

  it("points a trailing comma in an object at the comma", () => {
    const text = '{\n  "cuisines": [{ "slug": "greek", "name": "Greek", }]\n}';
    const issue = failure(text);
    expect(issue.path).toBe("(line 2, column 50)");
    expect(issue.message).toContain("trailing comma");
  });

  it("reports a trailing comma on the line before the closing bracket at the comma's line", () => {
    const text = '{\n  "restaurants": [\n    { "slug": "a" },\n  ]\n}';
    expect(failure(text).path).toBe("(line 3, column 20)");
  });

  it("names a decimal comma", () => {
    const { text, line } = fileWith('        "variants": [{ "name": "Large", "price": 21,50 }],');
    const issue = failure(text);
    expect(issue.path).toBe(`(line ${line}, column 52)`);
    expect(issue.message).toContain("decimal point");
  });

  it.each([
    ['{ "a": tru }', 1, 8, /tru is not a JSON value/],
    ["{ 'a': 1 }", 1, 3, /single quotes/],
    ['{ "a": "x\ny" }', 1, 10, /line break inside a string/],
    ['{ "a": "C:\\data" }', 1, 11, /no JSON escape/],
    ['{ "a": [1, 2 }', 1, 14, /"}" closes an object/],
    ['{ "a": 1 } }', 1, 12, /after the end of the JSON document/],
    ['{ "a": 01 }', 1, 9, /expected "," or "}"/],
    ['{ "a": 1 /* note', 1, 10, /comment that is never closed/],
    ["", 1, 1, /empty/],
  ])("locates %j at line %i, column %i", (text, line, column, message) => {
    const issue = failure(text as string);
    expect(issue.path).toBe(`(line ${line}, column ${column})`);
    expect(issue.message).toMatch(message as RegExp);
  });

  it("places an unexpected end at the end of the file and names the bracket left open", () => {
    const issue = failure('{\n  "restaurants": [');
    expect(issue.path).toBe("(line 2, column 19)");
    expect(issue.message).toContain("line 2, column 18");
  });

  it("counts lines and columns after a byte-order mark as the editor shows them", () => {
    expect(failure('\uFEFF{\n"a": tru}').path).toBe(failure('{\n"a": tru}').path);
    expect(failure('\uFEFF{\n"a": tru}').path).toBe("(line 2, column 6)");
  });

  it("accepts // and /* */ comments, and keeps comment markers inside strings", () => {
    const text = '{\n  // the restaurants\n  "restaurants": [ /* none yet */ ],\n  "note": "http://x/*y*/"\n}';
    expect(parseImportText("c.jsonc", text).data).toEqual({ restaurants: [], note: "http://x/*y*/" });
  });

  it("locates errors in a commented file at the file's own lines", () => {
    const text = '{\n  // a comment, with "quotes" and a , comma\n  "restaurants": [1,],\n}';
    expect(failure(text).path).toBe("(line 3, column 20)");
  });

  it("agrees with JSON.parse on what is valid", () => {
    for (const ok of ['{"a":[1,2.5e3,-0,"x\\u00e9"],"b":{"c":null,"d":true}}', "[]", '"x"']) expect(findJsonSyntaxError(ok)).toBeNull();
  });

  it("quotes a very long line around the error only", () => {
    const text = `{"restaurants":[${'{"slug":"a"},'.repeat(500)}]}`;
    const issue = failure(text);
    const [quoted, caret] = issue.excerpt!.split("\n");
    expect(quoted.length).toBeLessThan(140);
    expect(quoted[caret.indexOf("^")]).toBe(",");
  });

  it("lineAndColumn, blankComments, quoteLine", () => {
    expect(lineAndColumn("ab\ncd\nef", 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn("ab\ncd\nef", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab\ncd\nef", 6)).toEqual({ line: 3, column: 1 });
    expect(blankComments("a // b\nc /* d\ne */ f")).toBe("a     \nc     \n     f");
    expect(quoteLine("x\n\tab", 4)).toBe("2 | \tab\n  | \t ^");
  });
});
