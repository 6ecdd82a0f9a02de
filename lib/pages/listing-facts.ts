// What a listing card (home, country, city, cuisine, search) shows to choose by, beside the search
// result: open now in the restaurant's own time (openStatusView: the menu page's line, from
// openState, the function of the openNow/openAt searches), a price indication and the banner as
// its photo. Server-rendered: listing pages are regenerated every minute, like menu pages.
//
// The price indication is the middle half of the menu's prices: the dishes on sale in visible
// sections, base prices (variants aside), from the lower to the upper quartile, in whole units of
// the restaurant's currency ("Most dishes €8–€16"). Unlike a min–max range, one bottle of wine or
// one side of bread does not stretch it; unlike a "€€" level, it needs no table of what is cheap
// in each currency.
import { findListingFacts } from "../data/restaurant-queries";
import { LogBudget } from "../observability/log-budget";
import { log } from "../observability/logger";
import { menuLabels } from "../i18n/menu-labels";
import { cityName, type Named } from "../i18n/place-names";
import { serializeListingFacts, type PublicSearchResult } from "../serializers";
import { openStatusView } from "./menu-view";

/** The language of the listing pages' own words (cards, headings, their Markdown twins). */
export const LISTING_LANGUAGE = "en";

export interface CardFacts {
  /** `asOf`: the restaurant's local time the line was computed at ("HH:MM"; the Markdown twin says so) */
  status: { open: boolean; text: string; asOf: string } | null;
  /** "Most dishes €8–€16"; null without prices */
  prices: string | null;
  /** absolute URL of the banner, when the restaurant has one */
  photo: string | null;
  /** the city in the listing's language, found by its slug (lib/i18n/place-names.ts) */
  city: Named | null;
}

/**
 * Where a listed restaurant is, in the listing's language: what the card's line and its Markdown
 * line both show. The city by the facts' slug when they loaded, else by the result's name.
 */
export function cardPlace(r: Pick<PublicSearchResult, "cuisine" | "city" | "country">, facts?: CardFacts): { cuisine: string | null; city: Named | null; country: string | null } {
  return { cuisine: r.cuisine, city: facts?.city ?? (r.city ? cityName(r.city, LISTING_LANGUAGE) : null), country: r.country };
}

/** The lower and upper quartile of the prices (nearest rank), or null without prices. */
export function middleHalf(prices: readonly number[]): { low: number; high: number } | null {
  const sorted = prices.filter((p) => Number.isFinite(p) && p > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
  return { low: at(0.25), high: at(0.75) };
}

/** The price indication in words, in English like the listing pages. */
export function priceIndication(prices: readonly number[], currency: string): string | null {
  const range = middleHalf(prices);
  if (!range) return null;
  let format: (n: number) => string;
  try {
    const f = new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
    format = (n) => f.format(n);
  } catch {
    format = (n) => `${n} ${currency}`;
  }
  const low = format(Math.floor(range.low));
  const high = format(Math.ceil(range.high));
  return low === high ? `Most dishes about ${low}` : `Most dishes ${low}–${high}`;
}

/** Every listing page fails its facts while the database is down: ten lines a minute say so. */
const factsFailureLog = new LogBudget(10);

/** The facts of each listed restaurant, by slug, at `now`. One query for the whole listing. */
export async function loadCardFacts(slugs: readonly string[], now: Date = new Date()): Promise<Record<string, CardFacts>> {
  // The cards' facts are extras: when the database fails, a listing served from its last good
  // copy shows its cards without them rather than failing the whole page.
  const rows = await findListingFacts([...slugs]).catch((error: unknown) => {
    const suppressed = factsFailureLog.take();
    if (suppressed !== undefined) log().warn({ err: error, suppressed }, "listing card facts unavailable");
    return [];
  });
  const labels = menuLabels(LISTING_LANGUAGE);
  const out: Record<string, CardFacts> = {};
  for (const row of rows) {
    const f = serializeListingFacts(row);
    const status = openStatusView(f.openingHours, f.timeZone, now, labels);
    out[f.slug] = {
      status: status && { open: status.open, text: status.text, asOf: status.asOf },
      prices: priceIndication(f.prices, f.currency),
      photo: f.banner,
      city: f.city && cityName(f.city, LISTING_LANGUAGE),
    };
  }
  return out;
}
