// Metrics in the Prometheus exposition format (prom-client), served on a listener of their own
// (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default), never on the public port. Off by default:
// without METRICS_PORT prom-client is never loaded and every recording function below returns at
// its first line.
//
// Label values are bounded: routes are patterns (lib/server/route-pattern.ts), caches and
// limiters are the service's own few names, statuses are codes.
//   http_server_requests_total{method,route,status,status_class}   requests answered
//   http_server_request_duration_seconds{method,route,status_class} histogram, until the last byte
//   menu_cache_lookups_total{cache,outcome}        hit | miss | stale (a last good copy served)
//   menu_cache_bytes{cache}, menu_cache_budget_bytes{cache}, menu_cache_entries{cache}
//   menu_work_running{limiter}, menu_work_queued{limiter}, menu_work_shed_total{limiter}
//   menu_throttled_requests_total{policy}          answered 429
//   menu_throttle_store_failures_total             throttle store errors (the request passed)
//   menu_db_query_duration_seconds{model,operation} histogram of Prisma operations
//   menu_db_pool_connections{pool,state}           PostgreSQL pools: total | idle | waiting
//   plus prom-client's default metrics: process_resident_memory_bytes, nodejs_heap_size_used_bytes,
//   nodejs_eventloop_lag_seconds (and its percentiles), GC durations, open handles…
import { createServer, type Server } from "node:http";
import type { Counter, Histogram, Registry } from "prom-client";
import { onShutdown } from "../shutdown-hooks";
import { processLog } from "./process-log.mjs";
import type { ObservabilitySettings } from "./settings";
import { processState } from "../process-state.mjs";

interface Instruments {
  registry: Registry;
  requests: Counter;
  duration: Histogram;
  cacheLookups: Counter;
  workShed: Counter;
  throttled: Counter;
  throttleStoreFailures: Counter;
  dbQuery: Histogram;
}

const holder = processState<{ instruments?: Instruments }>("metrics", () => ({}));

/** Whether metrics are being collected (METRICS_PORT is set). */
export function metricsEnabled(): boolean {
  return holder.instruments !== undefined;
}

export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const m = holder.instruments;
  if (!m) return;
  const statusClass = `${Math.floor(status / 100)}xx`;
  m.requests.inc({ method, route, status: String(status), status_class: statusClass });
  m.duration.observe({ method, route, status_class: statusClass }, seconds);
}

export function recordCacheLookup(cache: string, outcome: "hit" | "miss" | "stale"): void {
  holder.instruments?.cacheLookups.inc({ cache, outcome });
}

export function recordWorkShed(limiter: string): void {
  holder.instruments?.workShed.inc({ limiter });
}


export function recordThrottled(policy: string): void {
  holder.instruments?.throttled.inc({ policy });
}

export function recordThrottleStoreFailure(): void {
  holder.instruments?.throttleStoreFailures.inc();
}

/** A timer for one database operation, or undefined when metrics are off. */
export function startDbTimer(): ((model: string, operation: string) => void) | undefined {
  const m = holder.instruments;
  if (!m) return undefined;
  const started = process.hrtime.bigint();
  return (model, operation) => m.dbQuery.observe({ model, operation }, Number(process.hrtime.bigint() - started) / 1e9);
}

/** What the gauges read when scraped; each source registers itself (caches, limiters, pools). */
export interface GaugeSources {
  caches(): { name: string; bytes: number; maxBytes: number; entries: number }[];
  limiters(): { name: string; running: number; queued: number }[];
  pools(): { name: string; total: number; idle: number; waiting: number }[];
}

/**
 * Creates the instruments and serves them on METRICS_HOST:METRICS_PORT (once per process; later
 * calls are no-ops). `exempt` takes the listener out of the request tap before it listens (no
 * access lines, no request ids for scrapes); it closes last on shutdown, after the public servers
 * have drained.
 */
