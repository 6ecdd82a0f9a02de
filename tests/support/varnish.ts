// A real shared cache in front of a test server: Debian's Varnish (varnishd), in the foreground on a
// loopback port, with its built-in VCL (it honours s-maxage, Vary and no-store, keys variants on the
// first line of a header, and appends the client's address to X-Forwarded-For). .ci/run installs it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startChild, stopChild } from "./start-child";

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
  const url = `http://127.0.0.1:${port}`;
  const { child } = await startChild(
    VARNISHD,
    ["-F", "-j", "none", "-T", "none", "-n", dir, "-a", `127.0.0.1:${port}`, "-b", `${backend.hostname}:${backend.port}`, "-s", "malloc,64m"],
    { name: "varnishd", timeoutMs: 20_000, intervalMs: 200, ready: async () => Boolean((await fetch(`${url}/api/public/plans`)).headers.get("via")?.includes("varnish")) },
  );
  return {
    url,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
