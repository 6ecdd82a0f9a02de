// Nothing to set up. The file is here so that Turbopack, whose root is the repository's
// (next.config.mjs), takes this one and not the service's instrumentation.ts two levels up.
export function register() {}
