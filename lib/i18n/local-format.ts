// Times, dates and lists as the page's language writes them in the restaurant's country (the
// locale `{lang}-{country}`, CLDR through Intl): "11:30 PM" and "midnight" in the US, "23:30" in
// Britain and Germany; "November 29, 2026", "29. November 2026", "2026年11月29日"; a Japanese
// list joined with "、". Pure: the menu page, its Markdown twin and the browser's refresh of the
// open/closed line use the same functions.

/** The locale of a page: its language, in the restaurant's country when known (en-US, de-CH). */
export function localeOf(lang: string, countryCode: string | null): string {
  if (!countryCode || lang.includes("-")) return lang;
  try {
    return Intl.getCanonicalLocales(`${lang}-${countryCode.toUpperCase()}`)[0];
  } catch {
    return lang;
  }
}

/** Whether clocks read 12 hours in the locale (en-US, es-US), from CLDR's hour cycle. */
export function usesTwelveHours(locale: string): boolean {
  try {
    const cycle = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle;
    return cycle === "h11" || cycle === "h12";
  } catch {
    return false;
  }
}

/**
 * A stored "HH:MM" (00:00–24:00) as the locale reads a clock: unchanged where clocks read 24 hours;
 * else "11:30 PM", "11 AM", and in English "midnight" and "noon", as American menus write them.
 */
export function formatClock(hhmm: string, locale: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match || !usesTwelveHours(locale)) return hhmm;
  const hour = Number(match[1]) % 24;
  const minute = Number(match[2]);
  if (locale.split("-")[0] === "en" && minute === 0 && (hour === 0 || hour === 12)) return hour === 0 ? "midnight" : "noon";
  const format = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: minute === 0 ? undefined : "2-digit", hourCycle: "h12", timeZone: "UTC" });
  // One spelling whatever the ICU version (a space, U+202F): a no-break space, "PM" never alone on a line.
  return format.format(Date.UTC(2024, 0, 1, hour, minute)).replace(/\s/g, "\u00a0");
}

/** A day as the locale writes it in full ("November 29, 2026"), in the restaurant's time zone. */
export function formatDay(iso: string, locale: string, timeZone: string | null): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: timeZone ?? "UTC" }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** Languages that separate the items of a list with an ideographic comma. */
const IDEOGRAPHIC_COMMA = new Set(["ja", "zh"]);

/** Items of an enumeration (allergens, a city and its country): "、" in Japanese, else ", ". */
export function listSeparator(lang: string): string {
  return IDEOGRAPHIC_COMMA.has(lang.split("-")[0]) ? "、" : ", ";
}
