// GET /api/public/tools/review-qr – a venue's review link as a QR payload and image
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { queryText } from "@/lib/http/query-input";
import { generateReviewQr } from "@/lib/tools/review-qr";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const url = new URL(request.url);
    return jsonResponse(request, await generateReviewQr({ placeId: queryText(url, "placeId"), url: queryText(url, "url") }), "tool");
  },
});
