// Internal render target of the public page /locations/{country} (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
import type { Metadata } from "next";
import { PublicPage } from "@/app/_components/public-page";
import { loadPublicPage, metadataOf } from "@/app/_lib/page-loader";

type Params = Promise<{ v: string; country: string }>;

// Rendered on first request, then cached and regenerated every 4 minutes (ISR): with the 30 s
// in-process caches of its data and of the finished page (lib/pages/serve.ts), a change without
// a revalidation call is public within the contract's 5 minutes.
export const revalidate = 240;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = await params;
  return metadataOf(await loadPublicPage(p.v, `/locations/${p.country}`));
}

export default async function Page({ params }: { params: Params }) {
  const p = await params;
  const { page, meta } = await loadPublicPage(p.v, `/locations/${p.country}`);
  return <PublicPage page={page} meta={meta} />;
}
