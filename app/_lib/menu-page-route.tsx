// The render targets of the menu pages (app/render/[v]/(menu) and (menu-language)): a menu, in its
// default language or another, plain or filtered (app/_components/menu-page.tsx).
import { MenuPage } from "@/app/_components/menu-page";
import { pageRoute } from "@/app/_lib/page-route";
import type { PageData } from "@/lib/pages/page-data";

function MenuRoutePage({ page }: { page: PageData }) {
  if (page.id !== "restaurant" && page.id !== "restaurantLanguage") throw new Error(`a menu route loaded a ${page.id} page`);
  return <MenuPage view={page.data} />;
}

export function menuPageRoute<P = object>(publicPath: (params: P) => string, options: { query?: readonly string[] } = {}) {
  return pageRoute<P>(MenuRoutePage, publicPath, options);
}
