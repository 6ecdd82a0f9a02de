// The fault stage of npm test: each file starts its own server(s) (tests/support/test-server.ts)
// with the settings it needs — a low throttle budget, a server to stop under load. Files run one
// after another: the machine's two cores are shared, and the load each test makes is small and
// bounded in time.
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/fault/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
