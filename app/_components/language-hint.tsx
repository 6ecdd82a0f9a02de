"use client";
// "Diese Speisekarte auf Deutsch": on a menu's bare URL (its default language), a one-tap link to
// the menu in the visitor's language when the menu has it. Computed here from navigator.languages,
// not on the server from Accept-Language: the cached page (ISR, shared caches) stays one copy for
// everybody — no Vary: Accept-Language, which would split every cache per header spelling — and the
// address is never redirected (the canonical URL stays). It takes the place of the language
// switcher (its children) at the switcher's height until dismissed: it covers nothing, and its
// appearing after load moves nothing on the page.
import { useEffect, useRef, useState, type ReactNode } from "react";

export interface LanguageOffer {
  code: string;
  /** the menu in that language (site-relative) */
  url: string;
  /** "Diese Speisekarte auf Deutsch", in that language */
  text: string;
  /** "Schließen", in that language */
  close: string;
}

const base = (code: string) => code.toLowerCase().split("-")[0];

/** The first of the visitor's languages the page or an offer speaks: the offer, or null when the page comes first. */
export function offerFor(preferred: readonly string[], current: string, offers: readonly LanguageOffer[]): LanguageOffer | null {
  for (const wanted of preferred) {
    if (base(wanted) === base(current)) return null;
    const match = offers.find((o) => o.code.toLowerCase() === wanted.toLowerCase()) ?? offers.find((o) => base(o.code) === base(wanted));
    if (match) return match;
  }
  return null;
}

export function LanguageHint({ current, offers, children }: { current: string; offers: LanguageOffer[]; children: ReactNode }) {
  const [offer, setOffer] = useState<(LanguageOffer & { href: string; height: number }) | null>(null);
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const found = offerFor(navigator.languages?.length ? navigator.languages : [navigator.language], current, offers);
    // The filter in the address goes along, as on the language switcher.
    if (found) setOffer({ ...found, href: found.url + window.location.search, height: slot.current?.offsetHeight ?? 0 });
  }, [current, offers]);
  return (
    <>
      {offer && (
        <p className="language-hint" lang={offer.code} style={{ minHeight: offer.height }}>
          <a href={offer.href} hrefLang={offer.code}>
            {offer.text}
          </a>
          <button type="button" className="language-hint-close" aria-label={offer.close} onClick={() => setOffer(null)}>
            <span aria-hidden="true">×</span>
          </button>
        </p>
      )}
      <div ref={slot} className="language-hint-slot" hidden={offer !== null}>
        {children}
      </div>
    </>
  );
}
