// Open Graph values that need more than the page's own data: og:locale is language_TERRITORY
// ("de_CH"), not a bare language code.

/**
 * og:locale for content in `lang`. A restaurant's own language is written for its country
 * ("de" in Switzerland → de_CH); any other language takes its likely territory from CLDR
 * ("en" → en_US, "ja" → ja_JP), or the region it names itself ("pt-BR" → pt_BR).
 */
export function openGraphLocale(lang: string, countryCode: string | null = null): string {
  try {
    const locale = new Intl.Locale(lang);
    const region = locale.region ?? countryCode ?? locale.maximize().region;
    return region ? `${locale.language}_${region.toUpperCase()}` : locale.language;
  } catch {
    return lang;
  }
}
