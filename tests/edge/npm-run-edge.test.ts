// `npm run edge` (scripts/edge.mjs) as a user meets it: one clear line and exit 1 when nginx is
// missing, a value is bad or the port is taken; a graceful stop on SIGTERM that leaves no files.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createTcpServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEdge } from "../support/edge";
import { rawRequest } from "../support/raw-http";
import { freePort, ROOT } from "../support/test-server";

const emptyDir = mkdtempSync(path.join(tmpdir(), "no-nginx-"));
afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

/** scripts/edge.mjs with env, bounded to 15 s. */
function runEdge(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "scripts/edge.mjs")], { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8", timeout: 15_000 });
  return { status: result.status, stdout: result.stdout, stderrLines: result.stderr.split("\n").filter(Boolean) };
}

describe("npm run edge refuses to start with one clear line", () => {
  it("when nginx is neither on PATH nor at the fallback path", () => {
    const { status, stdout, stderrLines } = runEdge({ PATH: emptyDir, EDGE_NGINX: path.join(emptyDir, "nginx"), EDGE_PORT: "127.0.0.1:1" });
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderrLines).toEqual(["npm run edge: nginx is not installed (Debian: apt-get install nginx)"]);
  });

  it.each([
    [{ EDGE_PORT: "http://localhost:8080" }, /^npm run edge: EDGE_PORT must be/],
    [{ EDGE_PORT: "70000" }, /^npm run edge: EDGE_PORT must be/],
    [{ EDGE_UPSTREAM: "3000" }, /^npm run edge: EDGE_UPSTREAM must be/],
    [{ EDGE_UPSTREAM: "app:3000; include /etc/passwd" }, /^npm run edge: EDGE_UPSTREAM must be/],
  ])("on a bad value: %o", (env, line) => {
    const { status, stderrLines } = runEdge(env);
    expect(status).toBe(1);
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(line);
  });

  it("when the port is taken", async () => {
    const port = await freePort();
    const taken: Server = createTcpServer().listen(port, "127.0.0.1");
    await new Promise((r) => taken.once("listening", r));
    try {
      const { status, stderrLines } = await new Promise<{ status: number | null; stderrLines: string[] }>((resolve) => {
        const child = spawn(process.execPath, [path.join(ROOT, "scripts/edge.mjs")], { cwd: ROOT, env: { ...process.env, EDGE_PORT: `127.0.0.1:${port}` } });
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.on("exit", (code) => {
          clearTimeout(timer);
          resolve({ status: code, stderrLines: stderr.split("\n").filter(Boolean) });
        });
      });
      expect(status).toBe(1);
      expect(stderrLines).toEqual([`npm run edge: port 127.0.0.1:${port} is already in use (set EDGE_PORT)`]);
    } finally {
      taken.close();
    }
  });
});

describe("what the edge sends upstream", () => {
  it("its own X-Forwarded-For, -Proto, -Host and X-Request-Id, the first Accept line, no Upgrade, Accept-Encoding or client forwarding headers", async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    const upstream = createServer((req, res) => {
      seen = req.headers;
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Request-Id", String(req.headers["x-request-id"]));
      res.end("{}");
    });
    const upstreamPort = await freePort();
    await new Promise<void>((r) => upstream.listen(upstreamPort, "127.0.0.1", r));
    const edge = await startEdge(`http://127.0.0.1:${upstreamPort}`);
    try {
      const res = await rawRequest(edge.baseUrl, "GET /echo HTTP/1.1", [
        "Accept: text/markdown",
        "Accept: text/html",
        "Accept-Encoding: gzip, br",
        "Upgrade: websocket",
        "Connection: Upgrade",
        "X-Forwarded-For: 6.6.6.6",
        "X-Forwarded-Proto: https",
        "X-Forwarded-Host: evil.example",
        "Forwarded: for=6.6.6.6",
        "CF-Connecting-IP: 6.6.6.6",
        "X-Middleware-Subrequest: middleware",
        "X-Request-Id: mine",
      ], { localAddress: "127.0.0.90" });
      expect(res.status).toBe(200);
      expect(seen["x-forwarded-for"]).toBe("127.0.0.90");
      expect(seen["x-real-ip"]).toBe("127.0.0.90");
      expect(seen["x-forwarded-proto"]).toBe("http");
      expect(seen["x-forwarded-host"]).toBe("127.0.0.1");
      expect(seen.accept).toBe("text/markdown");
      for (const name of ["accept-encoding", "upgrade", "forwarded", "cf-connecting-ip", "x-middleware-subrequest"]) expect(seen[name], name).toBeUndefined();
      expect(String(seen.connection ?? "")).not.toMatch(/upgrade/i);
      expect(seen["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
      // the client gets the edge's id once, never its own
      expect(res.headers["x-request-id"]).toBe(seen["x-request-id"]);
    } finally {
      await edge.stop();
      upstream.close();
    }
  });
});

describe("an upstream that is not running", () => {
  it("is answered 503 service_unavailable in the API's JSON format, with Retry-After and no-store", async () => {
    const edge = await startEdge(`http://127.0.0.1:${await freePort()}`);
    try {
      const res = await fetch(`${edge.baseUrl}/api/public/plans`);
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(await res.json()).toMatchObject({ error: "service_unavailable", status: 503, documentation: `${edge.baseUrl}/api/public#errors` });
    } finally {
      await edge.stop();
    }
  });
});

describe("npm run edge runs and stops", () => {
  it("proxies to EDGE_UPSTREAM, and on SIGTERM stops gracefully with exit code 0, removing its directory", async () => {
    const upstream = createServer((_req, res) => {
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Cache-Control", "no-store");
      res.end('{"ok":true}');
    });
    const upstreamPort = await freePort();
    await new Promise<void>((r) => upstream.listen(upstreamPort, "127.0.0.1", r));
    try {
      const edge = await startEdge(`http://127.0.0.1:${upstreamPort}`);
      const res = await fetch(`${edge.baseUrl}/anything`);
      expect(await res.json()).toEqual({ ok: true });
      const prefix = /prefix (\S+)\)/.exec(edge.log())?.[1];
      expect(prefix && existsSync(prefix)).toBe(true);
      const exited = new Promise<number | null>((r) => edge.child.once("exit", (code) => r(code)));
      edge.child.kill("SIGTERM");
      expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r("hung"), 10_000))])).toBe(0);
      expect(existsSync(prefix!)).toBe(false);
      // the access line of the request came through to stdout
      expect(edge.log()).toMatch(/"GET \/anything HTTP\/1\.1" 200 /);
    } finally {
      upstream.close();
    }
  }, 30_000);
});
