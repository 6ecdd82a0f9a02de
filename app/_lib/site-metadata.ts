// The metadata and viewport every root layout exports (app/render/[v]/(site) and the menu groups):
// the title template keeps the product name after each page's own title.
import type { Metadata, Viewport } from "next";
import { SITE_NAME, SITE_SUMMARY } from "@/lib/pages/page-data";

export const SITE_METADATA: Metadata = {
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_SUMMARY,
  icons: { icon: [{ url: "/favicon.svg", type: "image/svg+xml" }] },
  formatDetection: { telephone: false },
};

export const SITE_VIEWPORT: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#7a2e0e",
};
