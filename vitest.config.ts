// Unit tests: pure modules, next to the code they test.
import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "tests/db/**/*.test.ts"],
    testTimeout: 30_000,
    // Two files at a time (vitest's default on two cores is one): tests/db waits on SQLite files.
    maxWorkers: 2,
    environment: "node",
  },
});
