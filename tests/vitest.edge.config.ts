// The edge stage of npm test: the shipped edge (npm run edge, nginx) in front of a server started as
// npm start starts it; attacks and cache checks through it. Each file starts its own server and
// edge; files run one after another (the two cores are shared), every load bounded in count and time.
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/edge/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
