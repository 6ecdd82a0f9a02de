// The importer's error: every problem found, each with its file, restaurant and JSON path.
// Its own module so that reading files (read-import-file.ts) needs nothing of the database.
import { escapeControls } from "../text/plain-text";

export interface ImportIssue {
  file: string;
  /** slug of the restaurant the problem is in, when it is in one */
  restaurant?: string;
  /** JSON path inside the file, e.g. restaurants[3].categories[0].items[2].price */
  path: string;
  message: string;
  /** where in the file (from 1), when known */
  line?: number;
  column?: number;
  /** the line of the file the problem is on, quoted, with a caret under the spot */
  excerpt?: string;
}

export class ImportError extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super(`${issues.length} problem${issues.length === 1 ? "" : "s"} found; nothing was imported`);
    this.name = "ImportError";
  }
}

/**
 * The problems as the command line prints them, one per line with its quoted line under it.
 * Everything that comes from a file is printed with its control characters escaped: an owner's
 * ESC or BEL must not reach the operator's terminal (retitle it, clear it).
 */
export function formatImportIssues(issues: readonly ImportIssue[]): string[] {
  return issues.flatMap((i) => {
    const where = i.line !== undefined ? ` (line ${i.line}, column ${i.column})` : "";
    const head = escapeControls(`  ${i.file}${i.restaurant ? ` [${i.restaurant}]` : ""} ${i.path}${where}: ${i.message}`);
    return i.excerpt ? [head, escapeControls(i.excerpt, { keep: "\n\t" }).replace(/^/gm, "      ")] : [head];
  });
}
