// The directory's cities in every language of the demo menus, and the search's reading of a city
// name: "Tokio", "京都", "Koeln", "Zurich" or "Colónia" name the directory's city whatever language
// or spelling the diner types. The pages write city names from the same table
// (lib/i18n/place-names.ts). Pure: the directory's cities are passed in.
import { textKey } from "../menu/text-key";

// The directory's cities, by slug, in English, then de, fr, it, es, pt, pl, cs, sv, ja, tr
// (lib/i18n/place-names.ts COLUMNS): each language's usual name
// (its exonym where it has one: Munich, Monachium, ミュンヘン; else the city's own). The directory
// stores each city under its own name (München, Kyoto), in its country's language.
export const CITIES: Record<string, readonly string[]> = {
  berlin: ["Berlin", "Berlin", "Berlin", "Berlino", "Berlín", "Berlim", "Berlin", "Berlín", "Berlin", "ベルリン", "Berlin"],
  munich: ["Munich", "München", "Munich", "Monaco di Baviera", "Múnich", "Munique", "Monachium", "Mnichov", "München", "ミュンヘン", "Münih"],
  cologne: ["Cologne", "Köln", "Cologne", "Colonia", "Colonia", "Colónia", "Kolonia", "Kolín nad Rýnem", "Köln", "ケルン", "Köln"],
  dusseldorf: ["Düsseldorf", "Düsseldorf", "Düsseldorf", "Düsseldorf", "Düsseldorf", "Düsseldorf", "Düsseldorf", "Düsseldorf", "Düsseldorf", "デュッセルドルフ", "Düsseldorf"],
  hamburg: ["Hamburg", "Hamburg", "Hambourg", "Amburgo", "Hamburgo", "Hamburgo", "Hamburg", "Hamburk", "Hamburg", "ハンブルク", "Hamburg"],
  vienna: ["Vienna", "Wien", "Vienne", "Vienna", "Viena", "Viena", "Wiedeń", "Vídeň", "Wien", "ウィーン", "Viyana"],
  salzburg: ["Salzburg", "Salzburg", "Salzbourg", "Salisburgo", "Salzburgo", "Salzburgo", "Salzburg", "Salcburk", "Salzburg", "ザルツブルク", "Salzburg"],
  zurich: ["Zurich", "Zürich", "Zurich", "Zurigo", "Zúrich", "Zurique", "Zurych", "Curych", "Zürich", "チューリッヒ", "Zürih"],
  geneva: ["Geneva", "Genf", "Genève", "Ginevra", "Ginebra", "Genebra", "Genewa", "Ženeva", "Genève", "ジュネーブ", "Cenevre"],
  basel: ["Basel", "Basel", "Bâle", "Basilea", "Basilea", "Basileia", "Bazylea", "Basilej", "Basel", "バーゼル", "Basel"],
  paris: ["Paris", "Paris", "Paris", "Parigi", "París", "Paris", "Paryż", "Paříž", "Paris", "パリ", "Paris"],
  lyon: ["Lyon", "Lyon", "Lyon", "Lione", "Lyon", "Lyon", "Lyon", "Lyon", "Lyon", "リヨン", "Lyon"],
  rome: ["Rome", "Rom", "Rome", "Roma", "Roma", "Roma", "Rzym", "Řím", "Rom", "ローマ", "Roma"],
  milan: ["Milan", "Mailand", "Milan", "Milano", "Milán", "Milão", "Mediolan", "Milán", "Milano", "ミラノ", "Milano"],
  bologna: ["Bologna", "Bologna", "Bologne", "Bologna", "Bolonia", "Bolonha", "Bolonia", "Boloňa", "Bologna", "ボローニャ", "Bologna"],
  madrid: ["Madrid", "Madrid", "Madrid", "Madrid", "Madrid", "Madrid", "Madryt", "Madrid", "Madrid", "マドリード", "Madrid"],
  barcelona: ["Barcelona", "Barcelona", "Barcelone", "Barcellona", "Barcelona", "Barcelona", "Barcelona", "Barcelona", "Barcelona", "バルセロナ", "Barselona"],
  malaga: ["Málaga", "Málaga", "Malaga", "Malaga", "Málaga", "Málaga", "Malaga", "Málaga", "Málaga", "マラガ", "Málaga"],
  lisbon: ["Lisbon", "Lissabon", "Lisbonne", "Lisbona", "Lisboa", "Lisboa", "Lizbona", "Lisabon", "Lissabon", "リスボン", "Lizbon"],
  porto: ["Porto", "Porto", "Porto", "Porto", "Oporto", "Porto", "Porto", "Porto", "Porto", "ポルト", "Porto"],
  krakow: ["Kraków", "Krakau", "Cracovie", "Cracovia", "Cracovia", "Cracóvia", "Kraków", "Krakov", "Kraków", "クラクフ", "Krakov"],
  warsaw: ["Warsaw", "Warschau", "Varsovie", "Varsavia", "Varsovia", "Varsóvia", "Warszawa", "Varšava", "Warszawa", "ワルシャワ", "Varşova"],
  gdansk: ["Gdańsk", "Danzig", "Gdańsk", "Danzica", "Gdansk", "Gdańsk", "Gdańsk", "Gdaňsk", "Gdańsk", "グダニスク", "Gdańsk"],
  prague: ["Prague", "Prag", "Prague", "Praga", "Praga", "Praga", "Praga", "Praha", "Prag", "プラハ", "Prag"],
  brno: ["Brno", "Brünn", "Brno", "Brno", "Brno", "Brno", "Brno", "Brno", "Brno", "ブルノ", "Brno"],
  stockholm: ["Stockholm", "Stockholm", "Stockholm", "Stoccolma", "Estocolmo", "Estocolmo", "Sztokholm", "Stockholm", "Stockholm", "ストックホルム", "Stockholm"],
  gothenburg: ["Gothenburg", "Göteborg", "Göteborg", "Göteborg", "Gotemburgo", "Gotemburgo", "Göteborg", "Göteborg", "Göteborg", "ヨーテボリ", "Göteborg"],
  london: ["London", "London", "Londres", "Londra", "Londres", "Londres", "Londyn", "Londýn", "London", "ロンドン", "Londra"],
  edinburgh: ["Edinburgh", "Edinburgh", "Édimbourg", "Edimburgo", "Edimburgo", "Edimburgo", "Edynburg", "Edinburgh", "Edinburgh", "エディンバラ", "Edinburgh"],
  "new-york": ["New York", "New York", "New York", "New York", "Nueva York", "Nova Iorque", "Nowy Jork", "New York", "New York", "ニューヨーク", "New York"],
  chicago: ["Chicago", "Chicago", "Chicago", "Chicago", "Chicago", "Chicago", "Chicago", "Chicago", "Chicago", "シカゴ", "Chicago"],
  tokyo: ["Tokyo", "Tokio", "Tokyo", "Tokyo", "Tokio", "Tóquio", "Tokio", "Tokio", "Tokyo", "東京", "Tokyo"],
  kyoto: ["Kyoto", "Kyoto", "Kyoto", "Kyoto", "Kioto", "Quioto", "Kioto", "Kjóto", "Kyoto", "京都", "Kyoto"],
  "sao-paulo": ["São Paulo", "São Paulo", "São Paulo", "San Paolo", "São Paulo", "São Paulo", "São Paulo", "São Paulo", "São Paulo", "サンパウロ", "São Paulo"],
};

