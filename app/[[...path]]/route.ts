// GET /{page} and /{page}.md – every public page, as HTML or as its Markdown twin
//
// One URL, two representations (contract section 4), chosen by the ".md" suffix or the Accept
// header. middleware.ts negotiates and answers 406 and both representations itself (through the
// same serveHtml and serveMarkdown); this handler answers what middleware leaves to it: the
// redirects (a default-language URL), whose absolute Location Next.js would make relative in
// middleware, and any page request middleware did not see. Being a route handler, its responses
// keep the headers Next.js drops on App Router pages — Vary: Accept and a Content-Security-Policy
// with the hashes of the page's own inline scripts. The HTML itself is rendered and cached (ISR)
// by the App Router under /render/{key} (lib/pages/routes.ts).
//
// More specific routes (/api/…, /llms.txt, /sitemap.xml, /.well-known/…, /render/…) and files in
// public/ take precedence over this optional catch-all.
import { servePage } from "@/lib/pages/serve-page";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return servePage(request);
}
