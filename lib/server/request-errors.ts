// What instrumentation.ts's onRequestError reports: an error Next.js caught while it routed or
// rendered a request (a page render that threw, a route handler's uncaught error). One error line
// with its cause and where it happened, and the error on the request's span when tracing is on.
import { log } from "../observability/logger";
import { loggedPath } from "./route-pattern";
import { tracing } from "../observability/trace-hooks";

export interface RequestErrorContext {
  routerKind: string;
  routePath: string;
  routeType: string;
  renderSource?: string;
}

export function reportRequestError(error: unknown, request: { path: string; method: string }, context: RequestErrorContext): void {
  log().error(
    {
      err: error,
      method: request.method,
      path: loggedPath(request.path),
      next_route: context.routePath,
      route_type: context.routeType,
      ...(context.renderSource ? { render_source: context.renderSource } : {}),
    },
    "request failed in Next.js",
  );
  tracing()?.recordError(error);
}
