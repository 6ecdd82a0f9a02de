// GET /feeds/cities/{city}.atom – Atom feed of the restaurants published most recently in one city
import { serveAtomFeed } from "@/lib/feeds/serve-feed";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  // Not ".atom": no such feed, the same 404 as an unknown city.
  return serveAtomFeed(request, file.endsWith(".atom") ? file.slice(0, -".atom".length) : `${file}\u0000`);
}
