// What the rest of the service asks of tracing, without loading it: the tracing module
// (lib/observability/tracing.ts, imported only when OTEL_EXPORTER_OTLP_ENDPOINT is set) installs
// these hooks once per process (lib/process-state.mjs); with tracing off every call below is one property read and nothing
// else, so the OpenTelemetry SDK is never in the process.
import type { IncomingMessage } from "node:http";
import { processState } from "../process-state.mjs";

export type SpanAttributes = Record<string, string | number | boolean>;

export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
  recordError(error: unknown): void;
}

/** The span of one request as received by a server of this process. */
export interface ServerSpan {
  traceId: string;
  /** makes this span active for the rest of the current step and the work it starts: its work's spans are its children */
  enter(): void;
  end(status: number, route: string): void;
}

export interface TracingHooks {
  serverSpan(req: IncomingMessage, requestId: string): ServerSpan;
  inSpan<T>(name: string, attributes: SpanAttributes, work: (span: SpanHandle) => Promise<T>): Promise<T>;
  /** W3C trace context headers of the active span, for a request this process makes to itself */
  propagationHeaders(): Record<string, string>;
  /** records an error on the active span */
  recordError(error: unknown): void;
}

const holder = processState<{ hooks?: TracingHooks }>("tracing", () => ({}));

/** The tracing hooks, or undefined when tracing is off. */
export function tracing(): TracingHooks | undefined {
  return holder.hooks;
}

export function setTracing(hooks: TracingHooks): void {
  holder.hooks = hooks;
}

/** Runs `work` in a span named `name` when tracing is on; else just runs it. */
export function inSpan<T>(name: string, attributes: SpanAttributes, work: (span?: SpanHandle) => Promise<T>): Promise<T> {
  const hooks = holder.hooks;
  return hooks ? hooks.inSpan(name, attributes, work) : work();
}
