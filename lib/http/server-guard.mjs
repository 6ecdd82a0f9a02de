// The socket-level limits of every HTTP server in this process, whoever created it: `npm start`'s
// (scripts/start.mjs), `next start`'s and the standalone server.js's (Next.js creates those, with
// Node's defaults: no connection cap, 300 s to send a request). Node publishes every accepted
// connection on the diagnostics channel "net.server.socket", with the server it belongs to, before
// any request on it is parsed: the first connection to a server puts it under guard, so no run
// mode needs a start script of its own. What the guard does to a server:
//   - caps its open connections (MAX_CONNECTIONS): past it, Node closes new sockets at accept
//   - starts at most TURN_BUDGET_MS of request work per turn of the event loop; later requests wait
//     for the next turn in arrival order, a new connection's first request ahead (lib/http/turn-gate.mjs:
//     Node accepts one connection per turn, so a long turn kept new connections waiting for seconds)
//   - caps the requests in progress (MAX_REQUESTS_IN_FLIGHT): past it a request is answered 503 here,
//     at a fraction of what passing it through Next.js costs, so a crowd of slow or held requests
//     cannot queue up CPU and memory ahead of the clients who only want a menu
//   - gives a request 10 s to send its headers and 30 s to send all of itself (SERVER_TIMEOUTS),
//     checked every second (Node checks every 30 s unless told at construction), answered
//     408 request_timeout in the API's error format, as every other request Node cannot finish is
//   - serves no protocol upgrade: with no "upgrade" listener Node answers an Upgrade request as the
//     plain HTTP request it also is (RFC 9110 §7.8 lets a server ignore Upgrade). Next.js adds a
//     listener of its own (at creation, or at the first request under a custom server) whose
//     handler never closes the socket of a path it does not proxy: one leaked descriptor per
//     request. It is removed as soon as it is added.
//   - refuses the internal pages (/render/…) to any request without this
//     build's render token, by any spelling of the path (lib/http/request-front.mjs isInternalPath)
//   - sets the headers every response carries (CORS, nosniff, HSTS on https), whoever answers it,
//     and sends them with the body's first bytes rather than in a write of their own (flushHeadersWithBody)
//   - stops gracefully on SIGTERM (gracefulStop): readiness turns 503 at once, the servers keep
//     accepting for SHUTDOWN_DELAY_MS so load balancers can stop sending, then stop accepting and
//     answer what is in flight. The same in every run mode: Next.js' own handler (which exits at
//     once) is replaced (lib/server/start-up.ts).
//   - gives the process a loopback listener of its own for the HTML handler's page renders
//     (openRenderListener), when its start script has not (npm start's has): the renders of
//     requests in flight while the public listener drains on SIGTERM still have somewhere to go.
//   - gives every request an id (lib/observability/request-id.mjs: the caller's X-Request-Id or
//     traceparent trace id, else a new one), echoed as X-Request-Id on every answer, the guard's
//     own and Node's 408/431/400 included, and runs the request in a scope that carries it
//     (lib/observability/request-context.mjs); the request observer that start-up installs
//     (lib/observability/access-log.ts) writes its access line, metrics and server span
//   - repairs, before any route runs, the requests Next.js would answer itself with a bare text
//     500 or a redirect off-site (lib/http/request-front.mjs: absolute-form and "*" targets, the
//     API's trailing slashes, methods Next.js does not route, repeated Accept lines).
// Plain JS: the start script loads it without a build step.
import { timingSafeEqual } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import { createServer, Server, ServerResponse } from "node:http";
import net from "node:net";
import { createRequire } from "node:module";
import { recordListener } from "../pages/render-listener.mjs";
import { shutdownHooks } from "../db/shutdown-hooks";
import { processState } from "../process-state.mjs";
import { config } from "../config-schema.mjs";
import { narrowWaitUntil, newRequestScope, runInRequest, WAIT_UNTIL_HEADER } from "../observability/request-context.mjs";
import { newRequestId, requestIdOf } from "../observability/request-id.mjs";
import { processLog } from "../observability/process-log.mjs";
import { createTurnGate } from "./turn-gate.mjs";
import { clientErrorKind, clientErrorResponse, frontAnswer, INTERNAL_RENDER_HEADER, internalPathAnswer, isInternalPath, overloadedAnswer, prepareRequest, responseBaseHeaders } from "./request-front.mjs";

