import type { Metadata } from "next";
import type { ReactNode } from "react";
import { publicBaseUrl } from "@/lib/site-urls";

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(publicBaseUrl()),
    title: { default: "Menu Service", template: "%s · Menu Service" },
    description: "Restaurant menus with prices, allergens and dietary tags — for diners, developers and AI agents.",
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
