// Internal render target of the 404 page (lib/pages/routes.ts internalRenderPath(null); served
// with status 404 by app/[[...path]]/route.ts). An ordinary page, not notFound(): Next.js answers
// notFound() with an empty "__next_error__" shell (no lang, no stylesheet, no text without
// JavaScript), while a page renders its HTML in full. The same for every path, so rendered once.
import type { Metadata } from "next";
import { NotFoundContent } from "@/app/_components/not-found-content";

export const revalidate = false;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = {
  title: "Page not found",
  description: "There is no published page at this address.",
  robots: { index: false, follow: true },
};

export default function MissingPage() {
  return <NotFoundContent />;
}
