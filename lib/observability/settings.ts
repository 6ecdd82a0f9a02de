// The observability settings: the part of the service's one configuration (lib/config.ts, README
// "Configuration") that logs, metrics and traces read; a bad value stops the start there.
//   LOG_LEVEL                     fatal|error|warn|info|debug|trace|silent (default info)
//   LOG_FORMAT                    json|pretty (default: pretty when stdout is a terminal, else json)
//   METRICS_PORT                  1–65535, not PORT; unset: no metrics listener
//   METRICS_HOST                  the metrics listener's address (default 127.0.0.1)
//   OTEL_EXPORTER_OTLP_ENDPOINT   an http(s) URL; unset: no tracing (the SDK is never loaded)
//   OTEL_SERVICE_NAME             the traces' service.name (default menu-service)
//   OTEL_EXPORTER_OTLP_PROTOCOL   http/protobuf (default, as OpenTelemetry specifies) or http/json
// (The SDK itself also reads its own OTEL_* variables: OTEL_EXPORTER_OTLP_HEADERS,
// OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG, OTEL_BSP_*.)
import { config } from "../config";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export interface ObservabilitySettings {
  logLevel: (typeof LOG_LEVELS)[number];
  logFormat: "json" | "pretty";
  /** undefined: no metrics listener */
  metricsPort: number | undefined;
  metricsHost: string;
  /** undefined: tracing off */
  otlpEndpoint: string | undefined;
  serviceName: string;
  otlpProtocol: "http/protobuf" | "http/json";
}

/** The observability part of the configuration (lib/config.ts checks every value, and METRICS_PORT against PORT). */
export function observabilitySettings(): ObservabilitySettings {
  const c = config();
  return {
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    metricsPort: c.METRICS_PORT,
    metricsHost: c.METRICS_HOST,
    otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: c.OTEL_SERVICE_NAME,
    otlpProtocol: c.OTEL_EXPORTER_OTLP_PROTOCOL,
  };
}
