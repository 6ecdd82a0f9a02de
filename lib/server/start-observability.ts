// Observability, started once per process by start-up (lib/server/start-up.ts, instrumentation.ts)
// in every run mode, before the first request: the logger first, then tracing (only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK is not loaded otherwise), the metrics listener (only
// with METRICS_PORT), and the request observer of the request tap that writes the access lines.
import { poolStats } from "../db/pool-stats";
import { cacheStats } from "../cache/ttl-cache";
import { limiterStats } from "../http/work-limiter";
import { API_VERSION } from "../service-info";
import { installLogger } from "../observability/logger";
import { startMetrics } from "../observability/metrics";
import { observabilitySettings } from "../observability/settings";
import { processState } from "../process-state.mjs";
import { exemptFromTap, setRequestObserver } from "./request-tap";


export async function startObservability(): Promise<void> {
  const holder = processState("observability", () => ({ started: false }));
  if (holder.started) return;
  holder.started = true;
  const settings = observabilitySettings();
  await installLogger(settings);
  if (settings.otlpEndpoint) await (await import("../observability/tracing")).startTracing(settings, API_VERSION);
  await startMetrics(settings, { caches: cacheStats, limiters: limiterStats, pools: poolStats }, exemptFromTap);
  // Loaded here, once the configuration has been read: the access log names routes from the API
  // registry, whose modules set up their caches from the configuration as they load.
  const { createRequestObserver } = await import("./access-log");
  setRequestObserver(createRequestObserver());
}
