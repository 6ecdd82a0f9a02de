// Logs, metrics and traces of a running server, with the real parts each started here:
//   - the server (npm start's script) with METRICS_PORT, a low search budget and tracing to an
//     OTLP/HTTP receiver inside this test (JSON encoding);
//   - a real Prometheus (Debian's package) scraping the metrics listener, asked in PromQL for a
//     request counter and a latency histogram;
//   - the server's output parsed line by line: every line is JSON; access lines carry their fields;
//     the X-Request-Id echoed is the one logged; a secret in a query string is never written; the
//     answers the limiters and the throttle give (503, 429) have their lines.
// And the access line and X-Request-Id in the other run modes (standalone server.js, next start).
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";
import { promtoolBinary, startPrometheus, type Prometheus } from "../support/prometheus";
import { serverLogLines } from "../support/server-log";
import { ensureBuild, freePort, startTestServer, type TestServer } from "../support/test-server";

type LogLine = Record<string, unknown> & { msg?: string; level?: number; request_id?: string };

function logLines(server: TestServer): LogLine[] {
  return serverLogLines<LogLine>(server.logFile);
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const accessLine = (server: TestServer, id: string) => eventually(`the access line of ${id}`, () => logLines(server).find((l) => l.msg === "request" && l.request_id === id));

/** Sends the start of a request and nothing more; resolves with what the server answers before it closes. */
function heldRequest(baseUrl: string, head: string, holdMs: number, localAddress?: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let answer = "";
    socket.on("data", (d) => (answer += d));
    socket.on("error", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.setTimeout(holdMs, () => socket.destroy());
    socket.write(head);
  });
}