/** Time limits of one request; the body deadline of the API's JSON bodies is in read-json-body.ts. */
export const SERVER_TIMEOUTS = Object.freeze({
  /** from the first byte of a request to the end of its headers */
  headersMs: 10_000,
  /** from the first byte of a request to the end of its body */
  requestMs: 30_000,
  /** how often Node looks for requests past either limit */
  checkIntervalMs: 1_000,
  /** an idle keep-alive connection; longer than the 60 s of common load balancers, so they close first */
  keepAliveMs: 65_000,
});

/**
 * Requests a server has in progress at most. Above every bound behind it (64 renders waiting, 256
 * queries waiting, 64 bodies being read), so it sheds only what those would shed anyway, sooner.
 */
export const MAX_REQUESTS_IN_FLIGHT = 512;

/**
 * The guard's state, one per process (lib/process-state.mjs): every guarded server with what it has
 * in progress, whether it is installed and stopping, the render token, the request observer, the
 * turn gate.
 */
const guard = processState("server-guard", () => ({
  /** @type {WeakSet<import("node:http").Server>} */
  guarded: new WeakSet(),
  installed: false,
  stopping: false,
  /** @type {string | undefined} */
  renderToken: undefined,
  /** @type {{ begin: Function, clientError: Function } | undefined} */
  observer: undefined,
  /** @type {ReturnType<typeof createTurnGate> | undefined} */
  turnGate: undefined,
  /** @type {Map<import("node:http").Server, { responses: Set<import("node:http").ServerResponse>, internal: boolean }>} */
  servers: new Map(),
}));
/** On a socket once a request of it has been admitted: its later requests are not its first. */
const SERVED = Symbol("served");

/** The responses in progress on each socket. */
const socketResponses = new WeakMap();

/**
 * Counts `res` as in progress until it closes, or its socket does: Node emits no "close" for a
 * pipelined response still queued when its socket dies, and each would hold a slot of the cap for good.
 *
 * @param {import("node:net").Socket | null} socket
 * @param {import("node:http").ServerResponse} res
 * @param {Set<import("node:http").ServerResponse>} inProgress
 */
