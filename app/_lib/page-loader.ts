// The App Router side of the page data: one load per request (React cache() shares it between
// generateMetadata and the page), notFound()/permanentRedirect() for the two non-page outcomes,
// and the Next.js Metadata built from the same PageMeta the Markdown front matter uses.
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { loadPage, pageMeta, SITE_NAME, type PageData, type PageLoadResult, type PageMeta } from "@/lib/pages/page-data";
import { keptByIsr, matchPageRoute, renderKey } from "@/lib/pages/routes";
import { trackFreshness } from "@/lib/cache/freshness";
import { openGraphLocale } from "@/lib/seo/open-graph";
import type { MenuView } from "@/lib/pages/menu-view";
import { plainText } from "@/lib/text/plain-text";

export interface LoadedPage {
  page: PageData;
  meta: PageMeta;
}

/** The page data at a public path (and query) and whether it is a stale copy; shared per request. */
const loadAt = cache(async (key: string, publicPath: string, search: string) => {
  if (key !== renderKey()) notFound();
  const match = matchPageRoute(publicPath);
  if (!match) notFound();
  const { value: result, staleSince } = await trackFreshness(() => loadPage(match, new URLSearchParams(search)));
  return { match, result, staleSince };
});

/**
 * Loads the page shown at a public path (and query); 404s and redirects as Next.js does them.
 * `key` is the [v] segment of the internal render path: a render under another key (another
 * configuration's) is refused, so the render cache holds only this configuration's pages.
 */
export const loadPublicPage = cache(async (key: string, publicPath: string, search: string = ""): Promise<LoadedPage> => {
  const { match, result, staleSince } = await loadAt(key, publicPath, search);
  // A page ISR keeps, made from last good copies (the database failing after a purge), would be
  // kept as fresh long after the database is back: fail instead, so ISR keeps its previous copy and
  // renders again on the next request (lib/pages/html-page.ts serves its own copy meanwhile).
  if (staleSince !== null && !search && keptByIsr(match)) throw new Error(`${publicPath}: its data is a stale copy, not rendered for ISR to keep`);
  return pageOf(result);
});

/**
 * The menu a menu page's root layout frames (its language, its links), loaded without its filter
 * (a layout has no query; the data is the same menu). The ISR check is the page's to make.
 */
export async function loadMenuFrame(key: string, publicPath: string): Promise<MenuView> {
  const { page } = pageOf((await loadAt(key, publicPath, "")).result);
  if (page.id !== "restaurant" && page.id !== "restaurantLanguage") notFound();
  return page.data;
}

function pageOf(result: PageLoadResult): LoadedPage {
  if (result.kind === "not_found") notFound();
  if (result.kind === "redirect") permanentRedirect(result.location);
  return { page: result.page, meta: pageMeta(result.page, result.siteUpdated) };
}

export function metadataOf({ page, meta: pageMetaData }: LoadedPage): Metadata {
  const meta = htmlMeta(page, pageMetaData);
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
 * A menu's tab title and link preview in the menu's language ("Kappo Aoi – メニュー"); the
 * Markdown twin keeps its front matter's title as it is.
 */
function htmlMeta(page: PageData, meta: PageMeta): PageMeta {
  if (page.id !== "restaurant" && page.id !== "restaurantLanguage") return meta;
  // Plain text, as pageMeta makes it: no control characters or bidi overrides of the owner's name.
  const name = plainText(page.data.name);
  const { labels } = page.data;
  const image = meta.image && meta.image.alt !== name ? { ...meta.image, alt: `${name}: ${labels.menu}` } : meta.image;
  return { ...meta, title: `${name} – ${labels.menu}`, image };
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
