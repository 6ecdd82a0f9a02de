// The observability settings, read and checked in one place. The names, defaults and rules are the
// ones of the service's configuration (README, "Configuration"); a bad value stops the start with
// the variable, the value and what is allowed (lib/server/start-up.ts).
//   LOG_LEVEL                     fatal|error|warn|info|debug|trace|silent (default info)
//   LOG_FORMAT                    json|pretty (default: pretty when stdout is a terminal, else json)
//   METRICS_PORT                  1–65535, not PORT; unset: no metrics listener
//   METRICS_HOST                  the metrics listener's address (default 127.0.0.1)
//   OTEL_EXPORTER_OTLP_ENDPOINT   an http(s) URL; unset: no tracing (the SDK is never loaded)
//   OTEL_SERVICE_NAME             the traces' service.name (default menu-service)
//   OTEL_EXPORTER_OTLP_PROTOCOL   http/protobuf (default, as OpenTelemetry specifies) or http/json
// (The SDK itself also reads its own OTEL_* variables: OTEL_EXPORTER_OTLP_HEADERS,
// OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG, OTEL_BSP_*.)
import { z } from "zod";

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

const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value);

const schema = z.object({
  LOG_LEVEL: z.preprocess(blankAsUnset, z.enum(LOG_LEVELS).default("info")),
  LOG_FORMAT: z.preprocess(blankAsUnset, z.enum(["json", "pretty"]).optional()),
  METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(blankAsUnset, z.string().min(1).default("127.0.0.1")),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    blankAsUnset,
    z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .optional(),
  ),
  OTEL_SERVICE_NAME: z.preprocess(blankAsUnset, z.string().min(1).default("menu-service")),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.preprocess(blankAsUnset, z.enum(["http/protobuf", "http/json"]).default("http/protobuf")),
  PORT: z.preprocess(blankAsUnset, z.string().optional()),
});

const ALLOWED: Record<string, string> = {
  LOG_LEVEL: `one of ${LOG_LEVELS.join(", ")}`,
  LOG_FORMAT: "json or pretty",
  METRICS_PORT: "a port number from 1 to 65535, not the public PORT; unset for no metrics listener",
  METRICS_HOST: "an address to listen on",
  OTEL_EXPORTER_OTLP_ENDPOINT: "an http:// or https:// URL of an OTLP/HTTP receiver; unset for no tracing",
  OTEL_SERVICE_NAME: "a non-empty name",
  OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf or http/json (OTLP over HTTP; grpc is not supported)",
};

/** The settings from `env`; throws with the variable, its value and what is allowed. */
export function observabilitySettings(env: Record<string, string | undefined> = process.env, stdoutIsTty = Boolean(process.stdout.isTTY)): ObservabilitySettings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const name = String(parsed.error.issues[0].path[0]);
    throw new Error(`${name} must be ${ALLOWED[name] ?? "valid"}; got "${env[name]}"`);
  }
  const s = parsed.data;
  const publicPort = Number(s.PORT ?? 3000);
  if (s.METRICS_PORT !== undefined && s.METRICS_PORT === publicPort) {
    throw new Error(`METRICS_PORT must differ from the public PORT (${publicPort}): metrics are never served on the public port; got "${env.METRICS_PORT}"`);
  }
  return {
    logLevel: s.LOG_LEVEL,
    logFormat: s.LOG_FORMAT ?? (stdoutIsTty ? "pretty" : "json"),
    metricsPort: s.METRICS_PORT,
    metricsHost: s.METRICS_HOST,
    otlpEndpoint: s.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: s.OTEL_SERVICE_NAME,
    otlpProtocol: s.OTEL_EXPORTER_OTLP_PROTOCOL,
  };
}
