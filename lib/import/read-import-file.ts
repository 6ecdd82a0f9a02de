// Reading an import file: the text, without a UTF-8 byte-order mark (editors on Windows write
// one, and JSON.parse refuses it), parsed as JSON. Comments (`// …` and `/* … */`, as in
// tsconfig.json or VS Code's settings) are allowed, so a file can explain itself
// (examples/taverna-kyma.jsonc). A syntax error is reported at the token that is wrong, by line and
// column, with that line quoted and a caret under the spot: V8's own message gives no position
// at all for some errors (a trailing comma in an array) and "position 134" is of no use in a
// 50 MB file.
import { readFileSync } from "node:fs";
import { ImportError } from "./import-error";
import { escapeControls } from "../text/plain-text";

/** One file's data, named for error messages (the importer's input). */
export interface ImportSource {
  name: string;
  data: unknown;
  /** the file's text (comments included, no byte-order mark), to place schema errors by line and column */
  text?: string;
}

const BOM = "\uFEFF";

/** Line and column (both from 1, columns in characters) of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * The text with every comment replaced by spaces (line breaks kept), so that offsets, lines and
 * columns stay those of the file. Comment markers inside strings are text, not comments.
 */
export function blankComments(text: string): string {
  if (!text.includes("/")) return text;
  let out = "";
  let from = 0;
  const blank = (s: string) => s.replace(/[^\n\r]/g, " ");
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"' && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
    } else if (c === "/" && text[i + 1] === "/") {
      let end = text.indexOf("\n", i);
      if (end === -1) end = text.length;
      out += text.slice(from, i) + blank(text.slice(i, end));
      from = end;
      i = end - 1;
    } else if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close === -1) break; // an unterminated comment: the scanner reports it where it starts
      out += text.slice(from, i) + blank(text.slice(i, close + 2));
      from = close + 2;
      i = close + 1;
    }
  }
  return out + text.slice(from);
}

export interface JsonSyntaxError {
  offset: number;
  message: string;
}

const describeChar = (c: string | undefined) => (c === undefined ? "the end of the file" : `"${c}"`);

/**
 * The first syntax error of a JSON text (comments already blanked), at the token that is wrong,
 * in the operator's words; null when the text is valid JSON. Runs only after JSON.parse failed.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  let i = 0;
  // Offsets of the brackets open at the moment, innermost last (named when the file ends early).
  const open: number[] = [];
  class Stop extends Error {
    constructor(readonly at: number, readonly reason: string) {
      super(reason);
    }
  }
  const fail = (at: number, reason: string): never => {
    throw new Stop(at, reason);
  };
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const where = (at: number) => {
    const { line, column } = lineAndColumn(text, at);
    return `line ${line}, column ${column}`;
  };

  const string = () => {
    const open = i++;
    for (;;) {
      if (i >= text.length) fail(open, "this string is never closed: a double quote is missing at its end");
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\n" || c === "\r") fail(i, 'a line break inside a string: close the string with " on this line, or write the line break as \\n');
      if (c < " ") fail(i, "a control character (a tab?) inside a string: write it as \\t or \\u00XX");
      if (c === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) fail(i, "\\u must be followed by four hexadecimal digits");
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(i, `"\\${e ?? ""}" is no JSON escape: a backslash is written \\\\ (in a Windows path too), a quote \\"`);
      } else i++;
    }
  };

  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail(i, `${describeChar(text[i])} does not start a valid JSON number (digits, one decimal point, no leading zeros, no + sign)`);
    i += m![0].length;
    if (text[i] === ".") fail(i, "a number with two decimal points");
  };

  const value = (context: string) => {
    ws();
    const c = text[i];
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    if (c === undefined) {
      const inner = open.at(-1);
      fail(i, inner === undefined ? `the file ends where ${context} should be` : `the file ends where ${context} should be: the "${text[inner]}" at ${where(inner)} is never closed`);
    }
    if (c === "'") fail(i, "single quotes: JSON strings use double quotes (\"…\")");
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 40))?.[0];
    if (word) fail(i, `${word} is not a JSON value: text must be in double quotes; the only bare words are true, false and null`);
    fail(i, `unexpected ${describeChar(c)} where ${context} should be`);
  };

  const afterComma = (comma: number, close: string, what: string) => {
    ws();
    if (text[i] === close) fail(comma, `a comma after the last ${what}, before "${close}": JSON allows no trailing comma (remove it)`);
  };

  const object = () => {
    const start = i++;
    open.push(start);
    ws();
    if (text[i] === "}") {
      i++;
      open.pop();
      return;
    }
    for (;;) {
      ws();
      if (text[i] === undefined) fail(i, `the file ends inside the object opened at ${where(start)}: a "}" is missing`);
      if (text[i] !== '"') {
        if (text[i] === "'") fail(i, "single quotes: property names are in double quotes (\"name\")");
        if (/[0-9]/.test(text[i]) && /\d\s*$/.test(text.slice(Math.max(0, i - 12), i - 1)) && text[i - 1] === ",") {
          fail(i - 1, "a decimal comma? JSON numbers use a decimal point: 12.5, not 12,5");
        }
        fail(i, `expected a property name in double quotes, found ${describeChar(text[i])}`);
      }
      string();
      ws();
      if (text[i] !== ":") fail(i, `expected ":" after the property name, found ${describeChar(text[i])}`);
      i++;
      value("the property's value");
      ws();
      if (text[i] === ",") {
        const comma = i++;
        afterComma(comma, "}", "property");
        continue;
      }
      if (text[i] === "}") {
        i++;
        open.pop();
        return;
      }
      if (text[i] === undefined) fail(i, `the file ends inside the object opened at ${where(start)}: a "}" is missing`);
      if (text[i] === '"') fail(i, 'a comma is missing before this property (after the value before it)');
      if (text[i] === "]") fail(i, `"]" closes an array, but the innermost open bracket is the "{" at ${where(start)}`);
      fail(i, `expected "," or "}" after the value, found ${describeChar(text[i])}`);
    }
  };

  const array = () => {
    const start = i++;
    open.push(start);
    ws();
    if (text[i] === "]") {
      i++;
      open.pop();
      return;
    }
    for (;;) {
      value("an element of the array");
      ws();
      if (text[i] === ",") {
        const comma = i++;
        afterComma(comma, "]", "element");
        continue;
      }
      if (text[i] === "]") {
        i++;
        open.pop();
        return;
      }
      if (text[i] === undefined) fail(i, `the file ends inside the array opened at ${where(start)}: a "]" is missing`);
      if (text[i] === "}") fail(i, `"}" closes an object, but the innermost open bracket is the "[" at ${where(start)}`);
      fail(i, `expected "," or "]" after the element, found ${describeChar(text[i])} (a comma missing?)`);
    }
  };

  try {
    ws();
    if (i >= text.length) return { offset: 0, message: "the file is empty: an import file is one JSON object, { … }" };
    value("the file's JSON object");
    ws();
    if (i < text.length) {
      const comment = text.startsWith("/*", i);
      return { offset: i, message: comment ? "a comment that is never closed: */ is missing" : `unexpected ${describeChar(text[i])} after the end of the JSON document (one object per file)` };
    }
    return null;
  } catch (error) {
    if (error instanceof Stop) {
      if (text.startsWith("/*", error.at)) return { offset: error.at, message: "a comment that is never closed: */ is missing" };
      return { offset: error.at, message: error.reason };
    }
    throw error;
  }
}

