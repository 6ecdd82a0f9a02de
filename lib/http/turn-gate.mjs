// How much request work one turn of the event loop may start. Node accepts ONE new connection per
// turn of the loop (measured on this Node 20: 20 connections waiting while the loop was blocked
// were accepted on turns 1 to 20, one accept4 each, none returning EAGAIN), and a turn runs every
// request that is ready. Under 50 busy keep-alive connections a turn lasted 60-250 ms, so the 50th
// new connection waited for 50 such turns before it was even accepted: 4-9 s, while connections
// already open were answered in 150 ms (bench/results.md, "Stalls"). Bounding the work started per
// turn bounds the turn, and with it how long a new connection, a timer or a health check waits.
//
// Every request is started from the check phase (setImmediate), one per callback: Node runs the
// promise jobs of one immediate before the next, so the clock read before each start has seen the
// whole of the previous request's synchronous work, not just its first step. Once a turn has spent
// `budgetMs`, the rest wait, in arrival order, for the next turn, after its accepts, reads and
// timers. It spreads the same work over more turns; it does not make a request cheaper.
//
// The first request of a new connection goes ahead of the requests of connections already open:
// it has waited in the kernel's accept queue already, a turn for every connection ahead of it
// there, while each open connection has at most one request waiting here. Node accepts one
// connection per turn, so that line gains at most one a turn and the other still moves. Within
// each of the two lines, arrival order. Plain JS: the server guard loads it without a build step.

/** Immediates scheduled at once: a turn starts at most this many requests. */
export const MAX_STARTS_PER_TURN = 32;

/**
 * @param {{ budgetMs: number, now?: () => number, defer?: (fn: () => void) => void, onError?: (error: unknown) => void }} options
 *   budgetMs ≤ 0 turns the gate off (every request starts at once); `defer` runs a callback in the
 *   loop's check phase (setImmediate: this turn's when called before it, else the next turn's);
 *   `onError` hears what a request threw as it started.
 */
export function createTurnGate({ budgetMs, now = () => performance.now(), defer = setImmediate, onError = () => {} }) {
  /** First requests of new connections, then the rest; each in arrival order. */
  /** @type {Array<() => void>} */
  const firsts = [];
  /** @type {Array<() => void>} */
  const queue = [];
  const waiting = () => firsts.length + queue.length;
  const next = () => /** @type {() => void} */ (firsts.length > 0 ? firsts.shift() : queue.shift());
  /** Start callbacks scheduled and not yet run. */
  let pending = 0;
  /** When this turn's first start ran; null until then. */
  let turnStart = null;
  let startedThisTurn = 0;

  const start = (run) => {
    try {
      run();
    } catch (error) {
      onError(error);
    }
  };

  // Scheduled as a turn's first start runs, so it runs early in the next turn's check phase:
  // ahead of the starts queued after it, which then find a fresh budget.
  const newTurn = () => {
    turnStart = null;
    startedThisTurn = 0;
  };

  const schedule = () => {
    const want = Math.min(waiting(), MAX_STARTS_PER_TURN);
    while (pending < want) {
      pending++;
      defer(startNext);
    }
  };

  function startNext() {
    pending--;
    if (waiting() === 0) return;
    const t = now();
    if (turnStart === null) {
      turnStart = t;
      defer(newTurn);
    }
    // At least one start per turn, so the queue always moves, however costly a request is.
    if (startedThisTurn > 0 && (t - turnStart >= budgetMs || startedThisTurn >= MAX_STARTS_PER_TURN)) {
      schedule();
      return;
    }
    startedThisTurn++;
    start(next());
    if (waiting() > pending) schedule();
  }

  return {
    /**
     * Starts `run` in this turn's check phase, or in a later turn's once this one has spent its
     * budget; `firstOnConnection` puts it in the line of new connections' first requests.
     */
    admit(/** @type {() => void} */ run, firstOnConnection = false) {
      if (!(budgetMs > 0)) return start(run);
      (firstOnConnection ? firsts : queue).push(run);
      schedule();
    },
    /** Requests waiting to start. */
    get waiting() {
      return waiting();
    },
  };
}
