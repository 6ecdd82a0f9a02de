// Reading an import file: the text, without a UTF-8 byte-order mark (editors on Windows write
// one, and JSON.parse refuses it), parsed as JSON. A syntax error is reported by line and column
// with the text around it: "position 134" is of no use in a 50 MB file.
import { readFileSync } from "node:fs";
import { ImportError } from "./import-error";

/** One file's data, named for error messages (the importer's input). */
export interface ImportSource {
  name: string;
  data: unknown;
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

/** Where V8 says a JSON.parse failed: "at position N"; the end of the text for "Unexpected end". */
function errorOffset(message: string, text: string): number {
  const m = /position (\d+)/.exec(message);
  if (m) return Math.min(Number(m[1]), text.length);
  return text.length;
}

/** What went wrong, without V8's position (replaced by line and column) or its echo of the input. */
function describe(message: string): string {
  return message
    .replace(/\s*in JSON at position \d+(?: \(line \d+ column \d+\))?/, "")
    .replace(/, ".*" is not valid JSON$/s, "")
    .trim();
}

export function parseImportText(name: string, text: string): ImportSource {
  const json = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  try {
    return { name, data: JSON.parse(json) };
  } catch (error) {
    const message = (error as Error).message;
    const offset = errorOffset(message, json);
    const { line, column } = lineAndColumn(json, offset);
    const near = json.slice(Math.max(0, offset - 30), offset + 30).replace(/\s+/g, " ");
    throw new ImportError([
      { file: name, path: `(line ${line}, column ${column})`, message: `not valid JSON: ${describe(message)}, near ${JSON.stringify(near)}` },
    ]);
  }
}

export function readImportFile(file: string): ImportSource {
  return parseImportText(file, readFileSync(file, "utf8"));
}
