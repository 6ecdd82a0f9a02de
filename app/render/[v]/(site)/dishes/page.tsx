// Internal render target of the public page /dishes (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
// Rendered per request: it depends on the query; shared caches keep it 60 seconds.
import { publicPageRoute } from "@/app/_lib/public-page-route";
import { PAGE_ROUTES } from "@/lib/pages/routes";

export const dynamic = "force-dynamic";

const route = publicPageRoute(() => "/dishes", { query: PAGE_ROUTES.dishes.query });
export const generateMetadata = route.generateMetadata;
export default route.Page;
