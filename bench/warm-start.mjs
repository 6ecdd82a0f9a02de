// node bench/warm-start.mjs [runs] — how long a warm `npm start` takes to answer (issue 46.17):
// starts npm start's own command (node with its heap options, scripts/start.mjs) on PORT (3101 by
// default) against the build and database already there, polls /api/health, and prints the wall
// time to the first 200 and the CPU time the process had used by then (/proc/<pid>/stat, Linux),
// which a busy machine does not inflate. Build first (npm run build) and start once, so both exist.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.argv[2] ?? 3);
const port = process.env.PORT ?? "3101";
const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.start;
const args = script.replace(/^exec\s+node\s+/, "").split(/\s+/);

for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, PORT: port, HOSTNAME: "127.0.0.1", LOG_FORMAT: "json" }, stdio: "ignore" });
  let wall;
  while (wall === undefined) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.arrayBuffer();
      if (res.ok) wall = Date.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
  const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
  console.log(`run ${i}: first answer after ${wall} ms wall, ${cpuMs} ms CPU (load average ${load})`);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}
