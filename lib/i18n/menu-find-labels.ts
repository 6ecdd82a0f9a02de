// The words of "find a dish in this menu" (app/_components/menu-find.tsx), in every language of
// the menu labels (lib/i18n/menu-labels.ts): the page's label language picks them.

import { labelLanguage } from "./label-language";

export interface MenuFindLabels {
  /** the field's label */
  find: string;
  /** "{shown} of {total} dishes" */
  matches: string;
  /** "No dish matches “{q}”" */
  none: string;
  clear: string;
  /** the alphabetical list of the dishes' names, to jump to one (JavaScript off) */
  index: string;
}

const LABELS: Record<string, MenuFindLabels> = {
  en: { find: "Find a dish", matches: "{shown} of {total} dishes", none: "No dish matches “{q}”", clear: "Clear", index: "Dishes A–Z" },
  de: { find: "Gericht suchen", matches: "{shown} von {total} Gerichten", none: "Kein Gericht passt zu „{q}“", clear: "Löschen", index: "Gerichte von A–Z" },
  fr: { find: "Chercher un plat", matches: "{shown} plats sur {total}", none: "Aucun plat ne correspond à « {q} »", clear: "Effacer", index: "Plats de A à Z" },
  it: { find: "Cerca un piatto", matches: "{shown} piatti su {total}", none: "Nessun piatto corrisponde a «{q}»", clear: "Cancella", index: "Piatti dalla A alla Z" },
  es: { find: "Buscar un plato", matches: "{shown} de {total} platos", none: "Ningún plato coincide con «{q}»", clear: "Borrar", index: "Platos de la A a la Z" },
  pt: { find: "Procurar um prato", matches: "{shown} de {total} pratos", none: "Nenhum prato corresponde a “{q}”", clear: "Limpar", index: "Pratos de A a Z" },
  pl: { find: "Szukaj dania", matches: "{shown} z {total} dań", none: "Żadne danie nie pasuje do „{q}”", clear: "Wyczyść", index: "Dania od A do Z" },
  cs: { find: "Hledat jídlo", matches: "{shown} z {total} jídel", none: "Žádné jídlo neodpovídá „{q}“", clear: "Vymazat", index: "Jídla od A do Z" },
  sv: { find: "Sök en rätt", matches: "{shown} av {total} rätter", none: "Ingen rätt matchar ”{q}”", clear: "Rensa", index: "Rätter A–Ö" },
  ja: { find: "料理を検索", matches: "{total}品中{shown}品", none: "「{q}」に一致する料理はありません", clear: "クリア", index: "料理一覧" },
  tr: { find: "Yemek ara", matches: "{total} yemekten {shown} tanesi", none: "“{q}” ile eşleşen yemek yok", clear: "Temizle", index: "A–Z yemekler" },
};

/** The words in `lang` (a label language of lib/i18n/menu-labels.ts, or its base), else English. */
export function menuFindLabels(lang: string): MenuFindLabels {
  return LABELS[labelLanguage(lang, LABELS)];
}
