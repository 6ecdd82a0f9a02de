// A budget of log lines for a failure that repeats with every request (a throttle store that is
// down fails every search, a database that is down makes every cache serve its last good copy):
// one line each would bury everything else in the log, and under a flood fill the disk at the
// request rate. The metrics still count every occurrence; the lines say how many were left out.

/**
 * Lets through at most `perMinute` lines a minute; the first line after a full minute says how
 * many were left out. Each place that logs a repeating failure keeps one.
 */
export class LogBudget {
  private windowStart = 0;
  private used = 0;
  private suppressed = 0;

  constructor(private readonly perMinute: number) {}

  /** undefined: leave this line out; else the number of lines left out before it. */
  take(now = Date.now()): number | undefined {
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used >= this.perMinute) {
      this.suppressed++;
      return undefined;
    }
    this.used++;
    const suppressed = this.suppressed;
    this.suppressed = 0;
    return suppressed;
  }
}

