// The answer for a path under /api that has no endpoint: also what the switched-off internal
// endpoints (revalidation without its secret, the benchmark floor outside benchmarks) answer, so
// they cannot be told apart from nothing at all.
import { availableEndpoints } from "./api-index";
import { ApiError } from "../http/api-errors";
import { errorResponse } from "../http/api-route";

export function unknownPathResponse(request: Request): Response {
  const response = errorResponse(
    new ApiError("not_found", `There is no endpoint at ${new URL(request.url).pathname}.`, { extra: { availableEndpoints: availableEndpoints() } }),
  );
  return request.method === "HEAD" ? new Response(null, { status: 404, headers: response.headers }) : response;
}
