// Next.js calls register() once as the server starts, before the first request (lib/server/start-up.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./lib/server/start-up")).startUp();
}
