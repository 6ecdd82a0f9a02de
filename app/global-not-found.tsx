// Next.js' own 404 (a path the App Router cannot match). The app has several root layouts (the
// site's in English, the menus' in the menu's language), so this page brings its own frame.
// Public 404s are rendered from app/render/[v]/(site)/missing, a plain page, because Next.js sends
// the not-found boundary of a notFound() call as an empty error shell whose text exists only in
// the client payload.
import "./globals.css";
import { NotFoundContent } from "@/app/_components/not-found-content";
import { SiteFrame } from "@/app/_components/site-frame";
import { SITE_METADATA, SITE_VIEWPORT } from "@/app/_lib/site-metadata";

export const metadata = { ...SITE_METADATA, title: "Page not found" };
export const viewport = SITE_VIEWPORT;

export default function GlobalNotFound() {
  return (
    <SiteFrame lang="en">
      <NotFoundContent />
    </SiteFrame>
  );
}
