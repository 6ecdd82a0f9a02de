// One way for the test helpers to start a child process (the app, nginx, Varnish, Prometheus) and
// wait until it answers: spawn, collect its output, poll `ready` until it says yes, fail with the
// output when the child exits or the deadline passes. Also the port and stop helpers they share.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { createServer } from "node:net";

export interface StartedChild {
  child: ChildProcess;
  /** what it printed so far (stdout and stderr; the last `keepOutput` characters) */
  output(): string;
}

export interface StartChildOptions extends Pick<SpawnOptions, "cwd" | "env"> {
  /** for messages: "server", "npm run edge", "varnishd", … */
  name: string;
  /** true once the child answers as it should (or has printed so); a throw counts as not yet */
  ready: (output: string) => Promise<boolean> | boolean;
  timeoutMs: number;
  intervalMs?: number;
  /** how much of the output to keep (the newest characters); everything by default */
  keepOutput?: number;
  /** called with every chunk the child prints, besides the kept output */
  onOutput?: (chunk: Buffer, stream: "stdout" | "stderr") => void;
}

export async function startChild(command: string, args: string[], options: StartChildOptions): Promise<StartedChild> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = options.keepOutput ?? Infinity;
  for (const stream of ["stdout", "stderr"] as const) {
    child[stream]?.on("data", (d: Buffer) => {
      output = keep === Infinity ? output + d : (output + d).slice(-keep);
      options.onOutput?.(d, stream);
    });
  }
  // An exit while we wait ends the wait at once rather than at the next poll.
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${options.name} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (await Promise.resolve(output).then(options.ready).catch(() => false)) return { child, output: () => output };
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${options.name} did not start within ${options.timeoutMs / 1000} s:\n${output}`);
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, options.intervalMs ?? 100))]);
  }
}

/** SIGTERM, then SIGKILL if the process has not exited within 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}
