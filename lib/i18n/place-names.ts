// Names the service writes around a menu, in the page's language: the country (CLDR, through
// Intl.DisplayNames), the city and the cuisine (small tables of the directory's cities and
// cuisines: CLDR has no city names) and the badges the import format knows ("Bestseller", "Chef's choice", "New"), for every language the demo data
// uses (en, de, fr, it, es, pt, pl, cs, sv, ja, tr; pt-BR uses pt). A name the table does not
// have stays as written, with the language it is written in, so that pages can mark it (`lang`).

import { textKey } from "../menu/text-key";
import { CITIES, CITIES_PT_BR } from "../search/city-names";

/** Languages of the tables, in the column order of CUISINES. */
const COLUMNS = ["de", "fr", "it", "es", "pt", "pl", "cs", "sv", "ja", "tr"] as const;

// The cuisine as the kind of a restaurant ("Japanese · New York"): adjectives agree with the
// language's word for cuisine (la cuisine japonaise, la cucina giapponese, das japanische Essen).
const CUISINES: Record<string, readonly string[]> = {
  American: ["Amerikanisch", "Américaine", "Americana", "Americana", "Americana", "Amerykańska", "Americká", "Amerikanskt", "アメリカ料理", "Amerikan mutfağı"],
  Austrian: ["Österreichisch", "Autrichienne", "Austriaca", "Austriaca", "Austríaca", "Austriacka", "Rakouská", "Österrikiskt", "オーストリア料理", "Avusturya mutfağı"],
  Bavarian: ["Bayerisch", "Bavaroise", "Bavarese", "Bávara", "Bávara", "Bawarska", "Bavorská", "Bayerskt", "バイエルン料理", "Bavyera mutfağı"],
  Brazilian: ["Brasilianisch", "Brésilienne", "Brasiliana", "Brasileña", "Brasileira", "Brazylijska", "Brazilská", "Brasilianskt", "ブラジル料理", "Brezilya mutfağı"],
  British: ["Britisch", "Britannique", "Britannica", "Británica", "Britânica", "Brytyjska", "Britská", "Brittiskt", "イギリス料理", "İngiliz mutfağı"],
  Café: ["Café", "Café", "Caffè", "Cafetería", "Café", "Kawiarnia", "Kavárna", "Kafé", "カフェ", "Kafe"],
  Czech: ["Tschechisch", "Tchèque", "Ceca", "Checa", "Checa", "Czeska", "Česká", "Tjeckiskt", "チェコ料理", "Çek mutfağı"],
  French: ["Französisch", "Française", "Francese", "Francesa", "Francesa", "Francuska", "Francouzská", "Franskt", "フランス料理", "Fransız mutfağı"],
  German: ["Deutsch", "Allemande", "Tedesca", "Alemana", "Alemã", "Niemiecka", "Německá", "Tyskt", "ドイツ料理", "Alman mutfağı"],
  Greek: ["Griechisch", "Grecque", "Greca", "Griega", "Grega", "Grecka", "Řecká", "Grekiskt", "ギリシャ料理", "Yunan mutfağı"],
  Indian: ["Indisch", "Indienne", "Indiana", "India", "Indiana", "Indyjska", "Indická", "Indiskt", "インド料理", "Hint mutfağı"],
  Italian: ["Italienisch", "Italienne", "Italiana", "Italiana", "Italiana", "Włoska", "Italská", "Italienskt", "イタリア料理", "İtalyan mutfağı"],
  Japanese: ["Japanisch", "Japonaise", "Giapponese", "Japonesa", "Japonesa", "Japońska", "Japonská", "Japanskt", "日本料理", "Japon mutfağı"],
  Lebanese: ["Libanesisch", "Libanaise", "Libanese", "Libanesa", "Libanesa", "Libańska", "Libanonská", "Libanesiskt", "レバノン料理", "Lübnan mutfağı"],
  Mexican: ["Mexikanisch", "Mexicaine", "Messicana", "Mexicana", "Mexicana", "Meksykańska", "Mexická", "Mexikanskt", "メキシコ料理", "Meksika mutfağı"],
  Nordic: ["Nordisch", "Nordique", "Nordica", "Nórdica", "Nórdica", "Nordycka", "Severská", "Nordiskt", "北欧料理", "İskandinav mutfağı"],
  Polish: ["Polnisch", "Polonaise", "Polacca", "Polaca", "Polaca", "Polska", "Polská", "Polskt", "ポーランド料理", "Polonya mutfağı"],
  Portuguese: ["Portugiesisch", "Portugaise", "Portoghese", "Portuguesa", "Portuguesa", "Portugalska", "Portugalská", "Portugisiskt", "ポルトガル料理", "Portekiz mutfağı"],
  Seafood: ["Fisch und Meeresfrüchte", "Poissons et fruits de mer", "Pesce e frutti di mare", "Pescados y mariscos", "Peixes e frutos do mar", "Ryby i owoce morza", "Ryby a plody moře", "Fisk och skaldjur", "シーフード", "Deniz ürünleri"],
  Spanish: ["Spanisch", "Espagnole", "Spagnola", "Española", "Espanhola", "Hiszpańska", "Španělská", "Spanskt", "スペイン料理", "İspanyol mutfağı"],
  Swiss: ["Schweizerisch", "Suisse", "Svizzera", "Suiza", "Suíça", "Szwajcarska", "Švýcarská", "Schweiziskt", "スイス料理", "İsviçre mutfağı"],
  Thai: ["Thailändisch", "Thaïlandaise", "Thailandese", "Tailandesa", "Tailandesa", "Tajska", "Thajská", "Thailändskt", "タイ料理", "Tayland mutfağı"],
  Turkish: ["Türkisch", "Turque", "Turca", "Turca", "Turca", "Turecka", "Turecká", "Turkiskt", "トルコ料理", "Türk mutfağı"],
  Vegan: ["Vegan", "Végane", "Vegana", "Vegana", "Vegana", "Wegańska", "Veganská", "Veganskt", "ヴィーガン", "Vegan"],
  Vietnamese: ["Vietnamesisch", "Vietnamienne", "Vietnamita", "Vietnamita", "Vietnamita", "Wietnamska", "Vietnamská", "Vietnamesiskt", "ベトナム料理", "Vietnam mutfağı"],
};

