// GET /.well-known/ai-plugin.json – the plugin manifest: no auth, the API is described by /openapi.json
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { aiPluginManifest } from "@/lib/openapi/manifests";

// PUBLIC_BASE_URL is read at request time, so a deployment's URLs are never baked in at build time.
export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: (request) => jsonResponse(request, aiPluginManifest(), "directory"),
});
