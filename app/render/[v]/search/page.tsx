// Internal render target of the public page /search (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
// Rendered per request: it depends on the query; shared caches keep it 60 seconds.
import type { Metadata } from "next";
import { PublicPage } from "@/app/_components/public-page";
import { loadPublicPage, metadataOf, searchString } from "@/app/_lib/page-loader";

export const dynamic = "force-dynamic";

type Params = Promise<{ v: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: SearchParams }): Promise<Metadata> {
  const p = await params;
  return metadataOf(await loadPublicPage(p.v, "/search", searchString(await searchParams)));
}

export default async function Page({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const p = await params;
  const { page, meta } = await loadPublicPage(p.v, "/search", searchString(await searchParams));
  return <PublicPage page={page} meta={meta} />;
}
