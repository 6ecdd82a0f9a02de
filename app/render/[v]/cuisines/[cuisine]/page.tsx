// Internal render target of the public page /cuisines/{cuisine} (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
import type { Metadata } from "next";
import { PublicPage } from "@/app/_components/public-page";
import { loadPublicPage, metadataOf } from "@/app/_lib/page-loader";

type Params = Promise<{ v: string; cuisine: string }>;

// Rendered on first request, then cached and regenerated at most every 5 minutes (ISR).
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = await params;
  return metadataOf(await loadPublicPage(p.v, `/cuisines/${p.cuisine}`));
}

export default async function Page({ params }: { params: Params }) {
  const p = await params;
  const { page, meta } = await loadPublicPage(p.v, `/cuisines/${p.cuisine}`);
  return <PublicPage page={page} meta={meta} />;
}
