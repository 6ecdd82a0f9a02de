import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native and WASM modules stay outside the server bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/schema-engine-wasm"],
  // No in-memory ISR cache (default 50 MB of the 256 MB heap): the service's page-html cache
  // already keeps the finished renders within the one memory budget (lib/cache/memory-budget.ts),
  // and ISR serves its entries from disk on the misses.
  cacheMaxMemorySize: 0,
  // `npm test` type-checks the whole project (tsc --noEmit) as its first stage; the build does
  // not repeat it, so `npm start` on a fresh clone stays fast.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
