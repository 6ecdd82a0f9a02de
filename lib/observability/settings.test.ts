// The observability settings as the service's one configuration parses them (lib/config-schema.mjs),
// and as logs, metrics and traces read them (observabilitySettings).
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig, resetConfig } from "../config";
import { observabilitySettings } from "./settings";

const parse = (env: Record<string, string>, stdoutIsTTY = false) => parseConfig(env, { stdoutIsTTY });

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

describe("observability settings", () => {
  it("default to info, JSON unless on a terminal, no metrics, no tracing", () => {
    expect(parse({})).toMatchObject({ LOG_LEVEL: "info", LOG_FORMAT: "json", METRICS_PORT: undefined, METRICS_HOST: "127.0.0.1", OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_SERVICE_NAME: "menu-service", OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" });
    expect(parse({}, true).LOG_FORMAT).toBe("pretty");
    expect(parse({ LOG_FORMAT: "json" }, true).LOG_FORMAT).toBe("json");
    expect(parse({ LOG_LEVEL: "", METRICS_PORT: " " })).toMatchObject({ LOG_LEVEL: "info", METRICS_PORT: undefined });
  });

  it("are what logs, metrics and traces read", () => {
    for (const [name, value] of Object.entries({ LOG_LEVEL: "silent", LOG_FORMAT: "pretty", METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SERVICE_NAME: "menus-eu", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", PORT: "8080" })) {
      vi.stubEnv(name, value);
    }
    resetConfig();
    expect(observabilitySettings()).toEqual({ logLevel: "silent", logFormat: "pretty", metricsPort: 9464, metricsHost: "0.0.0.0", otlpEndpoint: "http://collector:4318", serviceName: "menus-eu", otlpProtocol: "http/json" });
  });

  it.each([
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "loud"/],
    [{ LOG_FORMAT: "xml" }, /LOG_FORMAT .*"xml"/],
    [{ METRICS_PORT: "0" }, /METRICS_PORT .*1 to 65535.*"0"/],
    [{ METRICS_PORT: "70000" }, /METRICS_PORT/],
    [{ METRICS_PORT: "9464x" }, /METRICS_PORT/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }, /OTEL_EXPORTER_OTLP_ENDPOINT .*http/],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, /OTEL_EXPORTER_OTLP_PROTOCOL .*grpc is not supported.*"grpc"/],
    [{ METRICS_PORT: "3000" }, /METRICS_PORT/],
    [{ METRICS_PORT: "8080", PORT: "8080" }, /METRICS_PORT/],
  ])("stop the start on %j, naming the variable, the value and what is allowed", (env, message) => {
    expect(() => parse(env as Record<string, string>)).toThrow(message);
  });
});
