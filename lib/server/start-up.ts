// What the server does once, as it starts, before it answers a request: in every run mode (npm
// start, next start, the standalone server.js, a function platform's cold start), through
// instrumentation.ts.
// - The database is brought to the committed schema, and a new one gets the demo data, so no
//   mode needs a setup step of its own (lib/db/setup.ts; instances starting together take turns).
// - The client-address tap stamps each request with its TCP peer for the throttle and learns the
//   listener the HTML handler fetches its renders from (lib/http/client-address-tap.mjs).
// - The server guard puts every HTTP server of the process under the same socket limits as npm
//   start's (lib/http/server-guard.mjs), from its next connection on, and SIGTERM/SIGINT stop
//   them gracefully (readiness 503, a drain delay, in-flight requests answered).
// - A PUBLIC_BASE_URL that is not an origin (no scheme, a path) stops the start with the reason
//   instead of publishing broken URLs and failing every page.
// - Logs, metrics and traces start first (lib/observability/start.ts): the logger, the metrics
//   listener (METRICS_PORT), tracing (OTEL_EXPORTER_OTLP_ENDPOINT) and the access lines.
// - A malformed throttle setting stops the start here rather than failing every search later.
// Any failure ends the process with the reason: a server that cannot reach its database must not
// look healthy.
import { installClientAddressTap } from "../http/client-address-tap.mjs";
import { processLog } from "../observability/process-log.mjs";
import { startObservability } from "../observability/start";
import { installServerGuard, takeOverSignals } from "../http/server-guard.mjs";
import { internalRenderToken } from "../pages/internal-render";
import { publicBaseUrlProblem } from "../site-urls";
import { checkThrottleSettings } from "../http/rate-limit";
import { seedOnFirstRun, setupDatabase, setupFailureLines } from "../db/setup";

/** A PUBLIC_BASE_URL every published URL could be built from, or the start stops with the reason. */
function checkPublicBaseUrl(): void {
  const configured = process.env.PUBLIC_BASE_URL?.trim();
  const problem = configured ? publicBaseUrlProblem(configured) : undefined;
  if (problem) throw new Error(problem);
}

export async function startUp(): Promise<void> {
  installClientAddressTap();
  try {
    // First: every line after this one is a log line of the configured logger.
    await startObservability();
    checkPublicBaseUrl();
    installServerGuard({ renderToken: internalRenderToken() });
    takeOverSignals();
    checkThrottleSettings();
    await setupDatabase({ seed: seedOnFirstRun(), log: (line) => processLog().info(line) });
  } catch (error) {
    for (const line of setupFailureLines(error)) processLog().fatal(line);
    process.exit(1);
  }
}