function trackResponse(socket, res, inProgress) {
  inProgress.add(res);
  let open = socket && socketResponses.get(socket);
  if (socket && !open) {
    const own = (open = new Set());
    socketResponses.set(socket, own);
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

/** One gate per process: every server shares the one event loop (lib/http/turn-gate.mjs). */
function turnGate() {
  return (guard.turnGate ??= createTurnGate({
    budgetMs: config().TURN_BUDGET_MS,
    onError: (error) => processLog().error({ err: error }, "a request handler threw as it started"),
  }));
}

/**
 * Installs the observer of every request (lib/observability/access-log.ts): `begin` when a request
 * arrives, `clientError` for what Node refuses before there is a request.
 *
 * @param {{ begin: Function, clientError: Function } | undefined} observer
 */
export function setRequestObserver(observer) {
  guard.observer = observer;
}

/**
 * Leaves a server of this process alone (the metrics listener): no limits, no ids, no access
 * lines, and it is not among the servers a graceful stop drains.
 *
 * @param {import("node:http").Server} server
 */
export function exemptFromGuard(server) {
  guard.guarded.add(server);
}

function carriesRenderToken(req) {
  const expected = guard.renderToken;
  const given = req.headers[INTERNAL_RENDER_HEADER];
  if (!expected || typeof given !== "string" || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const BASE_URL = Symbol("menu-service.base-url");

function publicBaseUrl(server) {
  const { PUBLIC_BASE_URL, PUBLIC_BASE_URL_SET } = config();
  if (PUBLIC_BASE_URL_SET) return PUBLIC_BASE_URL;
  // Unset, the default names the port this server listens on (`next start -p` sets no PORT).
  // Kept while it listens: server.address() asks the kernel (getsockname) every time, and each
  // request needs it (~1.4 % of a menu request's CPU when it was asked per request).
  if (server[BASE_URL]) return server[BASE_URL];
  const address = server.address();
  if (!address || typeof address !== "object") return PUBLIC_BASE_URL;
  return (server[BASE_URL] = `http://localhost:${address.port}`);
}

/**
 * Next.js calls flushHeaders() just before it writes a response's first chunk, so the headers left
 * in a write of their own: one more system call, TCP segment and wake-up of the client per
 * response, the costliest syscall of a cached menu answer (issue #29). With the socket corked until
 * the current tick's work is done, the headers leave with the body (and, when the response ends in
 * the same tick, its end) in one writev. They still leave in this tick, as flushHeaders promises.
 *
 * @this {import("node:http").ServerResponse}
 */
function flushHeadersWithBody() {
  const socket = this.socket;
  if (socket && !this.headersSent && !socket.destroyed) {
    socket.cork();
    process.nextTick(() => socket.uncork());
  }
  ServerResponse.prototype.flushHeaders.call(this);
}

/**
 * Puts one server under guard (once; later calls are no-ops). An internal server (npm start's
 * listener for the page renders) is the last to close when the process stops.
 *
 * @param {import("node:http").Server} server
 * @param {{ maxConnections?: number, internal?: boolean }} [options]
 */
export function guardServer(server, options = {}) {
  if (guard.guarded.has(server)) return;
  guard.guarded.add(server);
  const state = { responses: new Set(), internal: options.internal === true };
  guard.servers.set(server, state);

  server.maxConnections = options.maxConnections ?? config().MAX_CONNECTIONS;
  server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  server.requestTimeout = SERVER_TIMEOUTS.requestMs;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;
  // Node reads the checking interval only when it starts its checker, on "listening": restart it
  // with ours. (A server created with the option, as start.mjs's, already has it.)
  if (server.connectionsCheckingInterval !== SERVER_TIMEOUTS.checkIntervalMs) {
    server.connectionsCheckingInterval = SERVER_TIMEOUTS.checkIntervalMs;
    const restart = server.listeners("listening").find((listener) => listener.name === "setupConnectionsTracking");
    if (restart && server.listening) restart.call(server);
  }

  // The port a server listens on changes only when it listens again.
  const forgetBaseUrl = () => (server[BASE_URL] = undefined);
  server.on("listening", forgetBaseUrl);
  server.on("close", forgetBaseUrl);

  server.removeAllListeners("upgrade");
  server.on("newListener", (event, listener) => {
    if (event === "upgrade") process.nextTick(() => server.removeListener("upgrade", listener));
  });

  // One answer for what Node itself refuses (Next.js adds no clientError listener of its own).
  server.removeAllListeners("clientError");
  server.on("clientError", (error, socket) => {
    const id = newRequestId();
    const response = socket.writable && !socket.destroyed && !socket._httpMessage?.headersSent ? clientErrorResponse(error, publicBaseUrl(server), id) : null;
    if (response) {
      socket.end(response);
      guard.observer?.clientError(id, clientErrorKind(error).status, error?.code);
    }
    socket.destroy();
  });

  if (!state.internal) openRenderListener(server);

  const emit = server.emit;
  server.emit = function guardedEmit(event, ...args) {
    if (event === "request") {
      const [req, res] = args;
      trackResponse(req.socket, res, state.responses);
      const scope = newRequestScope(requestIdOf(req.headers));
      res.setHeader("X-Request-Id", scope.id);
      // While stopping, every answer tells its client to reconnect (to an instance that stays).
      if (guard.stopping) res.setHeader("Connection", "close");
      const baseUrl = publicBaseUrl(server);
      for (const [name, value] of Object.entries(responseBaseHeaders(baseUrl))) res.setHeader(name, value);
      res.flushHeaders = flushHeadersWithBody;
      prepareRequest(req);
      const internalPath = isInternalPath(req.url ?? "");
      const open = internalPath && carriesRenderToken(req);
      // A render fetched for a page request waits no longer than that request may.
      if (open) narrowWaitUntil(scope, req.headers[WAIT_UNTIL_HEADER]);
      const observed = guard.observer?.begin(req, res, scope, { internal: open });
      const refused = frontAnswer(req, baseUrl) ?? (internalPath && !open ? internalPathAnswer(baseUrl) : null);
      const overloaded = state.responses.size > MAX_REQUESTS_IN_FLIGHT;
      const answer = refused ?? (overloaded ? overloadedAnswer(baseUrl) : null);
      if (answer) {
        if (answer.status === 503 && observed) observed.shed("overloaded");
        else if (answer.status === 503) processLog().warn({ reason: "overloaded", request_id: scope.id }, "request shed");
        res.writeHead(answer.status, answer.headers);
        res.end(req.method === "HEAD" ? undefined : answer.body);
        // A body the request may still be sending is not read: Node drops it, or closes the connection.
        return true;
      }
      if (isExportPath(req.url ?? "")) compressExport()(req, res, () => {});
      const handle = () => emit.call(this, event, ...args);
      const start = () => runInRequest(scope, observed ? () => observed.run(handle) : handle);
      // A page's render request continues work already admitted: it never waits for a turn.
      if (state.internal) return start();
      const socket = req.socket;
      const first = socket && !socket[SERVED];
      if (first) socket[SERVED] = true;
      turnGate().admit(start, first);
      return true;
    }
    return emit.call(this, event, ...args);
  };
}

const EXPORT_PATH = "/api/public/export.ndjson";
const isExportPath = (url) => url === EXPORT_PATH || url.startsWith(`${EXPORT_PATH}?`);
let exportCompression;

/**
 * The bulk export (application/x-ndjson) compressed as Accept-Encoding asks, chunk by chunk as it
 * streams. Next.js compresses only the types its compression middleware deems compressible, which
 * NDJSON is not, and drops any Content-Encoding a route handler sets; so the export gets that same
 * middleware here, with a filter that takes its type (Next's own then passes it through untouched).
 */
function compressExport() {
  return (exportCompression ??= createRequire(import.meta.url)("next/dist/compiled/compression")({
    filter: (_req, res) => /^application\/x-ndjson\b/.test(String(res.getHeader("Content-Type") ?? "")),
  }));
}

/**
 * A second listener on 127.0.0.1 with the public server's request handler, for the HTML handler's
 * fetches of its own renders (lib/pages/internal-render.ts), unless the process has one already
 * (npm start makes its own). Without it the renders of a server Next.js made (next start, the
 * standalone server.js, the container) went to the public listener, which closes when the process
 * drains on SIGTERM: every HTML page still being prepared then failed. This one closes last
 * (gracefulStop). A server on a Unix socket gets none: that is a platform's bridge to a function,
 * where the render goes to the deployment's own URL.
 *
 * @param {import("node:http").Server} server
 */
function openRenderListener(server) {
  const address = server.address();
  if (!address || typeof address === "string") return;
  for (const [, state] of guard.servers) if (state.internal) return;
  const handlers = server.listeners("request");
  if (handlers.length === 0) return;
  const internal = createServer({ connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs });
  for (const handler of handlers) internal.on("request", handler);
  guardServer(internal, { internal: true });
  internal.on("error", (error) => processLog().error({ err: error }, "the loopback listener for page renders failed; renders go to the public listener"));
  internal.listen(0, "127.0.0.1", () => recordListener(internal.address(), { own: true }));
  // It must not keep a process alive whose public server has closed.
  internal.unref();
}

/**
 * Guards every HTTP server of this process from its first connection on. Subscribes once; a later
 * call may add the render token (known only inside the build: lib/server/start-up.ts passes it).
 *
 * @param {{ renderToken?: string }} [options]
 */
export function installServerGuard(options = {}) {
  if (options.renderToken) guard.renderToken = options.renderToken;
  if (guard.installed) return;
  const maxConnections = config().MAX_CONNECTIONS;
  guard.installed = true;
  subscribe("net.server.socket", ({ socket }) => {
    const server = socket?.server;
    if (server instanceof Server) guardServer(server, { maxConnections });
  });
}

/** Whether the process has begun to stop: readiness answers 503 from then on. */
export function isStopping() {
  return guard.stopping;
}

/** Requests waiting for a turn of the event loop to start in (lib/http/turn-gate.mjs). */
export function requestsWaitingForTurn() {
  return guard.turnGate?.waiting ?? 0;
}

/** Requests in progress on the public servers of this process. */
export function requestsInFlight() {
  let n = 0;
  for (const [, state] of guard.servers) if (!state.internal) n += state.responses.size;
  return n;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops every guarded server of the process and exits 0 (once; later calls wait for the first):
 *   1. readiness turns 503 and answers carry Connection: close;
 *   2. the servers keep accepting for `delayMs`, so a load balancer that polls readiness stops
 *      sending before the listening sockets close (closing them resets the connections still in
 *      the kernel's accept queue);
 *   3. the public servers stop accepting; idle keep-alive connections are closed each second and
 *      requests in flight are answered, for at most `deadlineMs`, then whatever remains is closed;
 *   4. the internal servers (renders for those requests) close, then the database pools.
 *
 * @param {{ delayMs?: number, deadlineMs?: number }} [options]
 */
export async function gracefulStop(options = {}) {
  if (guard.stopping) return;
  guard.stopping = true;
  for (const [, state] of guard.servers) for (const res of state.responses) if (!res.headersSent) res.setHeader("Connection", "close");
  const delayMs = options.delayMs ?? config().SHUTDOWN_DELAY_MS;
  const deadlineMs = options.deadlineMs ?? 10_000;
  if (delayMs > 0) {
    processLog().info({ delay_ms: delayMs }, `Stopping: readiness now answers 503; still accepting for ${delayMs} ms (SHUTDOWN_DELAY_MS), then draining.`);
    await sleep(delayMs);
  }
  const all = [...guard.servers];
  const stopAccepting = (list) =>
    Promise.all(list.map(([server]) => (server.listening ? new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve())) : Promise.resolve())));
  const publicServers = all.filter(([, state]) => !state.internal);
  // net.Server's close, not http.Server's: that one also drops idle keep-alive connections at
  // once, racing a request a client may be sending on one; they are closed a second later.
  // Done when every connection has ended: clients close after their Connection: close answer;
  // idle ones are closed here each second. Closing them all as soon as nothing is in flight would
  // reset a request a keep-alive client is sending at that moment.
  const closed = stopAccepting(publicServers);
  const idle = setInterval(() => publicServers.forEach(([server]) => server.closeIdleConnections()), 1_000);
  const deadline = setTimeout(() => publicServers.forEach(([server]) => server.closeAllConnections()), deadlineMs);
  await closed;
  clearInterval(idle);
  clearTimeout(deadline);
  const internal = all.filter(([, state]) => state.internal);
  for (const [server] of internal) server.closeAllConnections();
  await stopAccepting(internal);
  // Database pools (lib/db/shutdown-hooks.ts).
  await Promise.allSettled([...shutdownHooks()].map((close) => close()));
  process.exit(0);
}

/**
 * SIGTERM and SIGINT stop the process gracefully. Next.js's server leaves them to us when
 * NEXT_MANUAL_SIG_HANDLE is set (its documented switch); without it, it exits at once. SIGTERM, what orchestrators send,
 * waits SHUTDOWN_DELAY_MS with readiness at 503 before it drains; SIGINT, a person at the
 * terminal, drains at once.
 */
export function takeOverSignals() {
  const { SHUTDOWN_DELAY_MS: delayMs, NEXT_MANUAL_SIG_HANDLE } = config();
  if (!NEXT_MANUAL_SIG_HANDLE) {
    processLog().warn("NEXT_MANUAL_SIG_HANDLE is not set: Next.js exits at once on SIGTERM/SIGINT, without the graceful stop. Set NEXT_MANUAL_SIG_HANDLE=true (npm start and the container image do).");
  }
  process.on("SIGTERM", () => void gracefulStop({ delayMs }));
  process.on("SIGINT", () => void gracefulStop({ delayMs: 0 }));
}
