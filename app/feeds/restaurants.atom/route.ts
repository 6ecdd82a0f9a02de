// GET /feeds/restaurants.atom – Atom feed of the restaurants published most recently, service-wide
import { serveAtomFeed } from "@/lib/feeds/serve-feed";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveAtomFeed(request);
}
