// What the server does once, as it starts, before it answers a request: in every run mode (npm
// start, next start, the standalone server.js, a function platform's cold start), through
// instrumentation.ts.
// - The client-address tap stamps each request with its TCP peer for the throttle and learns the
//   listener the HTML handler fetches its renders from (lib/http/client-address-tap.mjs); the
//   request tap gives each request its id, base headers and access line (request-tap.ts); and
//   SIGTERM/SIGINT stop the process gracefully (graceful-stop.ts: readiness 503, a drain delay,
//   in-flight requests answered).
// - The configuration is parsed and checked first (lib/config.ts): a bad value stops the start with
//   one line per bad variable naming it, its value (secrets redacted) and what is allowed.
//   `--print-config` on the command line (`node server.js --print-config`) prints the effective
//   configuration instead, and exits 0; but the standalone server has listened by then (and fails
//   on a taken port before this runs), so it points at `node scripts/print-config.mjs`.
// - A line says which version (package version and build commit) starts on which database.
// - The database: on SQLite (by default) it is created, migrated and seeded with the demo data; on
//   PostgreSQL the schema must be current (`npm run db:migrate`, the release step) unless
//   MIGRATE_ON_START=true, and the demo data goes in only with SEED_DEMO_DATA=true.
// - Logs, metrics and traces start right after the configuration is read (lib/server/start-observability.ts):
//   the logger, the metrics listener (METRICS_PORT), tracing (OTEL_EXPORTER_OTLP_ENDPOINT) and the
//   access lines.
// Any failure ends the process with the reason: a server that cannot reach its database must not
// look healthy.
import { buildInfo } from "../build-info";
import { config, describeConfig, retiredSettingLines } from "../config";
import { installClientAddressTap } from "../http/client-address-tap.mjs";
import { processLog } from "../observability/process-log.mjs";
import { startObservability } from "./start-observability";
import { takeOverSignals } from "./graceful-stop";
import { installRequestTap } from "./request-tap";
import { createOnStart, setupDatabase, setupFailureLines } from "../db/setup";
import { seedDemoData } from "../import/seed-demo-data";

export async function startUp(): Promise<void> {
  installClientAddressTap();
  installRequestTap();
  // Until the logger runs (a configuration that does not parse), failures are plain lines.
  let logging = false;
  try {
    for (const line of retiredSettingLines()) console.warn(line);
    const settings = config();
    if (process.argv.includes("--print-config")) {
      console.log(describeConfig());
      console.error("(Next.js's server.js listens before it reads --print-config: `node scripts/print-config.mjs` prints this without starting the server.)");
      process.exit(0);
    }
    // Then: every line after this one is a log line of the configured logger.
    await startObservability();
    logging = true;
    const { version, commit } = buildInfo();
    processLog().info(
      { version, commit, database: settings.DATABASE_KIND },
      `Menu service ${version} (commit ${commit}) starting on ${settings.DATABASE_KIND === "postgresql" ? "PostgreSQL" : "SQLite"}; migrations ${settings.MIGRATE_ON_START ? "applied on start" : "checked (MIGRATE_ON_START=false)"}.`,
    );
    takeOverSignals();
    await setupDatabase({ migrate: settings.MIGRATE_ON_START, seed: settings.SEED_DEMO_DATA ? seedDemoData : undefined, create: createOnStart(), log: (line) => processLog().info(line) });
  } catch (error) {
    for (const line of setupFailureLines(error)) {
      if (logging) processLog().fatal(line);
      else console.error(line);
    }
    process.exit(1);
  }
}
