// tests/support/tcp-switch.mjs from a test: a proxy to PostgreSQL that can be cut (stop) and
// restored (start) on one port, so a test "stops" the database without touching the server other
// stages use (tests/fault/stale-if-error.test.ts, stale-after-purge.test.ts).
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

export class DatabaseSwitch {
  private child: ChildProcess;
  port = 0;
  /** resolves once the switch listens for the first time */
  started: Promise<void>;
  constructor(host: string, targetPort: number) {
    this.child = fork(path.join(import.meta.dirname, "tcp-switch.mjs"), [host, String(targetPort)]);
    this.started = this.command(null, "started");
  }

  /** A switch in front of the PostgreSQL server of `serverUrl`, and that URL through the switch. */
  static async before(serverUrl: string): Promise<{ db: DatabaseSwitch; url: string }> {
    const url = new URL(serverUrl);
    const db = new DatabaseSwitch(url.hostname, Number(url.port || 5432));
    await db.started;
    url.hostname = "127.0.0.1";
    url.port = String(db.port);
    return { db, url: url.toString() };
  }

  private command(command: "start" | "stop" | null, event: "started" | "stopped"): Promise<void> {
    return new Promise((resolve) => {
      const onMessage = (message: { event: string; port?: number }) => {
        if (message.event !== event) return;
        this.child.off("message", onMessage);
        if (message.port) this.port = message.port;
        resolve();
      };
      this.child.on("message", onMessage);
      if (command) this.child.send(command);
    });
  }

  start = () => this.command("start", "started");
  stop = () => this.command("stop", "stopped");
  close = () => this.child.kill();
}
