// The menu page's view of one restaurant in one language, built from the public Restaurant object
// (the same object GET /api/public/restaurants/{slug} returns). The HTML page, the Markdown twin
// and the JSON-LD all render this one view, so they cannot disagree.
import { ALLERGENS, type Allergen } from "../menu/allergens";
import { DAY_KEYS, localTime, openState, stateSpan } from "../search/opening-hours";
import { statusText } from "./menu-view-status";
import { formatClock, localeOf } from "../i18n/local-format";
import { directionsLinks, type DirectionsLinks } from "./directions";
import { NO_FILTER, type MenuFilterState } from "./menu-view-filter";
import { menuLabels, type DietLabelKey, type MenuLabels } from "../i18n/menu-labels";
import { withoutControls } from "../text/plain-text";
import { badgeName, cityName, countryName, cuisineName, type Named } from "../i18n/place-names";
import type { PublicMenuItem, PublicRestaurant } from "../serializers";
import { markdownUrlOf, sameSitePath, siteUrls } from "../site-urls";

export type DayKey = (typeof DAY_KEYS)[number];

/** Dietary tags the diet filter and schema.org understand, and the tags that imply them. */
export const DIETS = {
  vegan: { schema: "https://schema.org/VeganDiet", impliedBy: [] as string[] },
  vegetarian: { schema: "https://schema.org/VegetarianDiet", impliedBy: ["vegan"] },
  "gluten-free": { schema: "https://schema.org/GlutenFreeDiet", impliedBy: [] as string[] },
  "lactose-free": { schema: "https://schema.org/LowLactoseDiet", impliedBy: ["vegan"] },
  halal: { schema: "https://schema.org/HalalDiet", impliedBy: [] as string[] },
  kosher: { schema: "https://schema.org/KosherDiet", impliedBy: [] as string[] },
  "low-calorie": { schema: "https://schema.org/LowCalorieDiet", impliedBy: [] as string[] },
  "low-fat": { schema: "https://schema.org/LowFatDiet", impliedBy: [] as string[] },
  "low-salt": { schema: "https://schema.org/LowSaltDiet", impliedBy: [] as string[] },
  diabetic: { schema: "https://schema.org/DiabeticDiet", impliedBy: [] as string[] },
} as const;

export type Diet = keyof typeof DIETS;

/**
 * A tag in the labels' language ("chef-s-choice" → "Chef's choice", "Empfehlung des
 * Küchenchefs"); a tag without a label is the owner's own word, humanised, never dropped.
 */
export function tagLabel(tag: string, labels: MenuLabels = menuLabels("en")): { label: string; lang: string | null } {
  const known = labels.diets[tag as DietLabelKey];
  if (known) return { label: known, lang: labels.lang };
  const words = tag.replace(/-/g, " ").trim();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), lang: null };
}

/** The diets an item satisfies: its own diet tags plus those they imply (vegan ⇒ vegetarian). */
export function dietsOf(tags: readonly string[]): Diet[] {
  return (Object.keys(DIETS) as Diet[]).filter((diet) => tags.includes(diet) || DIETS[diet].impliedBy.some((t) => tags.includes(t)));
}

/** A language code's own name ("de" → "Deutsch"); the code itself when Intl does not know it. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: "language", fallback: "none" }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // not a language Intl knows
  }
  return code;
}

/**
 * A price in the currency's own format for the page language in the restaurant's country: the
 * language with the country as region when it names none ("de" in Switzerland: de-CH,
 * "CHF 14.50"; in Germany "14,50 €"; "￥800").
 */
export function formatPrice(amount: number, currency: string, lang: string, countryCode: string | null = null): string {
  const locales = countryCode && !lang.includes("-") ? [`${lang}-${countryCode.toUpperCase()}`, lang] : [lang];
  for (const locale of locales) {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
    } catch {
      // not a locale this runtime takes: the next one
    }
  }
  return `${amount} ${currency}`;
}

/** Text in a language, so that pages can mark text that fell back to the default language. */
export interface LocalizedText {
  text: string;
  lang: string;
}

export interface ItemView {
  name: LocalizedText;
  description: LocalizedText | null;
  price: string;
  priceValue: number;
  compareAtPrice: string | null;
  currency: string;
  /** variant names are the owner's, in the menu's default language (`lang` when the page is in another) */
  variants: { name: string; price: string; priceValue: number; lang: string | null }[];
  /** the format's badges in the page's language; another badge as the owner wrote it (`lang`) */
  badge: Named | null;
  /** lang: the labels' language, or null for an owner's own tag */
  tags: { code: string; label: string; lang: string | null }[];
  diets: Diet[];
  allergens: { code: Allergen; label: string }[];
  available: boolean;
  /** absolute, as published (JSON-LD) */
  imageUrl: string | null;
  /** what the page's <img> loads: same-site files root-relative (sameSitePath) */
  imageSrc: string | null;
  /** key: as published; name and value (with its unit) for people; raw: the published value */
  nutrition: { key: string; name: string; value: string; raw: string }[];
}

