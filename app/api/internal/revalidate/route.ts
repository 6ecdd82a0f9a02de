// POST /api/internal/revalidate – an owner's edit reaches the public: purges the in-process caches and Next's renders for one restaurant (or all)
//
// Not public: never listed in /api/public, /openapi.json or the llms files. Called by the owners'
// dashboard after it has saved a change, with the shared secret:
//   curl -X POST -H "Authorization: Bearer $REVALIDATE_SECRET" -H 'Content-Type: application/json' \
//        -d '{"slug":"zunfthaus-am-see"}' https://…/api/internal/revalidate
// {"all": true} instead of a slug purges everything (after a bulk import).
// Without REVALIDATE_SECRET the endpoint is off: every request gets the 404 of an unknown path.
import { z } from "zod";
import { revalidateEverything, revalidateRestaurant } from "@/lib/pages/revalidate-restaurant";
import { config } from "@/lib/config";
import { ApiError, errorBody } from "@/lib/http/api-errors";
import { apiRoute } from "@/lib/http/api-route";
import { bearerMatches } from "@/lib/http/bearer-auth";
import { CACHE_POLICIES } from "@/lib/http/cache-policy";
import { readJsonBody } from "@/lib/http/read-json-body";
import { unknownPathResponse } from "@/lib/api/unknown-path";
import { parseInput } from "@/lib/validation";
import { isInternalRenderRequest } from "@/lib/loopback";

export const dynamic = "force-dynamic";

function secret(): string | undefined {
  return config().REVALIDATE_SECRET;
}

/** 401 in the error format of the API (a code outside the public table: the public API has no credentials). */
function unauthorized(): Response {
  const base = errorBody(new ApiError("invalid_request", ""));
  const body = {
    ...base,
    error: "unauthorized",
    status: 401,
    message: "This endpoint needs the revalidation secret.",
    hint: "Send Authorization: Bearer <REVALIDATE_SECRET>.",
  };
  return new Response(JSON.stringify(body), {
    status: 401,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": CACHE_POLICIES.noStore,
      "WWW-Authenticate": 'Bearer realm="revalidate"',
      "Access-Control-Allow-Origin": "*",
    },
  });
}

const revalidateInput = z.union([
  z.strictObject({
    slug: z
      .string()
      .min(1, "is required")
      .max(80, "at most 80 characters")
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a restaurant slug: lower-case letters, digits and single hyphens"),
  }),
  z.strictObject({ all: z.literal(true) }),
]);

const route = apiRoute({
  POST: async (request) => {
    // The instance's own change watch (lib/cache/change-watch.ts) calls with the build's internal token.
    const internal = isInternalRenderRequest(request.headers);
    const expected = secret();
    if (!expected && !internal) return unknownPathResponse(request);
    if (!internal && !bearerMatches(request.headers.get("authorization"), expected!)) return unauthorized();
    const input = parseInput(revalidateInput, await readJsonBody(request));
    const result = "slug" in input ? await revalidateRestaurant(input.slug) : revalidateEverything();
    return new Response(JSON.stringify({ revalidated: true, ...result, at: new Date().toISOString() }), {
      status: 200,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": CACHE_POLICIES.noStore, "Access-Control-Allow-Origin": "*" },
    });
  },
});

/** Switched off (no secret): indistinguishable from a path that does not exist. */
type Context = { params: Promise<unknown> };
const gated = (handler: (request: Request, context: never) => Promise<Response>) => (request: Request, context: Context) =>
  secret() || isInternalRenderRequest(request.headers) ? handler(request, context as never) : Promise.resolve(unknownPathResponse(request));

export const POST = gated(route.POST);
export const GET = gated(route.GET);
export const HEAD = gated(route.HEAD);
export const PUT = gated(route.PUT);
export const PATCH = gated(route.PATCH);
export const DELETE = gated(route.DELETE);
export const OPTIONS = gated(route.OPTIONS);
