// The process's logger: pino, one JSON object a line on stdout (LOG_FORMAT=pretty, or a terminal:
// pino-pretty, in process). Every line written while a request is being worked on carries its id
// (request_id), taken from the request scope (lib/observability/request-context.mjs).
//
// Written asynchronously, never waiting for stdout's reader (issue #29, stalls): stdout is a pipe
// to whatever collects the logs (a container runtime, journald, a test), and a synchronous write
// to a pipe whose reader falls behind blocks the event loop until it reads (EAGAIN: pino's
// sonic-boom then sleeps 100 ms at a time, in the loop). With one access line per request that
// happened within a second under load: a reader that paused for 700 ms each second held the
// event-loop delay at p99 457 ms; written asynchronously, 18 ms. A line is handed to the kernel
// as soon as the previous write is done; what waits meanwhile is bounded (LOG_BUFFER_BYTES) and a
// line beyond it is dropped and counted, one warning line saying how many. On exit (process.exit,
// a fatal error, the end of a graceful stop) pino writes what is waiting synchronously first.
// One logger per process (lib/process-state.mjs): the start script and every Next.js bundle log through it.
import pino, { type Logger } from "pino";
import { currentRequestId } from "./request-context.mjs";
import { boundText, processLog, setProcessLog } from "./process-log.mjs";
import { observabilitySettings, type ObservabilitySettings } from "./settings";

export type { Logger };

function loggerOptions(settings: Pick<ObservabilitySettings, "logLevel">): pino.LoggerOptions {
  return {
    level: settings.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // err: message, stack and causes (Error.cause chains) of an error, each text bounded.
    serializers: { err: boundedError, error: boundedError },
    mixin() {
      const id = currentRequestId();
      return id ? { request_id: id } : {};
    },
  };
}

function boundTexts(value: unknown, depth: number): unknown {
  if (typeof value === "string") return boundText(value);
  if (value === null || typeof value !== "object" || depth > 4) return value;
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => boundTexts(v, depth + 1));
  const bounded: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) bounded[key] = boundTexts(v, depth + 1);
  return bounded;
}

/** pino's error serializer (message, stack, fields, cause chain), every text in it bounded (LOG_TEXT_CHARS). */
export function boundedError(error: unknown): unknown {
  if (!(error instanceof Error)) return boundTexts(error, 0);
  return boundTexts(pino.stdSerializers.errWithCause(error), 0);
}

/**
 * Bytes of log lines that may wait for stdout's reader: about 3 000 access lines, three seconds of
 * the most this service answers on one core, and at most 2 MB of heap (two bytes a character).
 */
export const LOG_BUFFER_BYTES = 1024 * 1024;

/** How long after the first dropped line the warning counting them is written. */
const DROP_REPORT_MS = 1000;

type DropCounting = pino.DestinationStream & { on(event: "drop", listener: () => void): unknown };

/** stdout (or `fd`), written asynchronously with at most `maxBytes` waiting. */
export function logDestination(fd = 1, maxBytes = LOG_BUFFER_BYTES): DropCounting {
  // minLength 0: each line is handed on as soon as the write before it is done, not batched.
  return pino.destination({ dest: fd, sync: false, minLength: 0, maxLength: maxBytes }) as DropCounting;
}

/** A JSON-lines logger at `settings.logLevel`, to stdout (logDestination) or to `destination`. */
export function createLogger(settings: Pick<ObservabilitySettings, "logLevel">, destination?: pino.DestinationStream): Logger {
  const stream = destination ?? logDestination();
  const logger = pino(loggerOptions(settings), stream);
  if (!destination) reportDrops(logger, stream as DropCounting);
  return logger;
}

/** One warning line for the lines dropped within DROP_REPORT_MS of the first of them. */
function reportDrops(logger: Logger, stream: DropCounting): void {
  let dropped = 0;
  stream.on("drop", () => {
    if (dropped++ > 0) return;
    setTimeout(() => {
      const count = dropped;
      dropped = 0;
      logger.warn({ dropped_lines: count }, `${count} log line(s) dropped: stdout's reader fell more than ${LOG_BUFFER_BYTES / 1024} KB behind`);
    }, DROP_REPORT_MS).unref();
  });
}

/** Creates the logger from the settings and makes it the process's (start-up calls this first). */
export async function installLogger(settings: ObservabilitySettings = observabilitySettings()): Promise<Logger> {
  let logger: Logger;
  if (settings.logFormat === "pretty") {
    // Loaded only when asked for: pino-pretty in process (no worker thread), synchronous as the JSON lines are.
    const { default: pretty } = await import("pino-pretty");
    logger = pino(loggerOptions(settings), pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), ignore: "pid,hostname" }));
  } else {
    logger = createLogger(settings);
  }
  setProcessLog(logger);
  return logger;
}

/**
 * The process's logger. Before start-up installed it (a script, a test), one from the settings
 * is made on first use.
 */
export function log(): Logger {
  const current = processLog() as unknown;
  if (current && typeof (current as Logger).child === "function") return current as Logger;
  const logger = createLogger(observabilitySettings());
  setProcessLog(logger);
  return logger;
}