export interface CategoryView {
  name: LocalizedText;
  description: LocalizedText | null;
  items: ItemView[];
}

export interface LanguageLink {
  code: string;
  name: string;
  url: string;
  markdownUrl: string;
  current: boolean;
}

export interface OpeningDay {
  day: DayKey;
  /** the day's name in the labels' language */
  label: string;
  /** "11:30–14:00", null when closed */
  hours: string | null;
  opens: string | null;
  closes: string | null;
  /** closes after midnight */
  overnight: boolean;
}

/** The open/closed line as the server computed it: the page's truth without JavaScript. */
export interface OpenStatusView {
  open: boolean;
  /** "Open until 22:00", "Closed · opens 17:30", in the labels' language */
  text: string;
  /** the restaurant's local time it was computed at, "HH:MM" or the locale's clock ("4:14 PM"; the Markdown twin says so) */
  asOf: string;
  /** the restaurant's local weekday then */
  today: DayKey;
  /** ms since the epoch: the line and `today` hold from `from` until `until` (stateSpan) */
  from: number;
  until: number;
}

export interface MenuView {
  restaurant: PublicRestaurant;
  /** ISO 3166-1 alpha-2 code of the restaurant's country, when known */
  countryCode: string | null;
  /** the country named in the labels' language (CLDR), when its code is known */
  country: string | null;
  /** the cuisine in the labels' language (lib/i18n/place-names.ts) */
  cuisine: Named | null;
  /** the city in the labels' language, or its own name marked with its language (lib/i18n/place-names.ts) */
  city: Named | null;
  /** IANA time zone of the restaurant's city, when known */
  timeZone: string | null;
  /** null: hours or time zone unknown */
  openStatus: OpenStatusView | null;
  /** directions in maps apps: to the name and address, else the coordinates (lib/pages/directions.ts) */
  directions: DirectionsLinks | null;
  /** tel: link of the phone number */
  phoneHref: string | null;
  /** whether EU Regulation 1169/2011 (and so the note naming it) applies: restaurants in the EU */
  euAllergenRules: boolean;
  /** the allergen and diet filter the page's address names (lib/pages/menu-view-filter.ts) */
  filter: MenuFilterState;
  slug: string;
  lang: string;
  defaultLanguage: string;
  url: string;
  markdownUrl: string;
  name: string;
  description: string | null;
  /** what the page's <img> elements load: same-site files root-relative (sameSitePath) */
  imageSrc: { banner: string | null; logo: string | null };
  languages: LanguageLink[];
  address: string | null;
  openingHours: OpeningDay[] | null;
  ratings: { provider: "search" | "travel"; label: string; rating: number; reviewCount: number | null }[];
  categories: CategoryView[];
  itemCount: number;
  allergensPresent: { code: Allergen; label: string }[];
  dietsPresent: { code: Diet; label: string }[];
  updatedAt: string;
  /** the locale of clocks, dates and lists: the labels' language in the restaurant's country (en-US) */
  locale: string;
  /** the words around the data, in the page's language (or its fallback) */
  labels: MenuLabels;
}

// The owner's texts as HTML shows them: no control characters (lib/text/plain-text.ts).
const clean = (s: string | null | undefined): string | null => {
  const t = s === null || s === undefined ? undefined : withoutControls(s).trim();
  return t ? t : null;
};

function localize(
  original: { name: string; description: string | null; translations: PublicMenuItem["translations"] },
  lang: string,
  defaultLanguage: string,
): { name: LocalizedText; description: LocalizedText | null } {
  const t = lang === defaultLanguage ? undefined : original.translations[lang];
  const translatedName = clean(t?.name);
  const translatedDescription = clean(t?.description);
  const originalDescription = clean(original.description);
  return {
    name: translatedName ? { text: translatedName, lang } : { text: withoutControls(original.name), lang: defaultLanguage },
    description: translatedDescription
      ? { text: translatedDescription, lang }
      : originalDescription
        ? { text: originalDescription, lang: defaultLanguage }
        : null,
  };
}

/** Nutrition keys the import format's demo data uses, with the unit their number is in. */
const NUTRIENTS: Record<string, { label: keyof MenuLabels["nutrients"]; unit: string }> = {
  kcal: { label: "energy", unit: "kcal" },
  calories: { label: "energy", unit: "kcal" },
  protein_g: { label: "protein", unit: "g" },
  carbs_g: { label: "carbohydrates", unit: "g" },
  fat_g: { label: "fat", unit: "g" },
};

