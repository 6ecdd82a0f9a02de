// One access line per request, and the request's metrics and server span: the observer the request
// tap (lib/server/request-tap.ts) calls for every request of every server of the process, in every
// run mode, before Next.js sees it. Installed by start-up (lib/server/start-observability.ts).
//
// The line ("msg":"request"): method, route (pattern), path (never the query: it may carry a
// secret, e.g. the Wi-Fi password of /api/public/tools/wifi-qr), status, bytes (sent on the
// connection for this response, headers included), duration_ms (arrival to last byte), cache (hit,
// miss or stale: a last good copy, as Cache-Status says), client (the address the throttle sees:
// lib/http/client-address.ts), request_id, and trace_id when tracing is on. A request the client
// gave up on is marked aborted (status 499 when it left before any answer). The internal render requests (the HTML handler's fetch of its own
// page) are logged at debug, under the id of the request they serve; so is the change watch's own
// purge (lib/cache/change-watch.ts), which every process makes once as it starts serving: it
// carries the render token, and the endpoint answers it 200 only when the token is right.
import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "../config";
import { clientAddress, type TrustedHeader } from "../http/client-address";
import { log } from "../observability/logger";
import type { RequestObserver } from "./request-tap";
import { recordRequest } from "../observability/metrics";
import type { RequestScope } from "../observability/request-context.mjs";
import { loggedPath, routePattern } from "./route-pattern";
import { tracing } from "../observability/trace-hooks";

const INTERNAL_ROUTE = "(internal render)";
/** The methods the routes serve; any other is counted as OTHER, so a client cannot mint metric series. */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function headerGetter(req: IncomingMessage): Headers {
  return {
    get(name: string) {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
  } as Headers;
}

/** The cache outcome of a finished request: Cache-Status's stale-if-error, else what its lookups found. */
export function cacheOutcome(cacheStatus: unknown, scope: Pick<RequestScope, "cacheHits" | "cacheMisses">): "stale" | "miss" | "hit" | undefined {
  if (typeof cacheStatus === "string" && cacheStatus.includes("stale-if-error")) return "stale";
  if (scope.cacheMisses > 0) return "miss";
  return scope.cacheHits > 0 ? "hit" : undefined;
}

export function createRequestObserver(trusted: TrustedHeader[] = config().TRUSTED_PROXY_HEADERS): RequestObserver {
  return {
    begin(req, res, scope, { internal }) {
      const started = process.hrtime.bigint();
      const socket = req.socket;
      const bytesBefore = socket?.bytesWritten ?? 0;
      const method = req.method ?? "GET";
      const metricMethod = ROUTED_METHODS.has(req.method ?? "") ? (req.method as string) : "OTHER";
      const path = loggedPath(req.url ?? "/");
      const route = internal ? INTERNAL_ROUTE : routePattern(path);
      // The change watch's own purge (with the render token) is routine when it succeeds.
      const ownPurge = internal && req.method === "POST" && path === "/api/internal/revalidate";
      // Entered now, in the step that runs the request's handler: the spans of its work are children.
      const span = tracing()?.serverSpan(req, scope.id);
      span?.enter();
      res.once("close", () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        // 499 (as nginx logs it): the client closed the connection before an answer was sent.
        const status = res.headersSent ? res.statusCode : 499;
        recordRequest(metricMethod, route, status, seconds);
        span?.end(status, route);
        const logger = log();
        const quiet = internal && (!ownPurge || status === 200);
        if (!logger.isLevelEnabled(quiet ? "debug" : "info")) return;
        const line = {
          method,
          route,
          path,
          status,
          bytes: Math.max(0, (socket?.bytesWritten ?? 0) - bytesBefore),
          duration_ms: Math.round(seconds * 10_000) / 10,
          cache: cacheOutcome(res.getHeader("cache-status"), scope),
          client: clientAddress(headerGetter(req), trusted),
          request_id: scope.id,
          ...(span ? { trace_id: span.traceId } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        };
        if (quiet) logger.debug(line, "request");
        else logger.info(line, "request");
      });
    },
  };
}
