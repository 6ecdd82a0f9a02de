// The frame of every HTML page: skip link, site header and navigation, footer with attribution.
// Server-only and free of data and absolute URLs, so the statically built 404 page never bakes
// in a base URL or a database.
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import { ATTRIBUTION, SITE_NAME, SITE_SUMMARY } from "@/lib/pages/page-data";

export const metadata: Metadata = {
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_SUMMARY,
  icons: { icon: [{ url: "/favicon.svg", type: "image/svg+xml" }] },
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#7a2e0e",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header" id="top">
          <div className="wrap site-header-inner">
            <a className="brand" href="/">
              {SITE_NAME}
            </a>
            <nav aria-label="Site">
              <ul className="site-nav">
                <li>
                  <a href="/search">Restaurants</a>
                </li>
                <li>
                  <a href="/dishes">Dishes</a>
                </li>
                <li>
                  <a href="/locations">Locations</a>
                </li>
                <li>
                  <a href="/cuisines">Cuisines</a>
                </li>
              </ul>
            </nav>
          </div>
        </header>
        {children}
        <footer className="site-footer">
          <div className="wrap">
            <p>
              {ATTRIBUTION} <a href="/developers#terms">Terms of use</a>. For restaurant owners: <a href="/plans">Plans</a>. For developers:{" "}
              <a href="/developers">API and tools</a>.
            </p>
            <details className="dev-links">
              <summary>For developers and agents</summary>
              <p>
                Every page is also Markdown (append <code>.md</code> or send <code>Accept: text/markdown</code>) · <a href="/llms.txt">llms.txt</a> ·{" "}
                <a href="/llms-index.md">Markdown index</a> · <a href="/sitemap.xml">Sitemap</a> · <a href="/api/public">JSON API</a>
              </p>
            </details>
          </div>
        </footer>
      </body>
    </html>
  );
}
