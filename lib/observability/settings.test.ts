import { describe, expect, it } from "vitest";
import { observabilitySettings } from "./settings";

describe("observabilitySettings", () => {
  it("defaults: info, JSON unless on a terminal, no metrics, no tracing", () => {
    expect(observabilitySettings({}, false)).toEqual({ logLevel: "info", logFormat: "json", metricsPort: undefined, metricsHost: "127.0.0.1", otlpEndpoint: undefined, serviceName: "menu-service", otlpProtocol: "http/protobuf" });
    expect(observabilitySettings({}, true).logFormat).toBe("pretty");
    expect(observabilitySettings({ LOG_FORMAT: "json" }, true).logFormat).toBe("json");
    expect(observabilitySettings({ LOG_LEVEL: "", METRICS_PORT: " " }, false)).toMatchObject({ logLevel: "info", metricsPort: undefined });
  });

  it("reads every variable", () => {
    const s = observabilitySettings(
      { LOG_LEVEL: "silent", LOG_FORMAT: "pretty", METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SERVICE_NAME: "menus-eu", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", PORT: "8080" },
      false,
    );
    expect(s).toEqual({ logLevel: "silent", logFormat: "pretty", metricsPort: 9464, metricsHost: "0.0.0.0", otlpEndpoint: "http://collector:4318", serviceName: "menus-eu", otlpProtocol: "http/json" });
  });

  it("stops on a bad value, naming the variable, the value and what is allowed", () => {
    expect(() => observabilitySettings({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "loud"/);
    expect(() => observabilitySettings({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT .*"xml"/);
    expect(() => observabilitySettings({ METRICS_PORT: "0" })).toThrow(/METRICS_PORT .*1 to 65535.*"0"/);
    expect(() => observabilitySettings({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(() => observabilitySettings({ METRICS_PORT: "9464x" })).toThrow(/METRICS_PORT/);
    expect(() => observabilitySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT .*http/);
    expect(() => observabilitySettings({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL .*grpc is not supported.*"grpc"/);
  });

  it("never serves metrics on the public port", () => {
    expect(() => observabilitySettings({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT must differ from the public PORT \(3000\)/);
    expect(() => observabilitySettings({ METRICS_PORT: "8080", PORT: "8080" })).toThrow(/PORT \(8080\)/);
  });
});
