// The process's logger: pino, one JSON object a line on stdout (LOG_FORMAT=pretty, or a terminal:
// pino-pretty, in process). Written synchronously: a line is out when the call returns, nothing
// queues in memory, and a crash loses no line. Every line written while a request is being worked
// on carries its id (request_id), taken from the request scope (lib/observability/request-context.mjs).
// One logger per process, on globalThis: the start script and every Next.js bundle log through it.
import pino, { type Logger } from "pino";
import { currentRequestId } from "./request-context.mjs";
import { processLog, setProcessLog } from "./process-log.mjs";
import { observabilitySettings, type ObservabilitySettings } from "./settings";

export type { Logger };

function loggerOptions(settings: Pick<ObservabilitySettings, "logLevel">): pino.LoggerOptions {
  return {
    level: settings.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // err: message, stack and causes (Error.cause chains) of an error.
    serializers: { err: pino.stdSerializers.errWithCause, error: pino.stdSerializers.errWithCause },
    mixin() {
      const id = currentRequestId();
      return id ? { request_id: id } : {};
    },
  };
}

/** A JSON-lines logger at `settings.logLevel`, to stdout or to `destination`. */
export function createLogger(settings: Pick<ObservabilitySettings, "logLevel">, destination?: pino.DestinationStream): Logger {
  return pino(loggerOptions(settings), destination ?? pino.destination({ dest: 1, sync: true }));
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
