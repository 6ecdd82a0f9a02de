// Internal render target of the public page /plans (see lib/pages/routes.ts: served by app/[[...path]]/route.ts).
import type { Metadata } from "next";
import { PublicPage } from "@/app/_components/public-page";
import { loadPublicPage, metadataOf } from "@/app/_lib/page-loader";

type Params = Promise<{ v: string }>;

// Rendered on first request, then cached and regenerated at most every hour (ISR).
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = await params;
  return metadataOf(await loadPublicPage(p.v, "/plans"));
}

export default async function Page({ params }: { params: Params }) {
  const p = await params;
  const { page, meta } = await loadPublicPage(p.v, "/plans");
  return <PublicPage page={page} meta={meta} />;
}