describe("observability of a running server (npm start)", () => {
  let server: TestServer;
  let metricsPort: number;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let prometheus: Prometheus;
  let slugs: string[];

  beforeAll(async () => {
    // Built first, so the server's output is its own lines only (npm start prints the build's otherwise).
    ensureBuild();
    otlp = await startOtlpReceiver();
    metricsPort = await freePort();
    server = await startTestServer({
      mode: "npm-start",
      extraEnv: {
        METRICS_PORT: String(metricsPort),
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_BSP_SCHEDULE_DELAY: "500",
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
        RATE_LIMIT_PER_MINUTE: "3",
      },
    });
    prometheus = await startPrometheus([`127.0.0.1:${metricsPort}`]);
    const list = await (await fetch(`${server.baseUrl}/api/public/restaurants?limit=10`)).json();
    slugs = list.results.map((r: { slug: string }) => r.slug);
  });

  afterAll(async () => {
    await prometheus?.stop();
    await server?.stop();
    await otlp?.stop();
  });

  it("serves metrics on its own listener only: /metrics on the public port is a 404", async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of ["http_server_requests_total", "http_server_request_duration_seconds_bucket", "menu_cache_lookups_total", "menu_cache_bytes", "menu_cache_budget_bytes", "process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "menu_db_query_duration_seconds_bucket"]) {
      expect(text, name).toContain(name);
    }
    // The searches above went through the query limiter; an idle server has nothing waiting.
    expect(text).toMatch(/^menu_work_queued\{limiter="queries"\} 0$/m);
    // Labels are route patterns, never raw paths.
    expect(text).not.toContain(`route="/api/public/restaurants/${slugs[0]}"`);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/anything-else`)).status).toBe(404);
  });

  it("exposes metrics that promtool accepts, without a gauge named like a counter", async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const check = spawnSync(promtoolBinary(), ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${check.stdout}${check.stderr}`).toBe("");
    expect(check.status).toBe(0);
    expect(text).toMatch(/^nodejs_active_handles\{type="[^"]+"\} \d+$/m);
  });

  it("cuts off slow clients of the metrics listener and keeps scraping", async () => {
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => {
        const socket = connect(metricsPort, "127.0.0.1", () => socket.write("GET /metrics HTTP/1.1\r\nHost: x\r\n"));
        let answer = "";
        socket.on("data", (d) => (answer += d));
        socket.on("error", () => {});
        return new Promise<{ answer: string; at: number }>((resolve) => socket.on("close", () => resolve({ answer, at: Date.now() })));
      }),
    );
    // Past its 64 connections the listener refuses at once; the others get 408 at the header deadline.
    expect(Math.max(...outcomes.map((o) => o.at)) - started).toBeLessThan(12_000);
    const timedOut = outcomes.filter((o) => o.answer.startsWith("HTTP/1.1 408 "));
    expect(timedOut.length).toBeGreaterThan(0);
    expect(timedOut.length).toBeLessThanOrEqual(64);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
  }, 30_000);

  it("answers PromQL in a real Prometheus: a request counter and a latency histogram by route pattern", async () => {
    const route = "/api/public/restaurants/[slug]";
    // Requests spread over several scrapes, so rate() has two samples with an increase between them.
    for (let round = 0; round < 4; round++) {
      for (const slug of slugs.slice(0, 5)) expect((await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1200));
    }
    const count = await eventually("the request counter in Prometheus", async () => {
      const result = await prometheus.query(`sum(http_server_requests_total{route="${route}",status="200"})`);
      return result.length && Number(result[0].value[1]) >= 20 ? Number(result[0].value[1]) : undefined;
    });
    expect(count).toBeGreaterThanOrEqual(20);
    const p90 = await eventually("a latency quantile in Prometheus", async () => {
      // rate() needs an increase between two scrapes inside its window: keep the traffic going until
      // Prometheus has seen one (on a loaded machine its first scrapes can come after the rounds above).
      for (const slug of slugs.slice(0, 3)) await (await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).arrayBuffer();
      const result = await prometheus.query(`histogram_quantile(0.9, sum by (le) (rate(http_server_request_duration_seconds_bucket{route="${route}"}[1m])))`);
      const value = result.length ? Number(result[0].value[1]) : NaN;
      return Number.isFinite(value) ? value : undefined;
    });
    expect(p90).toBeGreaterThan(0);
    expect(p90).toBeLessThanOrEqual(30);
    const byClass = await prometheus.query(`sum by (status_class) (http_server_requests_total{route="${route}"})`);
    expect(byClass.map((r) => r.metric.status_class)).toContain("2xx");
  });

  it("traces an uncached menu page as one trace: the request, its cache lookups, the database and the render", async () => {
    const slug = slugs[slugs.length - 1];
    const res = await fetch(`${server.baseUrl}/${slug}`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-render-cache")).not.toBe("HIT");
    const id = res.headers.get("x-request-id")!;
    // A request that came without trace context: the id the server made is the trace id.
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const spans = await eventually("the page's spans", () => {
      const trace = otlp.spans.filter((s) => s.traceId === id);
      const done = trace.some((s) => s.name === "GET /[slug]") && trace.some((s) => s.attributes["http.route"] === "(internal render)") && trace.some((s) => s.name.startsWith("prisma:"));
      return done ? trace : undefined;
    });
    const named = (name: string) => spans.filter((s: ReceivedSpan) => s.name === name);
    const root = named("GET /[slug]");
    expect(root).toHaveLength(1);
    expect(root[0].parentSpanId).toBeUndefined();
    expect(root[0].service).toBe("menu-service");
    expect(root[0].attributes).toMatchObject({ "http.route": "/[slug]", "http.response.status_code": 200 });
    expect(named("cache page-html")[0]?.attributes["cache.outcome"]).toBe("miss");
    expect(named("cache menus").length).toBeGreaterThan(0);
    expect(spans.some((s) => s.name === "prisma:client:operation")).toBe(true);
    // Every span of the trace hangs from the request's span: no orphan, no second root.
    const ids = new Set(spans.map((s) => s.spanId));
    expect(spans.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId)).map((s) => s.name)).toEqual(["GET /[slug]"]);
    // A database span lies under a cache lookup (the load it made), under the request.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestors = (s: ReceivedSpan) => {
      const names: string[] = [];
      for (let p = s.parentSpanId && byId.get(s.parentSpanId); p; p = p.parentSpanId ? byId.get(p.parentSpanId) : undefined) names.push(p.name);
      return names;
    };
    const dbSpan = spans.find((s) => s.name === "prisma:client:operation")!;
    expect(ancestors(dbSpan).some((n) => n.startsWith("cache "))).toBe(true);
    expect(ancestors(dbSpan).at(-1)).toBe("GET /[slug]");
  });

  it("writes one access line per request, with its fields, under the id it echoes", async () => {
    const res = await fetch(`${server.baseUrl}/api/public/restaurants/${slugs[0]}?lang=en`);
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id")!;
    const line = await accessLine(server, id);
    expect(line).toMatchObject({ level: 30, method: "GET", route: "/api/public/restaurants/[slug]", path: `/api/public/restaurants/${slugs[0]}`, status: 200, client: "127.0.0.1", trace_id: id });
    expect(line.bytes).toBeGreaterThan(100);
    expect(typeof line.duration_ms).toBe("number");
    expect(["hit", "miss"]).toContain(line.cache);
    expect(typeof line.time).toBe("string");
  });

  it("keeps a caller's X-Request-Id, or the trace id of its traceparent; replaces one that is not safe", async () => {
    const kept = await fetch(`${server.baseUrl}/api/public/plans`, { headers: { "X-Request-Id": "caller-chosen-id.42" } });
    expect(kept.headers.get("x-request-id")).toBe("caller-chosen-id.42");
    expect((await accessLine(server, "caller-chosen-id.42")).route).toBe("/api/public/plans");

    const trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const traced = await fetch(`${server.baseUrl}/api/public/cuisines`, { headers: { traceparent: `00-${trace}-00f067aa0ba902b7-01` } });
    expect(traced.headers.get("x-request-id")).toBe(trace);
    expect((await accessLine(server, trace)).trace_id).toBe(trace);

    const replaced = await fetch(`${server.baseUrl}/api/public/plans`, { headers: { "X-Request-Id": "has spaces <and> quotes\"" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("echoes the id on errors and logs them: an unknown API path, a bad parameter", async () => {
    const missing = await fetch(`${server.baseUrl}/api/public/restaurants/no-such-restaurant-here`);
    expect(missing.status).toBe(404);
    const line = await accessLine(server, missing.headers.get("x-request-id")!);
    expect(line).toMatchObject({ status: 404, route: "/api/public/restaurants/[slug]" });
    const bad = await fetch(`${server.baseUrl}/api/public/restaurants?limit=oops`);
    expect(bad.status).toBe(400);
    expect((await accessLine(server, bad.headers.get("x-request-id")!)).status).toBe(400);
  });

  it("never writes a secret of a query string (the Wi-Fi password)", async () => {
    const secret = "Sup3r-Secret-Wifi-Pass";
    const res = await fetch(`${server.baseUrl}/api/public/tools/wifi-qr?ssid=Guest&password=${secret}&encryption=WPA`);
    expect(res.status).toBe(200);
    const line = await accessLine(server, res.headers.get("x-request-id")!);
    expect(line.path).toBe("/api/public/tools/wifi-qr");
    expect(readFileSync(server.logFile, "utf8")).not.toContain(secret);
  });

  it("logs a throttled search (429) with its access line and a line of its own", async () => {
    let refused: Response | undefined;
    for (let i = 0; i < 6 && !refused; i++) {
      const res = await fetch(`${server.baseUrl}/api/public/restaurants?q=pizza${i}`, { headers: { "X-Request-Id": `throttle-${i}` } });
      if (res.status === 429) refused = res;
    }
    expect(refused, "a search past the budget of 3 a minute").toBeDefined();
    const id = refused!.headers.get("x-request-id")!;
    expect((await accessLine(server, id)).status).toBe(429);
    const own = logLines(server).find((l) => l.msg === "request throttled" && l.request_id === id);
    expect(own).toMatchObject({ level: 40, policy: "search", client: "127.0.0.1" });
  });

  it("logs a shed request (503): the access line and the limiter's line share its id", async () => {
    // 64 request bodies may be read at once (lib/http/work-limiter.ts bodyLimiter), 8 per client;
    // these send one byte and hold, from eight loopback addresses.
    const head = (n: number) =>
      `POST /api/mcp HTTP/1.1\r\nHost: ${new URL(server.baseUrl).host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\nX-Request-Id: held-${n}\r\nContent-Length: 1000\r\n\r\n{`;
    const held = Array.from({ length: 64 }, (_, n) => heldRequest(server.baseUrl, head(n), 15_000, `127.0.0.${2 + (n % 8)}`));
    await new Promise((r) => setTimeout(r, 1500));
    const answer = await heldRequest(server.baseUrl, head(999), 5_000, "127.0.0.10");
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nX-Request-Id: held-999\r\n/i);
    expect((await accessLine(server, "held-999")).status).toBe(503);
    expect(logLines(server).find((l) => l.msg === "work shed" && l.request_id === "held-999")).toMatchObject({ level: 40, limiter: "request bodies" });
    await Promise.all(held);
  }, 40_000);

  // Issue 46.17: every start logged the change watch's first purge, a call of the process to itself.
  // (The first request of the process waits for that purge: it is over once the harness saw the server answer.)
  it("does not log the change watch's own purge at info", () => {
    const purges = logLines(server).filter((l) => l.msg === "request" && l.path === "/api/internal/revalidate");
    expect(purges).toEqual([]);
    // …while the server did answer requests of its clients at info.
    expect(logLines(server).some((l) => l.msg === "request" && l.level === 30)).toBe(true);
  });

  it("writes nothing but JSON lines", () => {
    const lines = logLines(server);
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.every((l) => typeof l.level === "number" && typeof l.msg === "string")).toBe(true);
  });
});

describe.each(["standalone", "next-start"] as const)("access lines, X-Request-Id and the metrics listener under %s", (mode) => {
  let server: TestServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startTestServer({ mode, extraEnv: { LOG_FORMAT: "json", METRICS_PORT: String(metricsPort) } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("logs a request with the id it echoes; /metrics is not served", async () => {
    const res = await fetch(`${server.baseUrl}/api/public/plans`, { headers: { "X-Request-Id": `mode-${mode}` } });
    expect(res.headers.get("x-request-id")).toBe(`mode-${mode}`);
    const line = await eventually("the access line", () =>
      readFileSync(server.logFile, "utf8")
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as LogLine)
        .find((l) => l.msg === "request" && l.request_id === `mode-${mode}`),
    );
    expect(line).toMatchObject({ route: "/api/public/plans", status: 200, method: "GET" });
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^http_server_requests_total\{method="GET",route="\/api\/public\/plans",status="200",status_class="2xx"\} [1-9]/m);
  });

  it("closes the metrics listener when the server stops", async () => {
    await server.stop();
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});
