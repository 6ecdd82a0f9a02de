// npm run edge — the shipped edge (edge/nginx.conf.template, docs/edge.md) in the foreground, in front
// of a running server, without Docker:
//   EDGE_PORT      where the edge listens: a port, or address:port (default 8080, all addresses)
//   EDGE_UPSTREAM  the server it fronts: host:port (default 127.0.0.1:3000)
//   EDGE_NGINX     the nginx to run when none is on PATH (default /usr/sbin/nginx)
//   EDGE_TEMPLATE  a template of your own instead of edge/nginx.conf.template (other limits, TLS)
// The template is rendered into a fresh directory (nginx's prefix: pid, temp files and the cache),
// nginx runs unprivileged-capable with `daemon off`, logs to this process's stdout (access) and
// stderr (errors); SIGTERM/SIGINT become nginx's graceful stop (SIGQUIT); the exit code is nginx's;
// the directory is removed at exit.
import { spawn, spawnSync } from "node:child_process";
import { accessSync, chmodSync, constants, createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const fail = (line) => {
  process.stderr.write(`npm run edge: ${line}\n`);
  process.exit(1);
};

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;
const isPort = (p) => /^\d{1,5}$/.test(p) && Number(p) >= 1 && Number(p) <= 65535;

/** "8080" or "127.0.0.1:8080" → { host?, port }, or undefined. */
function parseListen(value) {
  if (isPort(value)) return { port: Number(value) };
  const at = value.lastIndexOf(":");
  const host = value.slice(0, at);
  const port = value.slice(at + 1);
  return at > 0 && HOST.test(host) && isPort(port) ? { host: host.replace(/^\[|\]$/g, ""), port: Number(port) } : undefined;
}

const edgePort = process.env.EDGE_PORT || "8080";
const edgeUpstream = process.env.EDGE_UPSTREAM || "127.0.0.1:3000";
const listen = parseListen(edgePort);
if (!listen) fail(`EDGE_PORT must be a port (1-65535) or address:port, e.g. 8080 or 127.0.0.1:8080; got ${JSON.stringify(edgePort)}`);
const upstream = parseListen(edgeUpstream);
if (!upstream?.host) fail(`EDGE_UPSTREAM must be host:port of the running server, e.g. 127.0.0.1:3000; got ${JSON.stringify(edgeUpstream)}`);

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
const nginx = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, "nginx")), process.env.EDGE_NGINX || "/usr/sbin/nginx"].find(executable);
if (!nginx) fail("nginx is not installed (Debian: apt-get install nginx)");

// The port, checked the way nginx will bind it, so a taken port is one line rather than nginx's
// five retries.
await new Promise((resolve) => {
  const probe = createServer();
  probe.once("error", (error) => fail(error.code === "EADDRINUSE" ? `port ${edgePort} is already in use (set EDGE_PORT)` : `cannot listen on ${edgePort}: ${error.message}`));
  probe.listen({ port: listen.port, host: listen.host ?? "0.0.0.0", exclusive: true }, () => probe.close(resolve));
});

const prefix = mkdtempSync(path.join(tmpdir(), "menu-edge-"));
// nginx started as root runs its workers as an unprivileged user: they must reach the temp and cache paths.
if (process.getuid?.() === 0) chmodSync(prefix, 0o755);
const conf = path.join(prefix, "nginx.conf");
// The envsubst of the official nginx image, for exactly these two names.
const values = { EDGE_PORT: edgePort, EDGE_UPSTREAM: edgeUpstream };
const template = process.env.EDGE_TEMPLATE || path.join(root, "edge/nginx.conf.template");
let text;
try {
  text = readFileSync(template, "utf8");
} catch (error) {
  fail(`cannot read EDGE_TEMPLATE ${template}: ${error.code ?? error.message}`);
}
text = text.replace(/\$\{(EDGE_PORT|EDGE_UPSTREAM)\}/g, (_, name) => values[name]);
// nginx cannot open /dev/stdout when it is a socket (as under a test runner or a supervisor): the
// access lines come through a FIFO in the prefix and are copied to this process's stdout.
const fifo = path.join(prefix, "access.fifo");
if (spawnSync("mkfifo", ["-m", "0600", fifo]).status === 0) {
  text = text.replace("access_log /dev/stdout", `access_log ${fifo}`);
  createReadStream(fifo).pipe(process.stdout);
} else {
  text = text.replace("access_log /dev/stdout", "access_log access.log");
}
writeFileSync(conf, text);

let cleaned = false;
const cleanUp = () => {
  if (cleaned) return;
  cleaned = true;
  rmSync(prefix, { recursive: true, force: true });
};
process.on("exit", cleanUp);

// -e stderr: nginx opens its compiled-in error log before reading the configuration otherwise.
const child = spawn(nginx, ["-p", `${prefix}/`, "-c", conf, "-e", "stderr", "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
child.on("error", (error) => fail(`could not run ${nginx}: ${error.message}`));
process.stderr.write(`npm run edge: nginx on ${edgePort} in front of ${edgeUpstream} (${nginx}, prefix ${prefix})\n`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // SIGQUIT: nginx's graceful stop (requests in flight finish); a fast stop if that takes too long.
    child.kill("SIGQUIT");
    setTimeout(() => child.kill("SIGTERM"), 15_000).unref();
  });
}

child.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 128 + ({ SIGTERM: 15, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9 }[signal] ?? 1) : 1));
});
