// HTTP and MCP tests against the built app on a loopback port (see tests/support/test-server.ts).
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    // The PostgreSQL stage of npm test sets TEST_POSTGRES_URL: the same suites then run on PostgreSQL,
    // plus the checks that only make sense there.
    include: ["tests/http/**/*.test.ts", "tests/mcp/**/*.test.ts", ...(process.env.TEST_POSTGRES_URL ? ["tests/postgres/**/*.test.ts"] : [])],
    globalSetup: ["tests/support/global-setup.ts"],
    // Two files at a time (vitest's default on two cores is one): a file mostly waits for the
    // server, which runs in a process of its own.
    maxWorkers: 2,
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
