// SIGTERM and SIGINT stop the process gracefully, through what Next.js documents: with
// NEXT_MANUAL_SIG_HANDLE set (npm start, the container image) its server leaves both signals to the
// handlers registered here at start-up (instrumentation.ts); without it, it exits at once.
import { config } from "../config";
import { shutdownHooks } from "../shutdown-hooks";
import { processLog } from "../observability/process-log.mjs";
import { markDraining, markStopping, requestsInFlight, servers } from "./request-tap";
import { isStopping } from "../stopping";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const QUIET_MS = 500;
const ACCEPTED_GRACE_MS = 100;

/**
 * Stops the process and exits 0 (once):
 *   1. readiness turns 503 and answers carry Connection: close;
 *   2. for `delayMs` everything is still served, so a load balancer that polls readiness stops
 *      sending before anything is refused;
 *   3. connections accepted from then on are reset (as by a closed listener) while the requests in
 *      progress are answered (the listener stays open for the page renders they fetch from it),
 *      until none has been in progress for half a second, for at most `deadlineMs`;
 *   4. the servers close, then the database pools.
 */
export async function gracefulStop(options: { delayMs?: number; deadlineMs?: number } = {}): Promise<void> {
  if (isStopping()) return;
  markStopping();
  const delayMs = options.delayMs ?? config().SHUTDOWN_DELAY_MS;
  if (delayMs > 0) {
    processLog().info({ delay_ms: delayMs }, `Stopping: readiness now answers 503; still serving for ${delayMs} ms (SHUTDOWN_DELAY_MS), then draining.`);
    await sleep(delayMs);
  }
  // Connections the kernel accepted before the signal reach Node in the next turns of the event
  // loop: they are this server's to answer, not late ones.
  await sleep(ACCEPTED_GRACE_MS);
  markDraining();
  // The drain's own 10 s, counted from here: a delay of 10 s or more must not leave it none.
  const deadline = Date.now() + (options.deadlineMs ?? 10_000);
  // Done when nothing has been in progress for a moment: a keep-alive client may have sent a request
  // just before its Connection: close answer arrived, and closing its idle socket would drop it.
  for (let quietSince = 0; Date.now() < deadline; await sleep(20)) {
    if (requestsInFlight() > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) break;
  }
  const all = servers();
  await Promise.all(
    all.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now())).unref();
        }),
    ),
  );
  await Promise.allSettled([...shutdownHooks()].map((close) => close()));
  process.exit(0);
}

/**
 * SIGTERM, what orchestrators send, waits SHUTDOWN_DELAY_MS with readiness at 503 before it
 * drains; SIGINT, a person at the terminal, drains at once.
 */
export function takeOverSignals(): void {
  const { SHUTDOWN_DELAY_MS: delayMs, NEXT_MANUAL_SIG_HANDLE } = config();
  if (!NEXT_MANUAL_SIG_HANDLE) {
    processLog().warn("NEXT_MANUAL_SIG_HANDLE is not set: Next.js exits at once on SIGTERM/SIGINT, without the graceful stop. Set NEXT_MANUAL_SIG_HANDLE=true (npm start and the container image do).");
  }
  process.on("SIGTERM", () => void gracefulStop({ delayMs }));
  process.on("SIGINT", () => void gracefulStop({ delayMs: 0 }));
}
