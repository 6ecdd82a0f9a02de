// The render targets of the site's pages (app/render/[v]/(site)): home, search, dishes, places,
// cuisines, plans, developers (app/_components/public-page.tsx). The menus have menuPageRoute.
import { PublicPage } from "@/app/_components/public-page";
import { pageRoute } from "@/app/_lib/page-route";

export function publicPageRoute<P = object>(publicPath: (params: P) => string, options: { query?: readonly string[] } = {}) {
  return pageRoute<P>(PublicPage, publicPath, options);
}
