// The fault stage of npm test: each file starts its own server(s) (tests/support/test-server.ts)
// with the settings it needs — a low throttle budget, a server to stop under load. Two projects:
// "fault-loads", the files whose tests load the machine itself (floods of sockets, requests under
// SIGTERM, imports and backups under reads), and "fault", the files that mostly wait (for a
// database stopped and restarted, a throttle window, a cache). Each runs one file at a time;
// npm test runs the two projects side by side (scripts/test.mjs), so no load test shares the two
// cores with another load test. Run as one command, they run one after the other.
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const loads = ["tests/fault/edge-attacks.test.ts", "tests/fault/shutdown.test.ts", "tests/fault/backup-restore.test.ts", "tests/fault/import-while-reading.test.ts"];
const common = { environment: "node", testTimeout: 60_000, hookTimeout: 300_000 } as const;

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    projects: [
      {
        extends: true,
        test: { ...common, name: "fault", include: ["tests/fault/**/*.test.ts"], exclude: loads, maxWorkers: 1, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { ...common, name: "fault-loads", include: loads, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
