// Root layout of the site's own pages (home, search, directory, plans, developers, 404): the
// frame in English, the site's language. Menus have theirs, in the menu's language.
import type { ReactNode } from "react";
import "@/app/globals.css";
import { SiteFrame } from "@/app/_components/site-frame";
import { SITE_METADATA, SITE_VIEWPORT } from "@/app/_lib/site-metadata";

export const metadata = SITE_METADATA;
export const viewport = SITE_VIEWPORT;

export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteFrame lang="en">{children}</SiteFrame>;
}
