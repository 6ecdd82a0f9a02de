// Which of the label tables a page in `lang` uses: its own, its base language's (pt-PT → pt), or
// English. Shared by the menu's labels and the site frame's, so both pick the same language.
export function labelLanguage(lang: string, tables: Record<string, unknown>): string {
  if (Object.hasOwn(tables, lang)) return lang;
  const base = lang.split("-")[0];
  return Object.hasOwn(tables, base) ? base : "en";
}
