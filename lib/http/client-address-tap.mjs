// The client's socket address, made visible to route handlers. Next.js hands route handlers a
// Web Request without the socket, and the X-Forwarded-For it adds itself (`??=`) keeps whatever a
// client sent, so neither tells who is really connected. Node publishes every incoming request on
// the diagnostics channel "http.server.request.start" (with its socket) before any "request"
// listener runs, so a subscriber can stamp the real peer address on the request headers — under
// `npm start` (scripts/start.mjs installs it before listening), plain `next start` and the
// standalone server.js alike (instrumentation.ts installs it at start-up). Plain JS: the start
// script loads it without a build step.
//
// The stamp carries a per-process random token, so a client cannot forge it, and a request that
// reached the app without passing the tap (a host without it) is recognised as unstamped.
import { subscribe } from "node:diagnostics_channel";
import { randomUUID } from "node:crypto";
import { listenerRecorded, recordListener } from "../render-listener.mjs";
import { processState } from "../process-state.mjs";

export const CLIENT_ADDRESS_HEADER = "x-menu-client-address";

const tap = processState("client-address-tap", () => ({ token: undefined }));

/** Subscribes once per process; later calls are no-ops. */
export function installClientAddressTap() {
  if (tap.token) return;
  const token = randomUUID();
  tap.token = token;
  subscribe("http.server.request.start", ({ request, socket, server }) => {
    // The same vantage point tells the HTML handler where this process can fetch its renders
    // (asked once: server.address() is a getsockname system call).
    if (!listenerRecorded()) recordListener(server?.address());
    const address = socket?.remoteAddress;
    if (address) request.headers[CLIENT_ADDRESS_HEADER] = `${token} ${address}`;
    else delete request.headers[CLIENT_ADDRESS_HEADER];
  });
}

/**
 * The socket address stamped on a request by this process's tap, or undefined (no tap, or a
 * value the client made up).
 *
 * @param {string | null | undefined} headerValue
 * @returns {string | undefined}
 */
export function stampedAddress(headerValue) {
  const token = tap.token;
  if (!token || !headerValue || !headerValue.startsWith(`${token} `)) return undefined;
  return headerValue.slice(token.length + 1);
}
