// Traces, over OTLP/HTTP, when OTEL_EXPORTER_OTLP_ENDPOINT is set: start-up imports this module only
// then (lib/server/start-up.ts), so with tracing off none of the SDK is loaded.
// Spans of one request:
//   - the request as this process received it (SERVER, "GET /[slug]"), opened by the access log as
//     the request tap announces it (lib/server/request-tap.ts), before Next.js sees the request;
//     Next.js' own spans (its handler, middleware, the render) are its children, because Next.js
//     nests under an active span;
//   - each cache lookup ("cache menus", lib/cache/ttl-cache.ts) with its outcome;
//   - the database (Prisma's own spans, @prisma/instrumentation: prisma:client:operation, db_query);
//   - the internal render: the HTML handler's fetch of its own render carries the trace context
//     (lib/pages/internal-render.ts), so the render request is a child in the same trace.
// A request id the server made is 32 hex digits: it becomes the trace id of a request that came
// without trace context, so the id in the logs finds the trace.
// OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf (default, as the OpenTelemetry specification says) or
// http/json. Spans are batched (BatchSpanProcessor: at most 2048 queued, dropped beyond: bounded).
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage } from "node:http";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type ContextManager, type Span } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, RandomIdGenerator, type IdGenerator, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import { PrismaInstrumentation, registerInstrumentations } from "@prisma/instrumentation";
import { onShutdown } from "../shutdown-hooks";
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

/**
 * OpenTelemetry's context on AsyncLocalStorage, as the SDK's own manager keeps it, plus `enter`: the
 * request tap starts a request's span in the step that runs its handler, with no function to wrap.
 */
class RequestContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== "function") return target;
    const manager = this;
    return function bound(this: unknown, ...args: unknown[]) {
      return manager.with(ctx, () => (target as (...a: unknown[]) => unknown).apply(this, args));
    } as T;
  }
  enter(ctx: Context): void {
    this.storage.enterWith(ctx);
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
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
  // The global provider, the context manager and the W3C propagator.
  const contexts = new RequestContextManager();
  provider.register({ contextManager: contexts });
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
        enter: () => contexts.enter(active),
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
