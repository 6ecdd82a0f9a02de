"use client";
// "Diese Speisekarte auf Deutsch": on a menu's bare URL (its default language), a one-tap link to
// the menu in the visitor's language when the menu has it. Computed here from navigator.languages,
// not on the server from Accept-Language: the cached page (ISR, shared caches) stays one copy for
// everybody — no Vary: Accept-Language, which would split every cache per header spelling — and the
// address is never redirected (the canonical URL stays). A fixed bar at the bottom, so that it
// appearing after load moves nothing on the page.
import { useEffect, useState } from "react";

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

export function LanguageHint({ current, offers }: { current: string; offers: LanguageOffer[] }) {
  const [offer, setOffer] = useState<(LanguageOffer & { href: string }) | null>(null);
  useEffect(() => {
    const found = offerFor(navigator.languages?.length ? navigator.languages : [navigator.language], current, offers);
    // The filter in the address goes along, as on the language switcher.
    if (found) setOffer({ ...found, href: found.url + window.location.search });
  }, [current, offers]);
  if (!offer) return null;
  return (
    <p className="language-hint" lang={offer.code}>
      <a href={offer.href} hrefLang={offer.code}>
        {offer.text}
      </a>
      <button type="button" className="language-hint-close" aria-label={offer.close} onClick={() => setOffer(null)}>
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
