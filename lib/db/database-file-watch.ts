// The SQLite files the service opened stay the files at their paths: deleted, or replaced by
// another file (a restore done with cp, a volume remounted, an `rm data/menu.db`), the process
// would go on reading the old file's pages, or a new connection would meet a stand-in, while
// readiness said "ready" (issue 46). So each file's identity (device and inode) is taken when the
// client opens it, and compared with its path's by readiness and by a timer every WATCH_MS: one
// stat() per file (the primary, and any replica files) each time.
import { statSync } from "node:fs";
import { processLog } from "../observability/process-log.mjs";
import { processState } from "../process-state.mjs";

export const WATCH_MS = 2_000;

interface FileWatch {
  /** per file opened: its identity, and the problem last logged (a lasting one is logged once) */
  opened: Map<string, { dev: number; ino: number; logged?: string }>;
  timer?: ReturnType<typeof setInterval>;
}

const state = processState<FileWatch>("database-file-watch", () => ({ opened: new Map() }));

/**
 * Records the identity of a SQLite file as it is set up or opened, and watches its path from now
 * on. The first identity stays: a connection that opens another file at that path is a stand-in.
 */
export function watchDatabaseFile(file: string): void {
  if (!state.opened.has(file)) {
    const { dev, ino } = statSync(file);
    state.opened.set(file, { dev, ino });
  }
  if (state.timer) return;
  state.timer = setInterval(() => {
    for (const [file, opened] of state.opened) {
      const problem = fileProblem(file, opened);
      if (problem && problem !== opened.logged) processLog().error({ database_file: file }, `${problem}: readiness answers 503 until the server is restarted on the right file.`);
      opened.logged = problem;
    }
  }, WATCH_MS);
  state.timer.unref?.();
}

function fileProblem(file: string, opened: { dev: number; ino: number }): string | undefined {
  let now;
  try {
    now = statSync(file);
  } catch {
    return `The database file ${file} was deleted while the server had it open`;
  }
  if (now.dev !== opened.dev || now.ino !== opened.ino) return `The database file ${file} was replaced by another file while the server had it open`;
  return undefined;
}

/** Why an opened SQLite file is no longer the one at its path, or undefined while each is (or none is open). */
export function databaseFileProblem(): string | undefined {
  for (const [file, opened] of state.opened) {
    const problem = fileProblem(file, opened);
    if (problem) return problem;
  }
  return undefined;
}

/** Stops watching (the client was closed: a later one records the file it opens). */
export function forgetDatabaseFiles(): void {
  state.opened.clear();
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
}
