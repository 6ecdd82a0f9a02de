// GET /openapi.json – the OpenAPI 3.1 description of the whole API, generated from the zod schemas
// the handlers run on, with examples made from real published data when it is served
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { loadOpenApiExamples, withExamples } from "@/lib/openapi/examples";

// The examples come from the database, so the document is built per request (ETag/304 and the
// 24-hour directory cache keep that cheap); the shape itself is generated once per process.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => jsonResponse(request, withExamples(buildOpenApiDocument(), await loadOpenApiExamples()), "directory"),
});