/** Nutrition facts in the labels' language with their units ("Eiweiß 12 g"); unknown keys as the owner wrote them. */
function nutritionEntries(nutrition: Record<string, unknown> | null, labels: MenuLabels): ItemView["nutrition"] {
  if (!nutrition) return [];
  return Object.entries(nutrition)
    .filter(([, v]) => v !== null && (typeof v === "number" || typeof v === "string" || typeof v === "boolean"))
    .map(([k, v]) => {
      const raw = typeof v === "boolean" ? (v ? "yes" : "no") : String(v);
      const known = NUTRIENTS[k];
      if (known && typeof v === "number") return { key: k, name: labels.nutrients[known.label], value: `${v.toLocaleString(labels.lang)}\u00a0${known.unit}`, raw };
      return { key: k, name: k.replace(/_/g, " "), value: raw, raw };
    });
}

export function openingDays(hours: Record<string, string> | null, labels: MenuLabels = menuLabels("en"), locale?: string): OpeningDay[] | null {
  const clock = (hhmm: string) => (locale ? formatClock(hhmm, locale) : hhmm);
  if (!hours) return null;
  return DAY_KEYS.map((day) => {
    const range = hours[day];
    if (!range) return { day, label: labels.days[day], hours: null, opens: null, closes: null, overnight: false };
    const [opens, closes] = range.split("-");
    return { day, label: labels.days[day], hours: `${clock(opens)}–${clock(closes)}`, opens, closes, overnight: closes <= opens };
  });
}

function badgeOf(badge: string | null, lang: string, ownerLang: string): Named | null {
  const text = clean(badge);
  return text === null ? null : badgeName(text, lang, ownerLang);
}

/** Countries that write the postal code after the city ("New York 10003", "London SW1A 1AA"). */
const POSTAL_CODE_AFTER_CITY = new Set(["US", "CA", "GB", "IE", "AU", "NZ", "BR"]);

/**
 * The address, its city and country named in the page's language when known (`city`, `country`),
 * in the order the restaurant's country writes it (`countryCode`).
 */
export function addressLine(contact: PublicRestaurant["contact"], country: string | null = null, city: string | null = null, countryCode: string | null = null): string | null {
  const cityAndCode = [contact.postalCode, city ?? contact.city];
  if (countryCode && POSTAL_CODE_AFTER_CITY.has(countryCode.toUpperCase())) cityAndCode.reverse();
  const cityPart = cityAndCode.filter(Boolean).join(" ");
  const parts = [contact.address, cityPart, country ?? contact.country].map((p) => clean(p)).filter((p): p is string => p !== null);
  return parts.length ? parts.join(", ") : null;
}

/**
 * The view of `restaurant` in `lang`. Returns null when the restaurant does not offer `lang`
 * (the page is then a 404, in both representations).
 */
