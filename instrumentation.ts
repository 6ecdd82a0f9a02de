// Next.js calls register() once as the server starts, before the first request (lib/server/start-up.ts:
// logs, metrics and traces first, then the rest of start-up), and onRequestError for an error
// Next.js caught while rendering or routing (lib/server/request-errors.ts: a log line and
// the error on the request's span).
import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./lib/server/start-up")).startUp();
}

export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  (await import("./lib/server/request-errors")).reportRequestError(error, request, context);
};
