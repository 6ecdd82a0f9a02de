// The root layout of the menu pages (app/render/[v]/(menu) and (menu-language)): the site's frame
// in the menu's language — <html lang>, header, footer — with the menu's JSON and Markdown among
// the developer links. A root layout of its own because only a root layout renders <html>.
import type { ReactNode } from "react";
import { OfflineCopy } from "@/app/_components/offline-copy";
import { SiteFrame } from "@/app/_components/site-frame";
import { rel } from "@/lib/site-urls";
import { loadMenuFrame } from "@/app/_lib/page-loader";
import { offlineLabels } from "@/lib/i18n/offline-labels";
import { siteLabels } from "@/lib/i18n/site-labels";

interface LayoutProps<P> {
  children: ReactNode;
  params: Promise<P & { v: string }>;
}

/** `publicPath` maps the layout's params to the menu's public path (as menuPageRoute does). */
export function menuLayout<P>(publicPath: (params: P) => string) {
  return async function MenuLayout({ children, params }: LayoutProps<P>) {
    const p = await params;
    const view = await loadMenuFrame(p.v, publicPath(p));
    const t = siteLabels(view.lang);
    return (
      <SiteFrame
        lang={view.lang}
        menu
        pageLinks={[
          { href: `/api/public/restaurants/${encodeURIComponent(view.slug)}`, text: t.menuAsJson, type: "application/json" },
          { href: rel(view.markdownUrl), text: t.pageAsMarkdown, type: "text/markdown" },
        ]}
      >
        <OfflineCopy lang={view.lang} labels={offlineLabels(view.lang)} />
        {children}
      </SiteFrame>
    );
  };
}