// The badges of the import format, keyed by their English text (case-insensitive).
const BADGES: Record<string, readonly string[]> = {
  bestseller: ["Bestseller", "Best-seller", "Il più richiesto", "El más pedido", "Mais pedido", "Bestseller", "Nejprodávanější", "Storsäljare", "一番人気", "En çok satan"],
  "chef's choice": ["Empfehlung des Küchenchefs", "Choix du chef", "Scelta dello chef", "Recomendación del chef", "Escolha do chef", "Wybór szefa kuchni", "Doporučení šéfkuchaře", "Kockens val", "シェフのおすすめ", "Şefin seçimi"],
  new: ["Neu", "Nouveau", "Novità", "Nuevo", "Novo", "Nowość", "Novinka", "Nyhet", "新メニュー", "Yeni"],
  // the benchmark generator's (lib/import/generate-menus.ts)
  seasonal: ["Saisonal", "De saison", "Di stagione", "De temporada", "Da estação", "Sezonowe", "Sezónní", "Säsong", "季節限定", "Mevsimlik"],
  "house favourite": ["Liebling des Hauses", "Coup de cœur de la maison", "Il preferito della casa", "Favorito de la casa", "Favorito da casa", "Ulubione danie lokalu", "Oblíbené jídlo podniku", "Husets favorit", "当店の人気料理", "Evin favorisi"],
};

/** Every written form of every city of the table, folded, to its slug: listings carry the name only. */
const CITY_BY_NAME = new Map<string, string>(Object.entries(CITIES).flatMap(([slug, names]) => names.map((n) => [textKey(n), slug] as [string, string])));

