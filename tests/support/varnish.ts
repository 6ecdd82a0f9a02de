// A real shared cache in front of a test server: Debian's Varnish (varnishd), in the foreground on a
// loopback port, with its built-in VCL (it honours s-maxage, Vary and no-store, keys variants on the
// first line of a header, and appends the client's address to X-Forwarded-For). .ci/run installs it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, stopChild } from "./test-server";

const VARNISHD = ["/usr/sbin/varnishd", "/usr/bin/varnishd"].find((p) => existsSync(p));

export interface Varnish {
  url: string;
  stop(): Promise<void>;
}

export async function startVarnish(backendUrl: string): Promise<Varnish> {
  if (!VARNISHD) throw new Error("varnishd is not installed (Debian package varnish; .ci/run installs it)");
  const port = await freePort();
  const backend = new URL(backendUrl);
  const dir = mkdtempSync(path.join(tmpdir(), "varnish-"));
  // -j none: no privilege separation (tests run as whoever runs them); -T none: no admin socket.
  const child: ChildProcess = spawn(
    VARNISHD,
    ["-F", "-j", "none", "-T", "none", "-n", dir, "-a", `127.0.0.1:${port}`, "-b", `${backend.hostname}:${backend.port}`, "-s", "malloc,64m"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/public/plans`);
      if (res.headers.get("via")?.includes("varnish")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`varnishd did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
