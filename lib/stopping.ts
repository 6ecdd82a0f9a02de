// Whether this process has begun to stop. The graceful stop sets it (lib/server/request-tap.ts
// markStopping); readiness (lib/health) and the request tap read it. A leaf, so the health check
// asks it without importing the server. One per process (lib/process-state.mjs).
import { processState } from "./process-state.mjs";

const state = processState("stopping", () => ({ stopping: false }));

/** Whether the process has begun to stop: readiness answers 503 from then on. */
export function isStopping(): boolean {
  return state.stopping;
}

export function setStopping(): void {
  state.stopping = true;
}
