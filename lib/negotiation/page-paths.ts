// Which request paths are candidates for page negotiation. Pure; used by middleware.ts (whose
// matcher encodes the same rules as a pattern) and tested on its own.

/** Discovery files: served by their own route handlers, never negotiated. */
export const DISCOVERY_PATHS = [
  "/llms.txt",
  "/llms-full.txt",
  "/llms-index.md",
  "/sitemap.xml",
  "/robots.txt",
  "/openapi.json",
] as const;

/** Paths that are never pages: the API, Next's assets, discovery files and static files. */
export function isNeverAPage(pathname: string): boolean {
  if (pathname === "/api" || pathname.startsWith("/api/") || pathname.startsWith("/_next/") || pathname.startsWith("/.well-known/")) return true;
  if ((DISCOVERY_PATHS as readonly string[]).includes(pathname)) return true;
  // Any file with an extension other than .md (".md" is the Markdown twin of a page).
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  return dot > 0 && last.slice(dot) !== ".md";
}
