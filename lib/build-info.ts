// Which build is running: the package version and the commit it was built from, compiled in by
// next.config.ts (env) so the standalone output and container images, which have no .git, know
// them. Outside a Next.js build (scripts run with tsx) neither is compiled in: "dev".
export interface BuildInfo {
  version: string;
  commit: string;
}

export function buildInfo(): BuildInfo {
  // Build constants, not configuration: Next.js replaces these two expressions at build time.
  return { version: process.env.MENU_BUILD_VERSION ?? "dev", commit: process.env.MENU_BUILD_COMMIT ?? "dev" };
}