// Where Brazilian Portuguese writes a city otherwise than the pt column (European Portuguese).
export const CITIES_PT_BR: Record<string, string> = { cologne: "Colônia", "new-york": "Nova York" };

/** German's spelling without umlauts (Koeln, Zuerich, Muenchen), as typed on keyboards without them. */
const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };

/**
 * A city name as the search compares it: textKey, then Latin accents dropped (Zürich → zurich,
 * Kraków → krakow, Tōkyō → tokyo) and ł → l; other scripts as they are (京都, ベルリン).
 */
export function cityKey(value: string): string {
  return textKey(value).normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ł/g, "l").normalize("NFC").replace(/-/g, " ");
}

/** Every written form of a name the search reads: as written, without accents, and with German's ae/oe/ue/ss. */
function spellings(name: string): string[] {
  const folded = textKey(name);
  return [...new Set([cityKey(folded), cityKey(folded.replace(/[äöüß]/g, (c) => UMLAUTS[c]))])];
}

/** A city of the directory: its slug and its stored name. */
export interface DirectoryCity {
  slug: string;
  name: string;
}

/**
 * Every spelling that names one of `cities`, to its slug: the directory's own names and slugs
 * first, then the table's names of those cities in every language (a directory name is never
 * taken over by another city's exonym: Colonia in Uruguay stays itself). Cities the directory
 * does not have are left out, so that no name reads as a filter that finds nothing.
 */
export function cityAliases(cities: readonly DirectoryCity[]): ReadonlyMap<string, string> {
  const known = built.get(cities);
  if (known) return known;
  const aliases = new Map<string, string>();
  for (const c of cities) for (const key of [...spellings(c.name), cityKey(c.slug)]) if (!aliases.has(key)) aliases.set(key, c.slug);
  for (const c of cities) {
    const names = [...(CITIES[c.slug] ?? []), ...(CITIES_PT_BR[c.slug] ? [CITIES_PT_BR[c.slug]] : []), ...(EXTRA_NAMES[c.slug] ?? [])];
    for (const name of names) for (const key of spellings(name)) if (!aliases.has(key)) aliases.set(key, c.slug);
  }
  built.set(cities, aliases);
  return aliases;
}

/** By the directory's list (the cached, frozen one): built once per directory, dropped with it. */
const built = new WeakMap<readonly DirectoryCity[], Map<string, string>>();

/** Names beyond the table's columns that diners type: abbreviations and romanizations. */
const EXTRA_NAMES: Record<string, readonly string[]> = {
  "new-york": ["NYC", "New York City", "ニューヨーク市"],
  tokyo: ["東京都", "とうきょう"],
  kyoto: ["京都市", "きょうと"],
};

/** The slug of the directory's city that `text` names in any language or spelling, or null. */
export function citySlugOf(text: string, cities: readonly DirectoryCity[]): string | null {
  return cityAliases(cities).get(cityKey(text)) ?? null;
}