/** The line of `offset`, quoted with its number and a caret under the column (long lines cut around it). */
export function quoteLine(text: string, offset: number): string {
  const { line, column } = lineAndColumn(text, offset);
  const start = offset - (column - 1);
  let end = text.indexOf("\n", start);
  if (end === -1) end = text.length;
  let shown = text.slice(start, end).replace(/\r$/, "");
  let caretAt = column - 1;
  const WIDTH = 120;
  if (shown.length > WIDTH) {
    const from = Math.max(0, Math.min(caretAt - WIDTH / 2, shown.length - WIDTH));
    const cut = shown.slice(from, from + WIDTH);
    shown = `${from > 0 ? "…" : ""}${cut}${from + WIDTH < shown.length ? "…" : ""}`;
    caretAt = caretAt - from + (from > 0 ? 1 : 0);
  }
  // Control characters of the file shown escaped (tabs kept, for the caret), the caret still under the spot.
  const before = escapeControls(shown.slice(0, caretAt), { keep: "\t" });
  shown = before + escapeControls(shown.slice(caretAt), { keep: "\t" });
  const number = String(line);
  const pad = " ".repeat(number.length);
  const caretPad = before.replace(/[^\t]/g, " ");
  return `${number} | ${shown}\n${pad} | ${caretPad}^`;
}

export function parseImportText(name: string, text: string): ImportSource {
  const json = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  try {
    return { name, data: JSON.parse(json), text: json };
  } catch (error) {
    const uncommented = blankComments(json);
    if (uncommented !== json) {
      try {
        return { name, data: JSON.parse(uncommented), text: json };
      } catch {
        // reported below, located in the file as written
      }
    }
    const found = findJsonSyntaxError(uncommented) ?? { offset: v8Offset((error as Error).message, json), message: (error as Error).message };
    const { line, column } = lineAndColumn(json, found.offset);
    throw new ImportError([
      { file: name, path: `(line ${line}, column ${column})`, message: `not valid JSON: ${found.message}`, excerpt: quoteLine(json, found.offset) },
    ]);
  }
}

/** Where V8 says a JSON.parse failed ("at position N"), should the scanner ever disagree with it. */
function v8Offset(message: string, text: string): number {
  const m = /position (\d+)/.exec(message);
  return m ? Math.min(Number(m[1]), text.length) : text.length;
}

export function readImportFile(file: string): ImportSource {
  return parseImportText(file, readFileSync(file, "utf8"));
}
