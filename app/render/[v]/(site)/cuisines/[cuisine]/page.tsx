// Internal render target of the public page /cuisines/{cuisine} (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
import { publicPageRoute } from "@/app/_lib/public-page-route";

// Rendered on first request, then cached and regenerated every minute (ISR): its restaurant cards
// carry an open/closed line (lib/pages/listing-facts.ts), so a copy is about a minute old at most
// (plus the 30 s in-process copy of lib/pages/html-page.ts) while traffic keeps it warm.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

const route = publicPageRoute<{ cuisine: string }>((p) => `/cuisines/${p.cuisine}`);
export const generateMetadata = route.generateMetadata;
export default route.Page;
