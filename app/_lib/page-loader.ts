// The App Router side of the page data: one load per request (React cache() shares it between
// generateMetadata and the page), notFound()/permanentRedirect() for the two non-page outcomes,
// and the Next.js Metadata built from the same PageMeta the Markdown front matter uses.
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { loadPage, pageMeta, SITE_NAME, type PageData, type PageMeta } from "@/lib/pages/page-data";
import { keptByIsr, matchPageRoute, renderKey } from "@/lib/pages/routes";
import { trackFreshness } from "@/lib/cache/freshness";
import { openGraphLocale } from "@/lib/seo/open-graph";

export interface LoadedPage {
  page: PageData;
  meta: PageMeta;
}

/**
 * Loads the page shown at a public path (and query); 404s and redirects as Next.js does them.
 * `key` is the [v] segment of the internal render path: a render under another key (another
 * configuration's) is refused, so the render cache holds only this configuration's pages.
 */
export const loadPublicPage = cache(async (key: string, publicPath: string, search: string = ""): Promise<LoadedPage> => {
  if (key !== renderKey()) notFound();
  const match = matchPageRoute(publicPath);
  if (!match) notFound();
  const { value: result, staleSince } = await trackFreshness(() => loadPage(match, new URLSearchParams(search)));
  // A page ISR keeps, made from last good copies (the database failing after a purge), would be
  // kept as fresh long after the database is back: fail instead, so ISR keeps its previous copy and
  // renders again on the next request (lib/pages/html-page.ts serves its own copy meanwhile).
  if (staleSince !== null && !search && keptByIsr(match)) throw new Error(`${publicPath}: its data is a stale copy, not rendered for ISR to keep`);
  if (result.kind === "not_found") notFound();
  if (result.kind === "redirect") permanentRedirect(result.location);
  return { page: result.page, meta: pageMeta(result.page, result.siteUpdated) };
});

export function metadataOf({ meta }: LoadedPage): Metadata {
  return {
    title: meta.title,
    description: meta.description,
    alternates: {
      canonical: meta.canonical,
      languages: meta.alternates,
      types: { "text/markdown": meta.markdownUrl },
    },
    openGraph: {
      title: meta.title,
      description: meta.description,
      url: meta.canonical,
      siteName: SITE_NAME,
      type: "website",
      locale: meta.ogLocale ?? openGraphLocale(meta.language),
      alternateLocale: meta.ogLocaleAlternates,
      images: meta.image ? [{ url: meta.image.url, alt: meta.image.alt }] : undefined,
    },
    twitter: meta.image
      ? { card: "summary_large_image", title: meta.title, description: meta.description, images: [{ url: meta.image.url, alt: meta.image.alt }] }
      : { card: "summary", title: meta.title, description: meta.description },
  };
}

/**
 * Query string of a search page from Next's searchParams: the route's own parameters, first value
 * (the public handler has already joined checkbox lists; see keptQuery in lib/pages/routes.ts).
 */
export function searchString(searchParams: Record<string, string | string[] | undefined>, names: readonly string[]): string {
  const params = new URLSearchParams();
  for (const name of names) {
    const v = searchParams[name];
    const value = Array.isArray(v) ? v[0] : v;
    if (value) params.set(name, value);
  }
  return params.toString();
}