/** "This menu in English" and "Close", in each language: the language hint of a menu's bare URL. */
const MENU_IN: Record<string, [string, string]> = {
  en: ["This menu in English", "Close"],
  de: ["Diese Speisekarte auf Deutsch", "Schließen"],
  fr: ["Ce menu en français", "Fermer"],
  it: ["Questo menù in italiano", "Chiudi"],
  es: ["Esta carta en español", "Cerrar"],
  pt: ["Este cardápio em português", "Fechar"],
  pl: ["To menu po polsku", "Zamknij"],
  cs: ["Tento jídelní lístek česky", "Zavřít"],
  sv: ["Den här menyn på svenska", "Stäng"],
  ja: ["このメニューを日本語で", "閉じる"],
  tr: ["Bu menü Türkçe", "Kapat"],
};

/** The hint's words in `lang` (its base language), or null for a language without them. */
export function menuInLanguage(lang: string): { text: string; close: string } | null {
  const words = MENU_IN[lang.toLowerCase()] ?? MENU_IN[lang.toLowerCase().split("-")[0]];
  return words ? { text: words[0], close: words[1] } : null;
}

/** A name in a language: `lang` is the language it is written in (null: the page's own). */
export interface Named {
  text: string;
  lang: string | null;
}

function column(lang: string): number {
  const base = lang.toLowerCase().split("-")[0];
  return (COLUMNS as readonly string[]).indexOf(base);
}

function fromTable(table: Record<string, readonly string[]>, key: string, original: string, lang: string): Named {
  if (lang.toLowerCase().split("-")[0] === "en") return { text: original, lang: null };
  const row = table[key];
  const i = column(lang);
  return row && i >= 0 ? { text: row[i], lang: null } : { text: original, lang: "en" };
}

/** The directory's cuisine name (English) in `lang`; an unknown one stays English, marked so. */
export function cuisineName(name: string, lang: string): Named {
  return fromTable(CUISINES, name, name, lang);
}

/**
 * An item's badge in `lang` when it is one of the format's badges; else the owner's own text,
 * in the menu's default language `ownerLang`.
 */
export function badgeName(badge: string, lang: string, ownerLang: string): Named {
  const key = badge.trim().toLowerCase().replace(/[’`]/g, "'");
  if (BADGES[key]) return fromTable(BADGES, key, badge, lang);
  return { text: badge, lang: ownerLang === lang ? null : ownerLang };
}

/** A city as the directory knows it: its slug and the language its stored name is in, when known. */
export interface CityRef {
  name: string;
  slug?: string | null;
  /** the language of `name` (the city's country's language, PublicCity.language) */
  language?: string | null;
}

const baseOf = (lang: string) => lang.toLowerCase().split("-")[0];

/**
 * The city's name in `lang`: its usual name there when the table has the city (by slug, else by
 * any of its names); else the stored name, marked with the language it is written in (null when
 * that is the page's language, or unknown).
 */
export function cityName(city: CityRef | string, lang: string): Named {
  const ref: CityRef = typeof city === "string" ? { name: city } : city;
  // By slug when the caller knows it (a city of another country may share a name with one of the
  // table's: Colonia in Uruguay); by name only when the name is all there is.
  const slug = ref.slug ? (CITIES[ref.slug] ? ref.slug : undefined) : CITY_BY_NAME.get(textKey(ref.name));
  const row = slug ? CITIES[slug] : undefined;
  if (row) {
    if (lang.toLowerCase() === "pt-br" && slug && CITIES_PT_BR[slug]) return { text: CITIES_PT_BR[slug], lang: null };
    if (baseOf(lang) === "en") return { text: row[0], lang: null };
    const i = column(lang);
    if (i >= 0) return { text: row[i + 1], lang: null };
  }
  const written = ref.language ?? null;
  return { text: ref.name, lang: written && baseOf(written) !== baseOf(lang) ? written : null };
}

/** The country's name in `lang` (CLDR, through Intl), when its ISO code is known. */
export function countryName(code: string | null, lang: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([lang], { type: "region", fallback: "none" }).of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/** Every cuisine the table names (tests check it covers the directory). */
export const TRANSLATED_CUISINES = Object.keys(CUISINES);
export const TRANSLATED_CITIES = Object.keys(CITIES);
export const TRANSLATED_LANGUAGES = ["en", ...COLUMNS];
