// console.error and console.warn as log lines: Next.js reports an error thrown while rendering a
// page or running a route by printing it (its stack, then each field of the error, over dozens of
// lines on stderr), and so do libraries. Routed through the logger, each becomes one JSON line at
// its level, with the request's id, its text and error bounded like every logged error (LOG_TEXT_CHARS) —
// one line a failure an operator can search, instead of fragments no log collector can parse.
import { format } from "node:util";
import type { Logger } from "pino";
import { boundText } from "./process-log.mjs";
import { processState } from "../process-state.mjs";


/** What console.error / console.warn were given, as the logger's (fields, message). */
export function consoleLine(args: unknown[]): [{ err?: unknown }, string] {
  const index = args.findIndex((a) => a instanceof Error);
  const rest = index === -1 ? args : args.filter((_, i) => i !== index);
  // Next.js prefixes its own lines with a status mark (" ⨯ ", " ⚠ ").
  const message = boundText(format(...rest).replace(/^\s*[⨯⚠]\s*/u, "").trim());
  if (index === -1) return [{}, message];
  const error = args[index] as Error;
  return [{ err: error }, message || error.message.split("\n").find((l) => l.trim() !== "")?.trim() || error.name];
}

/** From now on console.error and console.warn of this process write log lines through `logger`. */
export function routeConsoleToLog(logger: Logger): void {
  const holder = processState("console-to-log", () => ({ routed: false }));
  if (holder.routed) return;
  holder.routed = true;
  console.error = (...args: unknown[]) => logger.error(...consoleLine(args));
  console.warn = (...args: unknown[]) => logger.warn(...consoleLine(args));
}
