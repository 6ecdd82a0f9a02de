// The run-modes stage of npm test: each file starts its own servers (tests/support/test-server.ts)
// in the mode it is about — several standalone instances behind a proxy, `next start`. Files run
// one after another: the machine's two cores are shared.
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/modes/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
