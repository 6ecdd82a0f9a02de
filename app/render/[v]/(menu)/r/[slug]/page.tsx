// Internal render target of the public page /{slug} (a restaurant menu in its default language) (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
import { menuPageRoute } from "@/app/_lib/menu-page-route";

// Rendered on first request, then cached and regenerated every minute (ISR): the page carries the
// restaurant's open/closed line, so a copy is at most about a minute old (plus the 30 s in-process
// copy of lib/pages/html-page.ts) when traffic keeps it warm; the browser recomputes the line on
// load (app/_components/open-status.tsx) for older copies (ISR's first STALE answer, shared caches).
// An owner's change without a revalidation call is public well within the contract's 5 minutes.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

const route = menuPageRoute<{ slug: string }>((p) => `/${p.slug}`);
export const generateMetadata = route.generateMetadata;
export default route.Page;
