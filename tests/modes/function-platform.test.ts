// The path a function platform (Vercel-style) takes: the app has no listener of its own to fetch
// its page renders from, so it fetches them from the deployment's URL (VERCEL_URL), through the
// platform's front, which asks every caller without a visitor's login for one (Deployment
// Protection answers 401). Simulated for real: the app behind a Unix socket in a process with no
// TCP listener (tests/support/function-host.mjs), an https front in this process with a
// self-signed certificate the app is told to trust.
// - Without the platform's bypass secret the render is refused: the page is a clear 503 and the
//   log names VERCEL_AUTOMATION_BYPASS_SECRET (never a 404, never an empty page); the API works.
// - With it the page is served, the render having gone through the front with the secret.
// - A render refused later (a revoked secret) serves the last good copy, saying so.
import { spawnSync, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createServer, request as httpsRequest, type Server } from "node:https";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChild } from "../support/start-child";
import { ensureBuild, ROOT, stopChild } from "../support/test-server";

const SECRET = "bypass-secret-for-the-test";
const MENU = "/alpenstuebli-naegeli";

let dir: string;
let cert: string;
let front: Server;
let frontUrl: string;
let bypassAccepted = true;
const seenByFront: { path: string; visitor: boolean; bypass: boolean; status: number }[] = [];
let fn: { child: ChildProcess; output: () => string } | undefined;

/** A visitor's request through the front (with the login cookie the platform gave them). */
function visit(pathname: string, accept = "text/html"): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(frontUrl + pathname, { ca: cert, headers: { accept, cookie: "platform-session=visitor" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function startFunction(env: Record<string, string>): Promise<void> {
  const socket = path.join(dir, `fn-${Date.now()}.sock`);
  const { child, output } = await startChild(process.execPath, ["tests/support/function-host.mjs", socket], {
    name: "the function",
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `file:${path.join(dir, "menus.db")}`,
      // The function creates that file with the demo data (asked for: issue 46).
      SEED_DEMO_DATA: "true",
      PUBLIC_BASE_URL: frontUrl,
      VERCEL_URL: new URL(frontUrl).host,
      NODE_EXTRA_CA_CERTS: path.join(dir, "cert.pem"),
      SHUTDOWN_DELAY_MS: "0",
      MENU_CACHE_TTL_MS: "1000",
      ...env,
    },
    timeoutMs: 120_000,
    intervalMs: 200,
    ready: (printed) => printed.includes("function ready"),
  });
  fn = { child, output };
  socketPath = socket;
}

let socketPath = "";

/** Waits (up to 10 s) for the function's output to match; the assertion shows the output if not. */
async function outputMatching(pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!pattern.test(fn!.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(fn!.output()).toMatch(pattern);
}

beforeAll(async () => {
  ensureBuild();
  dir = mkdtempSync(path.join(tmpdir(), "menu-function-"));
  const made = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  cert = readFileSync(path.join(dir, "cert.pem"), "utf8");
  front = createServer({ key: readFileSync(path.join(dir, "key.pem")), cert }, (req, res) => {
    const visitor = /(?:^|;\s*)platform-session=visitor(?:;|$)/.test(req.headers.cookie ?? "");
    const bypass = bypassAccepted && req.headers["x-vercel-protection-bypass"] === SECRET;
    const record = { path: req.url ?? "", visitor, bypass, status: 0 };
    seenByFront.push(record);
    if (!visitor && !bypass) {
      record.status = 401;
      res.writeHead(401, { "content-type": "text/html" }).end("<!doctype html><h1>Log in to see this deployment</h1>");
      return;
    }
    const upstream = httpRequest({ socketPath, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      record.status = answer.statusCode ?? 0;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const address = front.address();
  if (!address || typeof address === "string") throw new Error("no front address");
  frontUrl = `https://127.0.0.1:${address.port}`;
}, 300_000);

afterAll(async () => {
  if (fn) await stopChild(fn.child);
  front?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("on a function platform behind Deployment Protection", () => {
  it("without the bypass secret: the render is refused, the page is a clear 503 naming the setting, the API serves", async () => {
    await startFunction({ VERCEL_AUTOMATION_BYPASS_SECRET: "" });
    const api = await visit(`/api/public/restaurants${MENU}`, "application/json");
    expect(api.status).toBe(200);
    const page = await visit(MENU);
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toMatch(/^\d+$/);
    expect(page.body).toContain("cannot be shown right now");
    expect(page.body).not.toMatch(/not found/i);
    // The render went to the deployment's URL, without a visitor's login, and the front refused it.
    const renders = seenByFront.filter((r) => r.path.startsWith("/render/"));
    expect(renders.length).toBeGreaterThan(0);
    expect(renders.every((r) => r.status === 401 && !r.visitor)).toBe(true);
    // The child logs after it has answered, so the line may reach this pipe a moment after the page.
    await outputMatching(/answered 401 .*VERCEL_AUTOMATION_BYPASS_SECRET/);
    await stopChild(fn!.child);
    fn = undefined;
  });

  it("with it: the page is served, its render fetched through the front with the secret", async () => {
    seenByFront.length = 0;
    await startFunction({ VERCEL_AUTOMATION_BYPASS_SECRET: SECRET });
    const page = await visit(MENU);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Alpenstübli");
    expect(page.headers["cache-status"]).toBeUndefined();
    const renders = seenByFront.filter((r) => r.path.startsWith("/render/"));
    expect(renders.length).toBeGreaterThan(0);
    expect(renders.every((r) => r.bypass && !r.visitor && r.status === 200)).toBe(true);
  });

  it("a render refused later (the secret revoked) serves the last good copy, saying so", async () => {
    bypassAccepted = false;
    // Past the page's in-process freshness (MENU_CACHE_TTL_MS=1000), within its last-good-copy time.
    await new Promise((r) => setTimeout(r, 1500));
    const page = await visit(MENU);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Alpenstübli");
    expect(String(page.headers["cache-status"])).toMatch(/detail="stale-if-error"/);
    expect(seenByFront.some((r) => r.path.startsWith("/render/") && r.status === 401)).toBe(true);
  });
});
