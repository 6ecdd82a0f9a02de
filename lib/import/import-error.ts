// The importer's error: every problem found, each with its file, restaurant and JSON path.
// Its own module so that reading files (read-import-file.ts) needs nothing of the database.
export interface ImportIssue {
  file: string;
  /** slug of the restaurant the problem is in, when it is in one */
  restaurant?: string;
  /** JSON path inside the file, e.g. restaurants[3].categories[0].items[2].price */
  path: string;
  message: string;
  /** the line of the file the problem is on, quoted, with a caret under the spot (syntax errors) */
  excerpt?: string;
}

export class ImportError extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super(`${issues.length} problem${issues.length === 1 ? "" : "s"} found; nothing was imported`);
    this.name = "ImportError";
  }
}
