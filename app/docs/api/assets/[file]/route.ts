// GET /docs/api/assets/{file} – Swagger UI's files and the reference's own script and stylesheet
import { ApiError } from "@/lib/http/api-errors";
import { apiRoute, cachedResponse } from "@/lib/http/api-route";
import { REFERENCE_ASSETS, referenceAsset } from "@/lib/openapi/reference-page";

// Served by the app itself (no CDN) from an allowlist: a file name not on it is not_found.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request, params) => {
    const asset = referenceAsset(String(params.file));
    if (!asset) throw new ApiError("not_found", `There is no reference asset "${String(params.file)}".`, { hint: `Assets: ${REFERENCE_ASSETS.join(", ")}.` });
    return cachedResponse(request, asset, "directory", { "X-Content-Type-Options": "nosniff" });
  },
});
