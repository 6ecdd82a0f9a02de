// The run-modes stage of npm test: each file starts its own servers (tests/support/test-server.ts)
// in the mode it is about — several standalone instances behind a proxy, `next start`. Two files
// run at a time (below).
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/modes/**/*.test.ts"],
    environment: "node",
    // Two files at a time: most of a file is waiting (servers starting, deadlines running out,
    // databases stopped), and every load a test makes is bounded in count and time.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
