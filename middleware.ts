// Content negotiation for public pages (Markdown twins) lives here. The matcher keeps middleware
// off /api, /_next, static files and discovery files, so API requests never pay for it.
import { NextResponse, type NextRequest } from "next/server";

export function middleware(_request: NextRequest) {
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api/|api$|_next/|.*\\.[a-z0-9]+$).*)"],
};
