// HTTP and MCP tests against the built app on a loopback port (see tests/support/test-server.ts).
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/http/**/*.test.ts", "tests/mcp/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
