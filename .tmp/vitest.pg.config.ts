import { defineConfig } from "vitest/config";
import path from "node:path";
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "..") } },
  test: { root: path.resolve(import.meta.dirname, ".."), include: ["tests/postgres/dish-scope.test.ts", "tests/postgres/migrations.test.ts"], testTimeout: 120_000, environment: "node" },
});
