// Runs once when the Next.js server starts (every run mode: npm start, next start, standalone).
// The client-address tap stamps each request with its TCP peer for the throttle
// (lib/http/client-address-tap.mjs); Node's diagnostics channels exist only in the Node runtime.
// A malformed throttle setting stops the start here rather than failing every search later.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installClientAddressTap } = await import("./lib/http/client-address-tap.mjs");
  installClientAddressTap();
  const { checkThrottleSettings } = await import("./lib/http/rate-limit");
  try {
    checkThrottleSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
