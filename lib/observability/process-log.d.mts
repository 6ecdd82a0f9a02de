type LogFn = (fields: object | string, message?: string) => void;
export interface ProcessLog {
  trace: LogFn;
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  fatal: LogFn;
}
export declare function processLog(): ProcessLog;
export declare function setProcessLog(logger: unknown): void;
export declare const LOG_TEXT_CHARS: number;
export declare function boundText<T>(text: T): T | string;
