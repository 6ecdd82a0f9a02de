// Internal render target of the public page / (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
import { publicPageRoute } from "@/app/_lib/public-page-route";

// Rendered on first request, then cached and regenerated every 4 minutes (ISR): with the 30 s
// in-process caches of its data and of the finished page (lib/pages/html-page.ts), a change without
// a revalidation call is public within the contract's 5 minutes.
export const revalidate = 240;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

const route = publicPageRoute(() => "/");
export const generateMetadata = route.generateMetadata;
export default route.Page;
