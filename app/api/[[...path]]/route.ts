// ANY /api/* – JSON not_found for every path under /api that no route serves
import { availableEndpoints } from "@/lib/api-catalog";
import { ApiError } from "@/lib/http/api-errors";
import { errorResponse } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

function notFound(request: Request): Response {
  const response = errorResponse(
    new ApiError("not_found", `There is no endpoint at ${new URL(request.url).pathname}.`, {
      extra: { availableEndpoints: availableEndpoints() },
    }),
  );
  return request.method === "HEAD" ? new Response(null, { status: 404, headers: response.headers }) : response;
}

export { notFound as GET, notFound as HEAD, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
