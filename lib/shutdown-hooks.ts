// What must be closed when the process stops (database pools, the metrics listener, the trace
// exporter). Modules register a closer when they open something; the graceful stop
// (lib/server/graceful-stop.ts) runs them all once the server has drained. A leaf that all of them
// import. One set per process (lib/process-state.mjs): the bundles load separate copies of lib/.
import { processState } from "./process-state.mjs";
type Closer = () => Promise<void>;

/** Every closer registered in this process. */
export function shutdownHooks(): Set<Closer> {
  return processState("shutdown-hooks", () => new Set<Closer>());
}

export function onShutdown(close: Closer): void {
  shutdownHooks().add(close);
}
