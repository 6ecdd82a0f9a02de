// The route pattern of a request path, for log lines and metric labels: "/api/public/restaurants/[slug]"
// for "/api/public/restaurants/casa-mia", "/[slug]" for a menu page. Patterns only, never raw paths:
// a metric label takes one of the few dozen values below whatever clients send, so its series stay
// bounded. API paths come from the registry (lib/api/operations.ts), pages from the page route table
// (lib/pages/routes.ts); the rest mirror app/.
import { API_OPERATIONS } from "../api/operations";
import { matchPageRoute } from "../pages/routes";

/** The API's patterns in app/'s spelling ("{slug}" → "[slug]"). */
const API_PATTERNS = API_OPERATIONS.map((op) => op.path.replace(/\{(\w+)\}/g, "[$1]"));

/** Route handlers of app/ with fixed paths, and their parameterised siblings (one last segment each). */
const FIXED = new Set([
  ...API_PATTERNS.filter((p) => !p.includes("[")),
  "/api/internal/revalidate",
  "/.well-known/agent-card.json",
  "/.well-known/agent.json",
  "/.well-known/ai-plugin.json",
  "/.well-known/mcp.json",
  "/.well-known/security.txt",
  "/docs/api",
  "/llms.txt",
  "/llms-full.txt",
  "/llms-index.md",
  "/openapi.json",
  "/robots.txt",
  "/sitemap.xml",
  "/favicon.svg",
  "/feeds/restaurants.atom",
]);

const ONE_PARAMETER: [prefix: string, pattern: string][] = [
  ...API_PATTERNS.filter((p) => p.includes("[")).map((p): [string, string] => [p.slice(0, p.indexOf("[")), p]),
  ["/docs/api/assets/", "/docs/api/assets/[file]"],
  ["/feeds/cities/", "/feeds/cities/[file]"],
  ["/sitemaps/", "/sitemaps/[file]"],
  ["/og/", "/og/[file]"],
];

/** What a path that no route serves is counted as. */
export const UNMATCHED = "(unmatched)";

/** The route pattern of a request path (no query string; percent-encoded as received). */
export function routePattern(path: string): string {
  const clean = path.length > 1 ? path.replace(/\/{2,}/g, "/").replace(/\/+$/, "") : path;
  if (FIXED.has(clean)) return clean;
  for (const [prefix, pattern] of ONE_PARAMETER) {
    if (clean.startsWith(prefix) && clean.length > prefix.length && !clean.slice(prefix.length).includes("/")) return pattern;
  }
  if (clean.startsWith("/_next/static/")) return "/_next/static/[...]";
  if (clean.startsWith("/_next/")) return "/_next/[...]";
  if (clean === "/render" || clean.startsWith("/render/")) return "/render/[...]";
  if (clean.startsWith("/demo/")) return "/demo/[...]";
  if (clean === "/api" || clean.startsWith("/api/")) return "/api/[[...path]]";
  const markdown = clean.endsWith(".md");
  const page = matchPageRoute(markdown ? (clean === "/index.md" ? "/" : clean.slice(0, -3)) : clean);
  if (page) {
    const pattern = page.route.pattern.replace(/:([a-z]+)/gi, "[$1]");
    return markdown ? `${pattern === "/" ? "/index" : pattern}.md` : pattern;
  }
  return UNMATCHED;
}

/** The path of a request target without its query string and fragment: what the access log records. */
export function loggedPath(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  // A path is bounded by Node's header limit; a log line need not carry all of it.
  return path.length > 512 ? `${path.slice(0, 512)}…` : path;
}
