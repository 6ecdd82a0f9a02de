// GET /api/public/tools/wifi-qr – a guest Wi-Fi QR payload, image and connection instructions
import { apiRoute, jsonResponse } from "@/lib/http/api-route";
import { queryBoolean, queryText } from "@/lib/http/query-input";
import { generateWifiQr, type WifiQrInput } from "@/lib/tools/wifi-qr";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute({
  GET: async (request) => {
    const url = new URL(request.url);
    const input = {
      ssid: queryText(url, "ssid"),
      password: queryText(url, "password"),
      encryption: queryText(url, "encryption"),
      hidden: queryBoolean(url, "hidden"),
    };
    return jsonResponse(request, await generateWifiQr(input as WifiQrInput), "secret");
  },
});
