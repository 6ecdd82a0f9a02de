// `kill <pid of npm>` stops the server (issue 27.3). npm forwards SIGTERM and SIGINT to the
// process it ran for the script; when that was a shell (`sh -c "node …"`), the shell died of the
// signal and the Node server ran on as an orphan while npm exited 143. The start script is
// `exec node …`, so the server is npm's own child and gets the signal: it drains and exits 0,
// and npm with it.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureBuild, freePort, ROOT } from "../support/test-server";

/** Every process below `pid` (Linux /proc), children first. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the field after the command (which may hold spaces) in parentheses
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) if (parent === p) (found.push(child), walk(child));
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

let npm: ChildProcess | undefined;
let started: number[] = [];
const file = path.join(tmpdir(), `npm-signals-${process.pid}.db`);

afterEach(() => {
  npm?.kill("SIGKILL");
  for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

describe("npm start", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("stops the server when npm itself gets %s: nothing left running", async (signal) => {
    ensureBuild();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // npm as the reader runs it (npm_execpath: the npm running this test, else the one on PATH)
    const npmCli = process.env.npm_execpath;
    const [command, args] = npmCli?.endsWith(".js") ? [process.execPath, [npmCli, "start"]] : ["npm", ["start"]];
    npm = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOSTNAME: "127.0.0.1", PUBLIC_BASE_URL: baseUrl, DATABASE_URL: `file:${file}`, SEED_DEMO_DATA: "true", SHUTDOWN_DELAY_MS: "500" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout?.on("data", (d) => (output += d));
    npm.stderr?.on("data", (d) => (output += d));
    const ready = await waitFor(async () => (await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.ok === true, 120_000);
    expect(ready, output).toBe(true);
    started = descendants(npm.pid!);
    expect(started.length).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => npm!.once("exit", (code) => resolve(code)));
    npm.kill(signal);
    const code = await Promise.race([exited, new Promise<"hung">((r) => setTimeout(() => r("hung"), 30_000))]);
    expect(code, output).toBe(0);
    // The server drained and exited: no process of the start left, the port refuses.
    expect(await waitFor(() => started.every((pid) => !alive(pid)), 15_000), `still running: ${started.filter(alive).join(", ")}\n${output}`).toBe(true);
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
  }, 180_000);
});
