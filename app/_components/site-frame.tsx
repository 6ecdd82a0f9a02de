// The frame of every HTML page — <html lang>, skip link, site header and navigation, footer with
// attribution and the developer links — in the page's language (lib/i18n/site-labels.ts). Each
// root layout renders it: the site's pages in English, a menu in the menu's language. Free of
// data and absolute URLs, so the statically built pages never bake in a base URL or a database.
import type { ReactNode } from "react";
import { SITE_NAME } from "@/lib/pages/page-data";
import { siteLabels } from "@/lib/i18n/site-labels";

/** A label with {name} placeholders filled in with nodes (code fragments, links). */
function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(/\{(\w+)\}/).map((part, i) => (i % 2 === 1 ? <span key={i}>{values[part] ?? `{${part}}`}</span> : part));
}

export interface FrameLink {
  href: string;
  text: string;
  type?: string;
}

/**
 * `pageLinks`: the page's own representations for developers (a menu's JSON and Markdown),
 * listed first among the developer links. `menu`: a menu page, whose phone layout puts the site's
 * header after the menu (app/globals.css, issue 47.5).
 */
export function SiteFrame({ lang, pageLinks = [], menu = false, children }: { lang: string; pageLinks?: FrameLink[]; menu?: boolean; children: ReactNode }) {
  const t = siteLabels(lang);
  // The words are in t.lang (pt for pt-PT); the document in the page's own language.
  const wordsLang = t.lang === lang ? undefined : t.lang;
  return (
    <html lang={lang}>
      <body className={menu ? "menu-frame" : undefined}>
        <a className="skip-link" href="#main" lang={wordsLang}>
          {t.skipLink}
        </a>
        {/* No id="top": the "#top" links scroll to the document's top (HTML's own rule), wherever the header stands. */}
        <header className="site-header">
          <div className="wrap site-header-inner">
            <a className="brand" href="/" lang="en">
              {SITE_NAME}
            </a>
            <nav aria-label={t.siteNav} lang={wordsLang}>
              <ul className="site-nav">
                <li>
                  <a href="/search">{t.restaurants}</a>
                </li>
                <li>
                  <a href="/dishes">{t.dishes}</a>
                </li>
                <li>
                  <a href="/locations">{t.locations}</a>
                </li>
                <li>
                  <a href="/cuisines">{t.cuisines}</a>
                </li>
              </ul>
            </nav>
          </div>
        </header>
        {children}
        <footer className="site-footer" lang={wordsLang}>
          <div className="wrap">
            <p>
              {t.attribution} <a href="/developers#terms">{t.terms}</a>. {t.forOwners} <a href="/plans">{t.plans}</a>. {t.forDevelopers}{" "}
              <a href="/developers">{t.apiAndTools}</a>.
            </p>
            <details className="dev-links">
              <summary>{t.developerLinks}</summary>
              <p>
                {pageLinks.map((l) => (
                  <span key={l.href}>
                    <a href={l.href} type={l.type}>
                      {l.text}
                    </a>{" "}
                    ·{" "}
                  </span>
                ))}
                {fillNodes(t.markdownHint, { suffix: <code>.md</code>, header: <code>Accept: text/markdown</code> })} · <a href="/llms.txt">llms.txt</a> ·{" "}
                <a href="/llms-index.md">{t.markdownIndex}</a> · <a href="/sitemap.xml">{t.sitemap}</a> · <a href="/api/public">{t.jsonApi}</a>
              </p>
            </details>
          </div>
        </footer>
      </body>
    </html>
  );
}
