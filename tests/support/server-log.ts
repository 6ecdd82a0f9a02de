// A test server's own output as an operator's log collector reads it: one JSON object a line
// (lib/observability), apart from the few lines Next.js prints before the app's code runs.
import { readFileSync } from "node:fs";

/**
 * Next.js' own start-up lines, in its own format, written by Next.js before and as it loads the
 * app ("✓ Running next.config took 48 ms", and under server.js "▲ Next.js 16…", "- Local: …",
 * "✓ Ready in …"): the only lines of the output that are not the service's JSON.
 */
export const NEXT_STARTUP_LINE = /^\s*(?:[✓▲⚠]\s|-\s+\w+:)/u;

/**
 * Every JSON line of the output file so far. Whole lines only: the output is copied to the file as
 * it arrives, so its last line may be half there. Any other line that is not JSON is an error
 * naming it; `check` sees each line's text before it is parsed.
 */
export function serverLogLines<T = Record<string, unknown>>(logFile: string, check?: (line: string) => void): T[] {
  const text = readFileSync(logFile, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line.trim() !== "" && !NEXT_STARTUP_LINE.test(line))
    .map((line) => {
      check?.(line);
      try {
        return JSON.parse(line) as T;
      } catch {
        throw new Error(`a line of the server's output is not JSON: ${line.slice(0, 500)}`);
      }
    });
}
