// Traces, over OTLP/HTTP, when OTEL_EXPORTER_OTLP_ENDPOINT is set: start-up imports this module only
// then (lib/server/start-up.ts), so with tracing off none of the SDK is loaded.
// Spans of one request:
//   - the request as this process received it (SERVER, "GET /[slug]"), opened by the server guard
//     (lib/http/server-guard.mjs) before Next.js sees the request; Next.js' own spans (its handler,
//     middleware, the render) are its children, because Next.js nests under an active span;
//   - each cache lookup ("cache menus", lib/cache/ttl-cache.ts) with its outcome;
//   - the database (Prisma's own spans, @prisma/instrumentation: prisma:client:operation, db_query);
//   - the internal render: the HTML handler's fetch of its own render carries the trace context
//     (lib/pages/internal-render.ts), so the render request is a child in the same trace.
// A request id the server made is 32 hex digits: it becomes the trace id of a request that came
// without trace context, so the id in the logs finds the trace.
// OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf (default, as the OpenTelemetry specification says) or
// http/json. Spans are batched (BatchSpanProcessor: at most 2048 queued, dropped beyond: bounded).
import type { IncomingMessage } from "node:http";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, RandomIdGenerator, type IdGenerator, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import { PrismaInstrumentation, registerInstrumentations } from "@prisma/instrumentation";
import { onShutdown } from "../db/shutdown-hooks";
import { setTracing, type SpanHandle, type TracingHooks } from "./trace-hooks";
import type { ObservabilitySettings } from "./settings";

const TRACE_ID = /^[0-9a-f]{32}$/;

/** Random ids, except that the next trace id may be given (the request id the server made). */
class RequestIdGenerator implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  next: string | undefined;
  generateTraceId(): string {
    const id = this.next ?? this.random.generateTraceId();
    this.next = undefined;
    return id;
  }
  generateSpanId(): string {
    return this.random.generateSpanId();
  }
}

async function exporterFor(endpoint: string, protocol: ObservabilitySettings["otlpProtocol"]): Promise<SpanExporter> {
  const url = `${endpoint.replace(/\/+$/, "")}/v1/traces`;
  if (protocol === "http/json") {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    return new OTLPTraceExporter({ url });
  }
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter({ url });
}

function handleOf(span: Span): SpanHandle {
  return {
    setAttributes: (attributes) => void span.setAttributes(attributes),
    recordError: (error) => recordOn(span, error),
  };
}

function recordOn(span: Span, error: unknown) {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

export async function startTracing(settings: Pick<ObservabilitySettings, "otlpEndpoint" | "serviceName" | "otlpProtocol">, version: string): Promise<void> {
  if (!settings.otlpEndpoint) return;
  const ids = new RequestIdGenerator();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName, [ATTR_SERVICE_VERSION]: version }),
    idGenerator: ids,
    spanProcessors: [new BatchSpanProcessor(await exporterFor(settings.otlpEndpoint, settings.otlpProtocol))],
  });
  // The global provider, the AsyncLocalStorage context manager and the W3C propagator.
  provider.register();
  registerInstrumentations({ tracerProvider: provider, instrumentations: [new PrismaInstrumentation()] });
  // Spans still queued are sent before the process exits (after the servers have drained).
  onShutdown(() => provider.shutdown());
  const tracer = provider.getTracer("menu-service");

  const hooks: TracingHooks = {
    serverSpan(req: IncomingMessage, requestId: string) {
      const parent = propagation.extract(ROOT_CONTEXT, req.headers);
      if (!trace.getSpanContext(parent) && TRACE_ID.test(requestId)) ids.next = requestId;
      const method = req.method ?? "GET";
      const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "url.path": (req.url ?? "/").split("?")[0] } }, parent);
      ids.next = undefined;
      const active = trace.setSpan(parent, span);
      return {
        traceId: span.spanContext().traceId,
        run: (work) => context.with(active, work),
        end(status, route) {
          span.updateName(`${method} ${route}`);
          span.setAttributes({ "http.route": route, "http.response.status_code": status, "menu.request_id": requestId });
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    inSpan(name, attributes, work) {
      return tracer.startActiveSpan(name, { attributes }, async (span) => {
        try {
          return await work(handleOf(span));
        } catch (error) {
          recordOn(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
    propagationHeaders() {
      const headers: Record<string, string> = {};
      propagation.inject(context.active(), headers);
      return headers;
    },
    recordError(error) {
      const span = trace.getActiveSpan();
      if (span) recordOn(span, error);
    },
  };
  setTracing(hooks);
}
