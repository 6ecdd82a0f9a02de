import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { NextConfig } from "next";

// The running version, compiled in at build time (lib/build-info.ts): the package's version and
// the commit the build was made from, so the standalone output and a container image (neither has
// .git) still know it. SOURCE_COMMIT names it where the build has no .git (the Dockerfile's
// build argument); else git is asked.
function sourceCommit(): string {
  const given = process.env.SOURCE_COMMIT?.trim();
  if (given) return given;
  const git = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8" });
  return git.status === 0 && git.stdout.trim() ? git.stdout.trim() : "unknown";
}
const packageVersion: string = JSON.parse(readFileSync("package.json", "utf8")).version;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  pageExtensions: ["tsx", "ts"],
  reactStrictMode: true,
  // `node .next/standalone/server.js`: the container and platform way to run Next.js (Dockerfile).
  output: "standalone",
  // Files the server reads at run time that no import points to: it migrates the database and
  // loads the demo data when it starts (instrumentation.ts), in the standalone output as well.
  outputFileTracingIncludes: {
    "/*": [
      "./prisma/schema.prisma",
      "./prisma/migrations/**/*",
      "./prisma/postgresql/schema.prisma",
      "./prisma/postgresql/migrations/**/*",
      "./prisma/demo/**/*",
      "./node_modules/@prisma/schema-engine-wasm/**/*",
      // `node scripts/print-config.mjs` beside server.js: the effective configuration without
      // starting the server (the standalone server listens before any code of ours runs).
      "./scripts/print-config.mjs",
      "./lib/config-schema.mjs",
      "./lib/process-state.mjs",
      "./node_modules/zod/package.json",
      "./node_modules/zod/index.js",
      "./node_modules/zod/v4/**/*.js",
      "./node_modules/zod/v4/**/package.json",
    ],
    // The preview images' fonts (lib/og/preview-fonts.ts), read by subset as the text needs them:
    // the .woff files of the weights drawn and each package's unicode.json, not the rest of the
    // packages (woff2 and other weights): about 14 MB of the 220 MB they install.
    "/og/*": [
      "./node_modules/@fontsource/noto-sans/unicode.json",
      "./node_modules/@fontsource/noto-sans/files/*-{400,700}-normal.woff",
      "./node_modules/@fontsource/noto-sans-thai/unicode.json",
      "./node_modules/@fontsource/noto-sans-thai/files/*-{400,700}-normal.woff",
      "./node_modules/@fontsource/noto-sans-{jp,kr,sc}/unicode.json",
      "./node_modules/@fontsource/noto-sans-{jp,kr,sc}/files/*-400-normal.woff",
    ],
  },
  // /api/public/ is the API index, not a 308 to it: a redirect carries no CORS headers and no
  // JSON body (lib/http/api-route.ts answers both spellings the same).
  skipTrailingSlashRedirect: true,
  // app/global-not-found.tsx: the app has several root layouts (menus set <html lang> to theirs).
  experimental: { globalNotFound: true },
  // A secret made once per build and compiled into the server code (lib/build-secret.ts): the key
  // to the internal page renders and of search cursors, shared by every instance of the build,
  // with nothing to configure.
  env: { MENU_BUILD_SECRET: randomBytes(32).toString("base64url"), MENU_BUILD_VERSION: packageVersion, MENU_BUILD_COMMIT: sourceCommit() },
  // The native module stays outside the server bundle. (The schema engine's ESM glue is bundled;
  // lib/db/schema-engine.ts reads its .wasm from node_modules, included above.)
  // Observability libraries load from node_modules as they are (one copy per process, shared by
  // every bundle; the tracing SDK only when tracing is on): lib/observability.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "pino",
    "pino-pretty",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/resources",
    "@opentelemetry/semantic-conventions",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
    "@prisma/instrumentation",
    // The preview images' renderer: resvg is a native module, satori loads its layout engine as WebAssembly.
    "@resvg/resvg-js",
    "satori",
  ],
  // No in-memory ISR cache (default 50 MB of the 256 MB heap): the service's page-html cache
  // already keeps the finished renders within the one memory budget (lib/cache/memory-budget.ts),
  // and ISR serves its entries from disk on the misses.
  cacheMaxMemorySize: 0,
  // `npm test` type-checks the whole project (tsc --noEmit) as its first stage, and the Dockerfile
  // before its build; the build does not repeat it, so `npm start` on a fresh clone stays fast.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
