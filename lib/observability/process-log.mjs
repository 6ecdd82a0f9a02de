// The process's logger as the plain-JS parts see it (scripts/start.mjs): the pino
// logger that start-up installs (lib/observability/logger.ts), or, before it exists, a stand-in
// that writes the same kind of JSON line, so no line of the process is ever in another format.
// One per process (lib/process-state.mjs): the start script and the Next.js bundles load separate copies of lib/.

import { config } from "../config-schema.mjs";
import { processState } from "../process-state.mjs";

const slot = processState("logger", () => ({ logger: undefined }));

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

function threshold() {
  let configured = "info";
  try {
    configured = config().LOG_LEVEL;
  } catch {
    // A configuration that does not parse is being reported, by this very stand-in.
  }
  return configured === "silent" ? Infinity : (LEVELS[configured] ?? LEVELS.info);
}

/**
 * Characters kept of any one text a log line quotes from elsewhere (an error's message, stack or
 * field, a printed console line). Errors are not ours to size: a driver's message can quote the
 * whole statement or the source line that made the call (Prisma's did: 300 KB of minified bundle
 * per line, written once per failed request while the database was down).
 */
export const LOG_TEXT_CHARS = 4096;

/** `text` cut at LOG_TEXT_CHARS, saying how much was cut; anything else as it is. */
export function boundText(text) {
  return typeof text === "string" && text.length > LOG_TEXT_CHARS ? `${text.slice(0, LOG_TEXT_CHARS)}… [${text.length - LOG_TEXT_CHARS} more characters]` : text;
}

function fallbackWrite(level, fields, message) {
  if (LEVELS[level] < threshold()) return;
  const [obj, msg] = typeof fields === "string" ? [{}, fields] : [fields ?? {}, message];
  const line = { level: LEVELS[level], time: new Date().toISOString(), pid: process.pid, ...obj, ...(obj.err instanceof Error ? { err: { type: obj.err.name, message: boundText(obj.err.message), stack: boundText(obj.err.stack) } } : {}), msg };
  (level === "error" || level === "fatal" ? process.stderr : process.stdout).write(`${JSON.stringify(line)}\n`);
}

const fallback = Object.fromEntries(Object.keys(LEVELS).map((level) => [level, (fields, message) => fallbackWrite(level, fields, message)]));

/**
 * The installed logger, or the stand-in.
 *
 * @returns {{ [level in keyof typeof LEVELS]: (fields: object | string, message?: string) => void }}
 */
export function processLog() {
  return slot.logger ?? fallback;
}

/** Installs the process's logger (lib/observability/logger.ts). */
export function setProcessLog(logger) {
  slot.logger = logger;
}
