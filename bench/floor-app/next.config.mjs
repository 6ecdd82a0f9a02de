// The benchmark's floor app (bench/run.mjs builds and starts it: `next build bench/floor-app`,
// `next start bench/floor-app`): the least Next.js does for a body of a given size, measured next
// to the service's endpoints. Nothing of the product: no middleware, no instrumentation, no
// settings. `next`, `react` and `react-dom` come from the repository's node_modules (Node's
// resolution walks up), so the root is the repository's: Turbopack and the file tracing see them.
import path from "node:path";

const repository = path.resolve(import.meta.dirname, "../..");

export default {
  poweredByHeader: false,
  reactStrictMode: true,
  // As the product is configured (next.config.ts): no in-memory ISR cache.
  cacheMaxMemorySize: 0,
  turbopack: { root: repository },
  outputFileTracingRoot: repository,
};
