// A real Prometheus server (Debian's `prometheus` package, installed by .ci/run) for a test:
// foreground, on loopback, with a temporary configuration and data directory, scraping the given
// targets every second. Never the system service.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startChild, stopChild } from "./start-child";

export interface Prometheus {
  url: string;
  /** the result vector of an instant PromQL query */
  query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  stop(): Promise<void>;
}

export function prometheusBinary(): string {
  const found = spawnSync("sh", ["-c", "command -v prometheus || ls /usr/bin/prometheus"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (!found) throw new Error("the prometheus binary is missing: apt-get install -y prometheus (CI: .ci/run installs it)");
  return found;
}

/** promtool, from the same Debian package: `promtool check metrics` validates an exposition. */
export function promtoolBinary(): string {
  const found = spawnSync("sh", ["-c", "command -v promtool || ls /usr/bin/promtool"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (!found) throw new Error("promtool is missing: apt-get install -y prometheus (CI: .ci/run installs it)");
  return found;
}

export async function startPrometheus(targets: string[]): Promise<Prometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), "menu-prometheus-"));
  const config = path.join(dir, "prometheus.yml");
  writeFileSync(
    config,
    ["global:", "  scrape_interval: 1s", "  evaluation_interval: 1s", "scrape_configs:", "  - job_name: menu-service", "    static_configs:", `      - targets: [${targets.map((t) => `"${t}"`).join(", ")}]`, ""].join("\n"),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child } = await startChild(prometheusBinary(), [`--config.file=${config}`, `--storage.tsdb.path=${path.join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`], {
    name: "prometheus",
    timeoutMs: 30_000,
    intervalMs: 250,
    keepOutput: 4000,
    ready: async () => (await fetch(`${url}/-/ready`)).ok,
  });
  return {
    url,
    async query(promql) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] }; error?: string };
      if (body.status !== "success") throw new Error(`PromQL ${promql}: ${body.error}`);
      return body.data.result;
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
