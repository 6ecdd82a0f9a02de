// The page and metadata exports of an internal render target (app/render/[v]/**/page.tsx): every
// one loads the public page at a path built from its params and renders it with `Render`. Each
// file keeps only what Next.js needs to read as literals from the file itself (revalidate,
// dynamicParams). No page component is imported here: a route's client components are those of
// the `Render` it passes (a site page does not load the menu's islands, nor a menu the site's).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { loadPublicPage, metadataOf, searchString } from "@/app/_lib/page-loader";
import type { PageData, PageMeta } from "@/lib/pages/page-data";

type SearchParams = Record<string, string | string[] | undefined>;

interface RouteProps<P> {
  params: Promise<P & { v: string }>;
  searchParams: Promise<SearchParams>;
}

export type PageRender = (props: { page: PageData; meta: PageMeta }) => ReactNode;

/**
 * `publicPath` maps the route's params to the public path it renders. With `query` (the names of
 * the route table's entry), the page also reads those from the query string — which makes it
 * dynamic, so only the search pages and the filtered menus set it.
 */
export function pageRoute<P = object>(Render: PageRender, publicPath: (params: P) => string, options: { query?: readonly string[] } = {}) {
  async function load({ params, searchParams }: RouteProps<P>) {
    const p = await params;
    return loadPublicPage(p.v, publicPath(p), options.query ? searchString(await searchParams, options.query) : "");
  }
  return {
    async generateMetadata(props: RouteProps<P>): Promise<Metadata> {
      return metadataOf(await load(props));
    },
    async Page(props: RouteProps<P>) {
      const { page, meta } = await load(props);
      return <Render page={page} meta={meta} />;
    },
  };
}