export function buildMenuView(
  restaurant: PublicRestaurant,
  lang: string = restaurant.defaultLanguage,
  place: { countryCode: string | null; timeZone: string | null; citySlug?: string | null; cityLanguage?: string | null } | string | null = null,
  now: Date = new Date(),
): MenuView | null {
  const countryCode = typeof place === "string" ? place : (place?.countryCode ?? null);
  const timeZone = typeof place === "string" ? null : (place?.timeZone ?? null);
  const cityRef = typeof place === "string" || !place ? {} : { slug: place.citySlug, language: place.cityLanguage };
  const defaultLanguage = restaurant.defaultLanguage;
  const languages = restaurant.languages.includes(defaultLanguage) ? restaurant.languages : [defaultLanguage, ...restaurant.languages];
  if (!languages.includes(lang)) return null;
  const labels = menuLabels(lang);
  // Clocks, dates and lists as the labels' language writes them in the restaurant's country.
  const locale = localeOf(labels.lang, countryCode);

  const categories: CategoryView[] = restaurant.categories.map((category) => ({
    ...localize(category, lang, defaultLanguage),
    items: category.items.map((item): ItemView => {
      const { name, description } = localize(item, lang, defaultLanguage);
      return {
        name,
        description,
        price: formatPrice(item.price, item.currency, lang, countryCode),
        priceValue: item.price,
        compareAtPrice: item.compareAtPrice === null ? null : formatPrice(item.compareAtPrice, item.currency, lang, countryCode),
        currency: item.currency,
        variants: (item.variants ?? []).map((v) => ({
          name: withoutControls(v.name),
          price: formatPrice(v.price, item.currency, lang, countryCode),
          priceValue: v.price,
          lang: lang === defaultLanguage ? null : defaultLanguage,
        })),
        badge: badgeOf(item.badge, lang, defaultLanguage),
        tags: item.tags.map((code) => ({ code, ...tagLabel(code, labels) })),
        diets: dietsOf(item.tags),
        allergens: item.allergens.map((code) => ({ code, label: labels.allergenNames[code] })),
        available: item.isAvailable,
        imageUrl: item.imageUrl,
        imageSrc: item.imageUrl === null ? null : sameSitePath(item.imageUrl),
        nutrition: nutritionEntries(item.nutrition, labels),
      };
    }),
  }));

  const allItems = categories.flatMap((c) => c.items);
  const allergenCodes = new Set(allItems.flatMap((i) => i.allergens.map((a) => a.code)));
  const dietCodes = new Set(allItems.flatMap((i) => i.diets));
  const ratings: MenuView["ratings"] = [];
  for (const provider of ["search", "travel"] as const) {
    const r = restaurant.ratings[provider];
    if (r) ratings.push({ provider, label: provider === "search" ? labels.searchReviews : labels.travelReviews, rating: r.rating, reviewCount: r.reviewCount });
  }
  const url = siteUrls.restaurantInLanguage(restaurant.slug, lang, defaultLanguage);
  const country = countryName(countryCode, labels.lang);
  const city = restaurant.contact.city ? cityName({ name: restaurant.contact.city, ...cityRef }, labels.lang) : null;
  // The address is one line of text: a city name left in its own language is still the right one to post to.
  const address = addressLine(restaurant.contact, country, city?.text ?? null, countryCode);
  // Maps apps get it in the restaurant's own language, as its street address is written.
  const ownAddress = addressLine(restaurant.contact, countryName(countryCode, defaultLanguage), restaurant.contact.city, countryCode);

  return {
    restaurant,
    countryCode,
    country,
    cuisine: restaurant.cuisine ? cuisineName(restaurant.cuisine, labels.lang) : null,
    city,
    timeZone,
    openStatus: openStatusView(restaurant.openingHours, timeZone, now, labels, locale),
    directions: directionsLinks(restaurant.name, ownAddress, restaurant.contact.latitude, restaurant.contact.longitude),
    phoneHref: restaurant.contact.phone ? `tel:${restaurant.contact.phone.replace(/[^\d+]/g, "")}` : null,
    filter: NO_FILTER,
    euAllergenRules: countryCode !== null && EU_COUNTRIES.has(countryCode.toUpperCase()),
    slug: restaurant.slug,
    lang,
    defaultLanguage,
    url,
    markdownUrl: markdownUrlOf(url),
    name: withoutControls(restaurant.name),
    description: clean(restaurant.description),
    imageSrc: {
      banner: restaurant.images.banner === null ? null : sameSitePath(restaurant.images.banner),
      logo: restaurant.images.logo === null ? null : sameSitePath(restaurant.images.logo),
    },
    languages: languages.map((code) => {
      const u = siteUrls.restaurantInLanguage(restaurant.slug, code, defaultLanguage);
      return { code, name: languageName(code), url: u, markdownUrl: markdownUrlOf(u), current: code === lang };
    }),
    address,
    openingHours: openingDays(restaurant.openingHours, labels, locale),
    ratings,
    categories,
    itemCount: allItems.length,
    allergensPresent: ALLERGENS.filter((a) => allergenCodes.has(a)).map((code) => ({ code, label: labels.allergenNames[code] })),
    dietsPresent: (Object.keys(DIETS) as Diet[]).filter((d) => dietCodes.has(d)).map((code) => ({ code, label: labels.diets[code] })),
    updatedAt: restaurant.updatedAt,
    locale,
    labels,
  };
}

/** The member states of the European Union, where Regulation (EU) No 1169/2011 applies. */
const EU_COUNTRIES = new Set(["AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE"]);

/** The open/closed line at `now` in the restaurant's time zone (null when hours or zone are unknown). */
export function openStatusView(hours: Record<string, string> | null, timeZone: string | null, now: Date, labels: MenuLabels, locale?: string): OpenStatusView | null {
  const state = openState(hours, timeZone, now);
  const span = stateSpan(hours, timeZone, now);
  if (!state || !span || !timeZone) return null;
  const local = localTime(now, timeZone);
  const hhmm = `${String(Math.floor(local.minute / 60)).padStart(2, "0")}:${String(local.minute % 60).padStart(2, "0")}`;
  const asOf = locale ? formatClock(hhmm, locale) : hhmm;
  return { open: state.open, text: statusText(state, labels.status, DAY_KEYS.map((d) => labels.days[d]), locale), asOf, today: DAY_KEYS[local.day], ...span };
}

