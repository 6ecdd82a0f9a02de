// Unit tests: pure modules, next to the code they test.
import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "tests/db/**/*.test.ts"],
    testTimeout: 30_000,
    environment: "node",
  },
});
