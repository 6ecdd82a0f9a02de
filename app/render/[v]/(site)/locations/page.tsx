// Internal render target of the public page /locations (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
import { publicPageRoute } from "@/app/_lib/public-page-route";

// Rendered on first request, then cached and regenerated at most every hour (ISR).
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

const route = publicPageRoute(() => "/locations");
export const generateMetadata = route.generateMetadata;
export default route.Page;