export async function startMetrics(
  settings: Pick<ObservabilitySettings, "metricsPort" | "metricsHost">,
  sources: GaugeSources,
  exempt: (server: Server) => void,
): Promise<Server | undefined> {
  if (settings.metricsPort === undefined || holder.instruments) return undefined;
  const client = await import("prom-client");
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  // Gauges named like counters fail `promtool check metrics`; each is the sum of its per-type twin.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);
  const route = ["method", "route"] as const;
  const instruments: Instruments = {
    registry,
    requests: new client.Counter({ name: "http_server_requests_total", help: "Requests answered, by route pattern and status", labelNames: [...route, "status", "status_class"], registers: [registry] }),
    duration: new client.Histogram({
      name: "http_server_request_duration_seconds",
      help: "Time from the request's arrival to its last byte, by route pattern",
      labelNames: [...route, "status_class"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    cacheLookups: new client.Counter({ name: "menu_cache_lookups_total", help: "In-process cache lookups: hit, miss, or stale (a last good copy served because the reload failed)", labelNames: ["cache", "outcome"], registers: [registry] }),
    workShed: new client.Counter({ name: "menu_work_shed_total", help: "Work refused with 503 because a limiter's queue was full or its wait too long", labelNames: ["limiter"], registers: [registry] }),
    throttled: new client.Counter({ name: "menu_throttled_requests_total", help: "Requests refused with 429 by the per-client throttle", labelNames: ["policy"], registers: [registry] }),
    throttleStoreFailures: new client.Counter({ name: "menu_throttle_store_failures_total", help: "Throttle store errors; each such request passed unthrottled", registers: [registry] }),
    dbQuery: new client.Histogram({
      name: "menu_db_query_duration_seconds",
      help: "Duration of Prisma operations, by model and operation",
      labelNames: ["model", "operation"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
  };
  new client.Gauge({
    name: "menu_cache_bytes",
    help: "Bytes held by each in-process cache (its last good copies included)",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      for (const c of sources.caches()) this.set({ cache: c.name }, c.bytes);
    },
  });
  new client.Gauge({
    name: "menu_cache_budget_bytes",
    help: "Each cache's share of the memory budget (CACHE_MEMORY_MB)",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      for (const c of sources.caches()) if (Number.isFinite(c.maxBytes)) this.set({ cache: c.name }, c.maxBytes);
    },
  });
  new client.Gauge({
    name: "menu_cache_entries",
    help: "Entries held by each in-process cache",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      for (const c of sources.caches()) this.set({ cache: c.name }, c.entries);
    },
  });
  new client.Gauge({
    name: "menu_work_running",
    help: "Work running under each limiter (renders, queries, request bodies)",
    labelNames: ["limiter"],
    registers: [registry],
    collect() {
      for (const l of sources.limiters()) this.set({ limiter: l.name }, l.running);
    },
  });
  new client.Gauge({
    name: "menu_work_queued",
    help: "Work waiting for a slot under each limiter",
    labelNames: ["limiter"],
    registers: [registry],
    collect() {
      for (const l of sources.limiters()) this.set({ limiter: l.name }, l.queued);
    },
  });
  new client.Gauge({
    name: "menu_db_pool_connections",
    help: "Connections of each PostgreSQL pool: total, idle, and clients waiting for one",
    labelNames: ["pool", "state"],
    registers: [registry],
    collect() {
      for (const p of sources.pools()) {
        this.set({ pool: p.name, state: "total" }, p.total);
        this.set({ pool: p.name, state: "idle" }, p.idle);
        this.set({ pool: p.name, state: "waiting" }, p.waiting);
      }
    },
  });
  holder.instruments = instruments;

  // Scrapers send small requests: short deadlines and few connections, so slow clients cannot pile up.
  const server = createServer({ headersTimeout: 5_000, requestTimeout: 10_000, keepAliveTimeout: 65_000, connectionsCheckingInterval: 1_000 }, async (req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Only GET /metrics is served here.\n");
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      processLog().error({ err: error }, "metrics collection failed");
      res.writeHead(500).end();
    }
  });
  server.maxConnections = 64;
  exempt(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.metricsPort, settings.metricsHost, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      error.code === "EADDRINUSE"
        ? `METRICS_PORT ${settings.metricsPort} is in use on ${settings.metricsHost}: choose another port for the metrics listener`
        : `Cannot listen on METRICS_HOST ${settings.metricsHost}, METRICS_PORT ${settings.metricsPort}: ${error.message}`,
    );
  });
  onShutdown(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  );
  processLog().info({ metrics: `http://${settings.metricsHost}:${settings.metricsPort}/metrics` }, "metrics listener started");
  return server;
}
