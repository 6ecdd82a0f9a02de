// What the app does for every request of every HTTP server in this process, whoever created the
// server (npm start's standalone server.js, next start, a platform's bridge): Node announces each
// request on its documented diagnostics channel "http.server.request.start", before any "request"
// listener runs, so nothing wraps or patches a server. For each request the tap
//   - gives it an id (lib/observability/request-id.mjs), echoed as X-Request-Id, and enters the scope
//     that carries it through the request's work (lib/observability/request-context.mjs);
//   - sets the headers every answer carries, whoever writes it: any origin may read it, no browser
//     sniffs it, and an https site is https only;
//   - of repeated Accept lines keeps the first, the one a shared cache keys on;
//   - lets the access log observe it (lib/server/access-log.ts);
//   - counts it as in progress until it ends, for readiness and the graceful stop (graceful-stop.ts).
// Connection, time, size and rate limits are the edge's (edge/nginx.conf.template).
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { config } from "../config";
import { INTERNAL_RENDER_HEADER, isRenderToken } from "../loopback";
import { narrowWaitUntil, newRequestScope, enterRequest, WAIT_UNTIL_HEADER, type RequestScope } from "../observability/request-context.mjs";
import { requestIdOf } from "../observability/request-id.mjs";
import { processState } from "../process-state.mjs";
import { firstHeaderLine } from "../negotiation/first-header-line";
import { isStopping, setStopping } from "../stopping";

/** Observes each request from its start (lib/server/access-log.ts). */
export interface RequestObserver {
  begin(req: IncomingMessage, res: ServerResponse, scope: RequestScope, options: { internal: boolean }): void;
}

const tap = processState("request-tap", () => ({
  installed: false,
  draining: false,
  observer: undefined as RequestObserver | undefined,
  /** each server's public requests in progress (an internal render continues one of them) */
  servers: new Map<Server, Set<ServerResponse>>(),
  /** connections accepted once the drain had begun: a closed listener would have refused them */
  late: new WeakSet<Socket>(),
  /** the responses in progress on each socket */
  perSocket: new WeakMap<Socket, Set<ServerResponse>>(),
  /** servers that serve no public requests (the metrics listener) */
  exempt: new WeakSet<Server>(),
}));

/** Sets the observer of every request (start-up installs the access log's). */
export function setRequestObserver(observer: RequestObserver): void {
  tap.observer = observer;
}

/** Leaves a server of this process alone (the metrics listener): no ids, no access lines, not drained. */
export function exemptFromTap(server: Server): void {
  tap.exempt.add(server);
}

/**
 * Counts `res` as in progress until it closes, or its socket does: Node emits no "close" for a
 * pipelined response still queued when its socket dies, and each would be counted for good.
 */
function track(socket: Socket | null, res: ServerResponse, inProgress: Set<ServerResponse>): void {
  inProgress.add(res);
  let open = socket ? tap.perSocket.get(socket) : undefined;
  if (socket && !open) {
    const own = (open = new Set());
    tap.perSocket.set(socket, own);
    socket.once("close", () => {
      for (const queued of own) inProgress.delete(queued);
      own.clear();
    });
  }
  open?.add(res);
  res.once("close", () => {
    inProgress.delete(res);
    open?.delete(res);
  });
}

function baseHeaders(res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (/^https:/i.test(config().PUBLIC_BASE_URL)) res.setHeader("Strict-Transport-Security", "max-age=31536000");
}

function onRequest({ request: req, response: res, socket, server }: { request: IncomingMessage; response: ServerResponse; socket: Socket; server: Server }): void {
  if (tap.exempt.has(server)) return;
  let inProgress = tap.servers.get(server);
  if (!inProgress) tap.servers.set(server, (inProgress = new Set()));
  const token = req.headers[INTERNAL_RENDER_HEADER];
  const internal = isRenderToken(typeof token === "string" ? token : undefined);
  // Draining: a connection accepted since is reset, as a closed listener would refuse it, unless it
  // carries a render that a request in progress needs from this very listener.
  if (tap.late.has(socket) && !internal) {
    socket.destroy();
    return;
  }
  if (!internal) track(socket, res, inProgress);
  const accept = firstHeaderLine(req.rawHeaders, "accept");
  if (accept !== undefined) req.headers.accept = accept;
  const scope = newRequestScope(requestIdOf(req.headers));
  // A render fetched for a page request waits no longer than that request may.
  if (internal) narrowWaitUntil(scope, req.headers[WAIT_UNTIL_HEADER]);
  res.setHeader("X-Request-Id", scope.id);
  // While stopping, every answer tells its client to reconnect (to an instance that stays).
  if (isStopping() && !internal) res.setHeader("Connection", "close");
  baseHeaders(res);
  // The rest of this request's work runs in its scope (the channel publishes just before the
  // "request" listeners run, in the same synchronous step).
  enterRequest(scope);
  tap.observer?.begin(req, res, scope, { internal });
}

/** Subscribes once per process. */
export function installRequestTap(): void {
  if (tap.installed) return;
  tap.installed = true;
  subscribe("http.server.request.start", onRequest as (message: unknown) => void);
  subscribe("net.server.socket", (message) => {
    if (tap.draining) tap.late.add((message as { socket: Socket }).socket);
  });
}

/** Public requests in progress on the servers of this process. */
export function requestsInFlight(): number {
  let n = 0;
  for (const inProgress of tap.servers.values()) n += inProgress.size;
  return n;
}

/** The servers that have served a request, for the graceful stop. */
export function servers(): Server[] {
  return [...tap.servers.keys()];
}

/** Stopping: readiness turns 503, answers carry Connection: close (requests in progress too). */
export function markStopping(): void {
  setStopping();
  for (const inProgress of tap.servers.values()) for (const res of inProgress) if (!res.headersSent) res.setHeader("Connection", "close");
}

/** Draining: new clients are turned away; open connections and renders are still answered. */
export function markDraining(): void {
  tap.draining = true;
}
