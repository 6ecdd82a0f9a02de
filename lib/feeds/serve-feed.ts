// HTTP for the Atom feeds: ETag/304, the menu cache policy (they list menus), 404 in the API's
// error format for a city without one.
import { cachedResponse, errorResponse } from "../http/api-route";
import { TEXT_SECURITY_HEADERS } from "../pages/security-headers";
import { newlyPublishedAtom } from "./newly-published";
import { watchChanges } from "../cache/change-watch";

export async function serveAtomFeed(request: Request, citySlug?: string): Promise<Response> {
  try {
    await watchChanges(request.url);
    const body = await newlyPublishedAtom(citySlug);
    return cachedResponse(request, { body, contentType: "application/atom+xml; charset=utf-8" }, "menu", { ...TEXT_SECURITY_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}
