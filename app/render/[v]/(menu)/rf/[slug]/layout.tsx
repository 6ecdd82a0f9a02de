// Root layout of the filtered menu page /{slug}?…: the frame in the menu's language (app/_lib/menu-layout.tsx).
import "@/app/globals.css";
import { menuLayout } from "@/app/_lib/menu-layout";
import { SITE_METADATA, SITE_VIEWPORT } from "@/app/_lib/site-metadata";

export const metadata = SITE_METADATA;
export const viewport = SITE_VIEWPORT;

export default menuLayout<{ slug: string }>((p) => `/${p.slug}`);
