// The address this process serves HTTP on, for the HTML handler's fetch of its own render
// (lib/pages/internal-render.ts). Learnt, not configured: the client-address tap
// (lib/http/client-address-tap.mjs) sees the server of every request and records the first; a
// start script that keeps a listener of its own for the renders (scripts/start.mjs) records that
// one first. Plain JS, one per process (lib/process-state.mjs).
import { processState } from "./process-state.mjs";

const recorded = processState("render-listener", () => ({ origin: undefined, own: false }));

/** Whether an address is recorded: then a request's server needs no look at its own. */
export function listenerRecorded() {
  return recorded.origin !== undefined;
}

/**
 * Records a listening address unless one is recorded already; a listener kept for the renders
 * (`own`) replaces a public one learnt from a request.
 *
 * @param {string | { address: string, port: number } | null | undefined} address what net.Server#address() returns
 * @param {{ own?: boolean }} [options]
 */
export function recordListener(address, options = {}) {
  if (!address || typeof address === "string" || recorded.own) return;
  if (recorded.origin && !options.own) return;
  recorded.origin = originOf(address);
  if (options.own) recorded.own = true;
}

/**
 * http://host:port for a listening address; a wildcard address (dual-stack "::" included) becomes 127.0.0.1.
 *
 * @param {{ address: string, port: number }} address
 * @returns {string}
 */
export function originOf({ address, port }) {
  const host = address === "0.0.0.0" || address === "::" || address === "" ? "127.0.0.1" : address.includes(":") ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

/** @returns {string | undefined} the recorded origin, if this process has served a request yet */
export function listenerOrigin() {
  return recorded.origin;
}
