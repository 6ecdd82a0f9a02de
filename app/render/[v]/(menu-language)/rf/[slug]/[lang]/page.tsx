// Internal render target of the public page /{slug}/{lang}?excludeAllergens=…&diet=…&hideUnavailable=true (a filtered menu in another language) (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
// Rendered per request: it depends on the query (the unfiltered menu is the ISR page /r/{slug}/{lang}).
import { menuPageRoute } from "@/app/_lib/menu-page-route";
import { PAGE_ROUTES } from "@/lib/pages/routes";

export const dynamic = "force-dynamic";

const route = menuPageRoute<{ slug: string; lang: string }>((p) => `/${p.slug}/${p.lang}`, { query: PAGE_ROUTES.restaurantLanguage.query });
export const generateMetadata = route.generateMetadata;
export default route.Page;
