// Deterministic scale data in the import format: generateMenus({ restaurants: 100_000, seed: 1 })
// yields ImportFile batches that the importer loads like any other file.
//
// Pure and reproducible: the same options give byte-identical JSON on every machine. Randomness
// comes from a small seeded PRNG (mulberry32), never Math.random or the clock. Every restaurant is
// derived from (seed, index) alone, so restaurant n is the same whatever the batch size.
//
// The directory (countries, cities, cuisines) reuses the demo data's entries where slugs overlap
// (prisma/demo/directory.json) so loading generated batches on top of the demo data leaves the
// demo's directory unchanged; a few more countries and cities are added to reach ~50 cities.
// Owners are all on the pro plan with 1–10 restaurants each, so plan limits hold.
import { mulberry32 } from "./mulberry32.mjs";
import demoDirectory from "../../prisma/demo/directory.json";
import { ALLERGENS, type Allergen } from "../menu/allergens";
import { currencyDigits } from "../menu/money";
import type { ImportFile, ImportItem, ImportRestaurant } from "./import-schema";

export interface GenerateMenusOptions {
  /** how many restaurants to generate in total */
  restaurants: number;
  /** PRNG seed (any integer); the same seed gives the same output */
  seed: number;
  /** menu items per restaurant, hidden ones included (default 50) */
  itemsPerRestaurant?: number;
  /** restaurants per yielded batch (default 500) */
  batchSize?: number;
}

type Country = ImportFile["countries"][number];
type City = ImportFile["cities"][number];
type Cuisine = ImportFile["cuisines"][number];
type Owner = ImportFile["owners"][number];
type Category = ImportRestaurant["categories"][number];

export const GENERATED_MARKER = "PRIVATE-MARKER";

// ───────────────────────────── PRNG ─────────────────────────────

export { mulberry32 };

/** Mixes two integers into a well-spread 32-bit seed (splitmix-style finaliser). */
function mix(a: number, b: number): number {
  let h = (Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  shuffled<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

// ───────────────────────────── directory ─────────────────────────────

interface CountryInfo {
  currency: string;
  /** price level relative to EUR prices in Germany */
  priceFactor: number;
  /** rounding step for prices, in major units */
  step: number;
  phone: (r: Rng) => string;
  postal: (r: Rng) => string;
  streets: string[];
  /** "8 Main Street" (true) or "Hauptstraße 8" (false) */
  numberFirst: boolean;
}

const upper = (r: Rng, n: number) => Array.from({ length: n }, () => "ABCDEFGHJKLMNPRSTUVWXY"[r.int(0, 21)]).join("");

const COUNTRY_INFO: Record<string, CountryInfo> = {
  germany: { currency: "EUR", priceFactor: 1, step: 0.1, phone: (r) => `+49 ${r.int(30, 89)} ${r.digits(4)} ${r.digits(4)}`, postal: (r) => r.digits(5), streets: ["Hauptstraße", "Bahnhofstraße", "Lindenstraße", "Schillerstraße", "Gartenstraße"], numberFirst: false },
  austria: { currency: "EUR", priceFactor: 1.05, step: 0.1, phone: (r) => `+43 ${r.int(1, 699)} ${r.digits(3)} ${r.digits(3)}`, postal: (r) => String(r.int(1010, 9999)), streets: ["Hauptplatz", "Kirchengasse", "Mariahilfer Straße", "Herrengasse"], numberFirst: false },
  switzerland: { currency: "CHF", priceFactor: 1.9, step: 0.5, phone: (r) => `+41 ${r.int(21, 91)} ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`, postal: (r) => String(r.int(1000, 9658)), streets: ["Bahnhofstrasse", "Seestrasse", "Rue du Marché", "Dorfstrasse"], numberFirst: false },
  france: { currency: "EUR", priceFactor: 1.1, step: 0.5, phone: (r) => `+33 ${r.int(1, 5)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`, postal: (r) => r.digits(5), streets: ["rue de la République", "rue Victor Hugo", "avenue Jean Jaurès", "place du Marché"], numberFirst: true },
  italy: { currency: "EUR", priceFactor: 1, step: 0.5, phone: (r) => `+39 0${r.int(2, 99)} ${r.digits(3)} ${r.digits(4)}`, postal: (r) => r.digits(5), streets: ["Via Roma", "Via Garibaldi", "Corso Vittorio Emanuele", "Piazza del Duomo"], numberFirst: false },
  spain: { currency: "EUR", priceFactor: 0.85, step: 0.5, phone: (r) => `+34 9${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`, postal: (r) => r.digits(5), streets: ["Calle Mayor", "Calle Real", "Plaza de España", "Avenida de la Constitución"], numberFirst: false },
  portugal: { currency: "EUR", priceFactor: 0.8, step: 0.5, phone: (r) => `+351 2${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`, postal: (r) => `${r.digits(4)}-${r.digits(3)}`, streets: ["Rua Augusta", "Rua da Prata", "Avenida da Liberdade", "Largo do Carmo"], numberFirst: false },
  poland: { currency: "PLN", priceFactor: 3.2, step: 1, phone: (r) => `+48 ${r.int(12, 91)} ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`, postal: (r) => `${r.digits(2)}-${r.digits(3)}`, streets: ["ul. Długa", "ul. Floriańska", "ul. Mickiewicza", "Rynek"], numberFirst: false },
  czechia: { currency: "CZK", priceFactor: 20, step: 10, phone: (r) => `+420 ${r.digits(3)} ${r.digits(3)} ${r.digits(3)}`, postal: (r) => `${r.digits(3)} ${r.digits(2)}`, streets: ["Národní", "Vodičkova", "Karlova", "Husova"], numberFirst: false },
  sweden: { currency: "SEK", priceFactor: 11, step: 5, phone: (r) => `+46 ${r.int(8, 90)} ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`, postal: (r) => `${r.digits(3)} ${r.digits(2)}`, streets: ["Drottninggatan", "Storgatan", "Kungsgatan", "Östra Hamngatan"], numberFirst: false },
  "united-kingdom": { currency: "GBP", priceFactor: 0.95, step: 0.5, phone: (r) => `+44 20 7946 0${r.digits(3)}`, postal: (r) => `${upper(r, 2)}${r.int(1, 20)} ${r.int(1, 9)}${upper(r, 2)}`, streets: ["High Street", "Station Road", "Church Street", "Market Street"], numberFirst: true },
  "united-states": { currency: "USD", priceFactor: 1.2, step: 0.5, phone: (r) => `+1 ${r.int(201, 989)}-555-01${r.digits(2)}`, postal: (r) => r.digits(5), streets: ["Main Street", "Broadway", "Park Avenue", "Elm Street"], numberFirst: true },
  japan: { currency: "JPY", priceFactor: 120, step: 50, phone: (r) => `+81 ${r.int(3, 99)}-${r.digits(4)}-${r.digits(4)}`, postal: (r) => `${r.digits(3)}-${r.digits(4)}`, streets: ["Chūō-dōri", "Omotesandō", "Shijō-dōri", "Kawaramachi-dōri"], numberFirst: true },
  brazil: { currency: "BRL", priceFactor: 4.5, step: 1, phone: (r) => `+55 ${r.int(11, 99)} ${r.digits(4)}-${r.digits(4)}`, postal: (r) => `${r.digits(5)}-${r.digits(3)}`, streets: ["Rua Augusta", "Avenida Paulista", "Rua Oscar Freire", "Rua da Consolação"], numberFirst: false },
  netherlands: { currency: "EUR", priceFactor: 1.1, step: 0.5, phone: (r) => `+31 ${r.int(10, 79)} ${r.digits(3)} ${r.digits(4)}`, postal: (r) => `${r.int(1000, 9999)} ${upper(r, 2)}`, streets: ["Kerkstraat", "Prinsengracht", "Haarlemmerstraat", "Oudegracht"], numberFirst: false },
  belgium: { currency: "EUR", priceFactor: 1.05, step: 0.5, phone: (r) => `+32 ${r.int(2, 9)} ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`, postal: (r) => String(r.int(1000, 9999)), streets: ["Rue Neuve", "Grote Markt", "Rue des Bouchers", "Meir"], numberFirst: false },
  denmark: { currency: "DKK", priceFactor: 8, step: 5, phone: (r) => `+45 ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`, postal: (r) => String(r.int(1000, 9990)), streets: ["Strøget", "Vesterbrogade", "Nørrebrogade", "Jægersborggade"], numberFirst: false },
  ireland: { currency: "EUR", priceFactor: 1.15, step: 0.5, phone: (r) => `+353 1 ${r.digits(3)} ${r.digits(4)}`, postal: (r) => `D${r.digits(2)} ${upper(r, 1)}${r.digits(3)}`, streets: ["Grafton Street", "Camden Street", "Capel Street", "Dame Street"], numberFirst: true },
  hungary: { currency: "HUF", priceFactor: 380, step: 100, phone: (r) => `+36 1 ${r.digits(3)} ${r.digits(4)}`, postal: (r) => String(r.int(1011, 1239)), streets: ["Váci utca", "Király utca", "Andrássy út", "Kazinczy utca"], numberFirst: false },
};

const EXTRA_COUNTRIES: Country[] = [
  { slug: "netherlands", code: "NL", name: "Netherlands", language: "nl" },
  { slug: "belgium", code: "BE", name: "Belgium", language: "fr" },
  { slug: "denmark", code: "DK", name: "Denmark", language: "da" },
  { slug: "ireland", code: "IE", name: "Ireland", language: "en" },
  { slug: "hungary", code: "HU", name: "Hungary", language: "hu" },
];

/** Time zones of the generated cities (demo cities carry their own). */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  netherlands: "Europe/Amsterdam", belgium: "Europe/Brussels", denmark: "Europe/Copenhagen", ireland: "Europe/Dublin", hungary: "Europe/Budapest",
  germany: "Europe/Berlin", austria: "Europe/Vienna", switzerland: "Europe/Zurich", italy: "Europe/Rome", spain: "Europe/Madrid", poland: "Europe/Warsaw",
  sweden: "Europe/Stockholm", "united-kingdom": "Europe/London", japan: "Asia/Tokyo", brazil: "America/Sao_Paulo",
};
const EXTRA_TIME_ZONES: Record<string, string> = { boston: "America/New_York", "san-francisco": "America/Los_Angeles" };

const EXTRA_CITIES: City[] = [
  ["amsterdam", "Amsterdam", "netherlands"],
  ["rotterdam", "Rotterdam", "netherlands"],
  ["brussels", "Bruxelles", "belgium"],
  ["antwerp", "Antwerpen", "belgium"],
  ["copenhagen", "København", "denmark"],
  ["aarhus", "Aarhus", "denmark"],
  ["dublin", "Dublin", "ireland"],
  ["budapest", "Budapest", "hungary"],
  ["frankfurt", "Frankfurt am Main", "germany"],
  ["stuttgart", "Stuttgart", "germany"],
  ["leipzig", "Leipzig", "germany"],
  ["graz", "Graz", "austria"],
  ["lausanne", "Lausanne", "switzerland"],
  ["florence", "Firenze", "italy"],
  ["naples", "Napoli", "italy"],
  ["valencia", "Valencia", "spain"],
  ["seville", "Sevilla", "spain"],
  ["wroclaw", "Wrocław", "poland"],
  ["malmo", "Malmö", "sweden"],
  ["manchester", "Manchester", "united-kingdom"],
  ["boston", "Boston", "united-states"],
  ["san-francisco", "San Francisco", "united-states"],
  ["osaka", "Osaka", "japan"],
  ["porto-alegre", "Porto Alegre", "brazil"],
].map(([slug, name, country]) => ({ slug, name, country, diningScene: null, timeZone: EXTRA_TIME_ZONES[slug] ?? COUNTRY_TIME_ZONES[country] }));

/** City centres used to place generated restaurants (lat, lon). */
const CITY_CENTRES: Record<string, [number, number]> = {
  berlin: [52.52, 13.405], munich: [48.1372, 11.5755], cologne: [50.9375, 6.9603], dusseldorf: [51.2277, 6.7735], hamburg: [53.5511, 9.9937],
  vienna: [48.2082, 16.3738], salzburg: [47.8095, 13.055], zurich: [47.3769, 8.5417], geneva: [46.2044, 6.1432], basel: [47.5596, 7.5886],
  paris: [48.8566, 2.3522], lyon: [45.764, 4.8357], rome: [41.9028, 12.4964], milan: [45.4642, 9.19], bologna: [44.4949, 11.3426],
  madrid: [40.4168, -3.7038], barcelona: [41.3874, 2.1686], malaga: [36.7213, -4.4214], lisbon: [38.7223, -9.1393], porto: [41.1579, -8.6291],
  krakow: [50.0647, 19.945], warsaw: [52.2297, 21.0122], gdansk: [54.352, 18.6466], prague: [50.0755, 14.4378], brno: [49.1951, 16.6068],
  stockholm: [59.3293, 18.0686], gothenburg: [57.7089, 11.9746], london: [51.5074, -0.1278], edinburgh: [55.9533, -3.1883],
  "new-york": [40.7128, -74.006], chicago: [41.8781, -87.6298], tokyo: [35.6762, 139.6503], kyoto: [35.0116, 135.7681],
  "sao-paulo": [-23.5505, -46.6333], "porto-alegre": [-30.0346, -51.2177], osaka: [34.6937, 135.5023],
  amsterdam: [52.3676, 4.9041], rotterdam: [51.9244, 4.4777], brussels: [50.8503, 4.3517], antwerp: [51.2194, 4.4025],
  copenhagen: [55.6761, 12.5683], aarhus: [56.1629, 10.2039], dublin: [53.3498, -6.2603], budapest: [47.4979, 19.0402],
  frankfurt: [50.1109, 8.6821], stuttgart: [48.7758, 9.1829], leipzig: [51.3397, 12.3731], graz: [47.0707, 15.4395],
  lausanne: [46.5197, 6.6323], florence: [43.7696, 11.2558], naples: [40.8518, 14.2681], valencia: [39.4699, -0.3763],
  seville: [37.3891, -5.9845], wroclaw: [51.1079, 17.0385], malmo: [55.605, 13.0038], manchester: [53.4808, -2.2426],
  boston: [42.3601, -71.0589], "san-francisco": [37.7749, -122.4194],
};

// ───────────────────────────── menus ─────────────────────────────

/** "Name|ingredients|allergens|tags" */
type Dish = string;

interface CuisinePool {
  slug: string;
  /** name templates; {w} is replaced by one of `words` */
  names: string[];
  words: string[];
  /** the country whose cooking it is, for a slight local preference */
  home: string[];
  starters: Dish[];
  mains: Dish[];
  desserts: Dish[];
}

const POOLS: CuisinePool[] = [
  {
    slug: "italian", home: ["italy"],
    names: ["Trattoria {w}", "Osteria {w}", "Pizzeria {w}", "Cucina {w}", "Enoteca {w}"],
    words: ["Luna", "Sole", "Olivo", "Limone", "Rosa", "Basilico", "Portico", "Vesuvio", "Nonna Lina", "Fiore"],
    starters: ["Bruschetta|grilled bread, tomato, garlic, basil|gluten|vegan", "Burrata|burrata, cherry tomatoes, basil oil|milk|vegetarian gluten-free", "Arancini|saffron rice, ragù, peas|gluten eggs milk celery|", "Vitello tonnato|veal, tuna sauce, capers|eggs fish|gluten-free", "Fritto misto|calamari, prawns, lemon|gluten crustaceans molluscs|", "Caprese|tomato, mozzarella, basil|milk|vegetarian gluten-free", "Minestrone|seasonal vegetables, beans, parmesan|celery milk|vegetarian"],
    mains: ["Margherita|tomato, fior di latte, basil|gluten milk|vegetarian", "Diavola|tomato, mozzarella, spicy salami|gluten milk|spicy", "Quattro formaggi|four cheeses|gluten milk|vegetarian", "Spaghetti carbonara|guanciale, egg yolk, pecorino|gluten eggs milk|", "Cacio e pepe|pecorino, black pepper|gluten milk|vegetarian", "Tagliatelle al ragù|beef and pork ragù|gluten eggs celery sulphites|", "Lasagne|ragù, béchamel, parmesan|gluten eggs milk celery|", "Risotto ai funghi|porcini, parmesan, thyme|milk celery sulphites|vegetarian gluten-free", "Spaghetti alle vongole|clams, garlic, white wine|gluten molluscs sulphites|", "Penne all'arrabbiata|tomato, garlic, chilli|gluten|vegan spicy", "Saltimbocca|veal, prosciutto, sage|milk sulphites|gluten-free", "Branzino al forno|sea bass, potatoes, olives|fish|gluten-free", "Gnocchi al pesto|potato gnocchi, basil pesto|gluten eggs milk|vegetarian", "Melanzane alla parmigiana|aubergine, tomato, mozzarella|milk|vegetarian gluten-free"],
    desserts: ["Tiramisu|mascarpone, espresso, cocoa|gluten eggs milk|vegetarian", "Panna cotta|cream, berry coulis|milk|gluten-free", "Cannolo|ricotta, pistachio|gluten milk nuts|vegetarian", "Affogato|vanilla gelato, espresso|milk eggs|gluten-free", "Torta caprese|chocolate, almonds|eggs milk nuts|gluten-free"],
  },
  {
    slug: "french", home: ["france", "belgium"],
    names: ["Bistro {w}", "Brasserie {w}", "Café {w}", "Le Comptoir {w}", "Auberge {w}"],
    words: ["Lumière", "Lilas", "Marronnier", "Jardin", "Soleil", "Canal", "Tilleul", "Cocotte", "Saint-Honoré", "Rivoli"],
    starters: ["Soupe à l'oignon|onion, beef broth, comté|gluten milk celery sulphites|", "Escargots|garlic and parsley butter|molluscs milk|gluten-free", "Œufs mayonnaise|eggs, Dijon mayonnaise|eggs mustard|vegetarian gluten-free", "Terrine de campagne|pork terrine, cornichons|eggs sulphites|", "Salade de chèvre chaud|goat's cheese, walnuts, honey|gluten milk nuts|vegetarian", "Moules marinières|mussels, white wine, shallots|molluscs sulphites milk|gluten-free", "Rillettes|pork rillettes, toast|gluten|"],
    mains: ["Steak frites|rib-eye, béarnaise, fries|eggs milk|gluten-free", "Confit de canard|duck leg, sarladaise potatoes||gluten-free", "Bœuf bourguignon|beef, red wine, mushrooms|celery sulphites|", "Coq au vin|chicken, red wine, bacon|celery sulphites|gluten-free", "Sole meunière|sole, brown butter, lemon|fish milk gluten|", "Ratatouille|Provençal vegetables||vegan gluten-free", "Croque monsieur|ham, béchamel, gruyère|gluten milk|", "Quiche lorraine|bacon, eggs, cream|gluten eggs milk|", "Blanquette de veau|veal, cream, mushrooms|milk celery|", "Cassoulet|white beans, sausage, duck|celery|", "Bouillabaisse|fish, saffron, rouille|fish crustaceans molluscs eggs celery|", "Magret de canard|duck breast, cherries|sulphites|gluten-free", "Gratin dauphinois|potatoes, cream|milk|vegetarian gluten-free", "Tartare de bœuf|hand-cut beef, capers, fries|eggs mustard|gluten-free"],
    desserts: ["Crème brûlée|vanilla custard|eggs milk|gluten-free", "Mousse au chocolat|dark chocolate|eggs milk soy|gluten-free", "Tarte Tatin|caramelised apples, crème fraîche|gluten eggs milk|vegetarian", "Profiteroles|choux, vanilla ice cream, chocolate|gluten eggs milk|vegetarian", "Île flottante|meringue, custard, almonds|eggs milk nuts|gluten-free"],
  },
  {
    slug: "german", home: ["germany", "austria", "switzerland"],
    names: ["Gasthaus {w}", "Wirtshaus {w}", "Brauhaus {w}", "{w}stube", "Gasthof {w}"],
    words: ["Linde", "Adler", "Krone", "Hirsch", "Eiche", "Sonne", "Anker", "Kastanie", "Post", "Rose"],
    starters: ["Brezel mit Obatzda|pretzel, camembert spread|gluten milk|vegetarian", "Kartoffelsuppe|potato soup, marjoram|celery milk|", "Flammkuchen|crème fraîche, onions, bacon|gluten milk|", "Leberknödelsuppe|liver dumpling, beef broth|gluten eggs celery|", "Feldsalat|lamb's lettuce, bacon, croutons|gluten mustard|", "Reibekuchen|potato fritters, apple sauce|gluten eggs|vegetarian", "Gulaschsuppe|beef, paprika|celery|"],
    mains: ["Schweinsbraten|roast pork, dumpling, cabbage|gluten eggs milk celery|", "Wiener Schnitzel|veal, potato salad|gluten eggs milk mustard|", "Käsespätzle|egg noodles, mountain cheese, onions|gluten eggs milk|vegetarian", "Rinderroulade|beef roulade, red cabbage|mustard celery sulphites|", "Sauerbraten|marinated beef, raisin gravy|gluten celery sulphites|", "Currywurst|sausage, curry ketchup, fries|celery mustard|spicy", "Maultaschen|Swabian dumplings, broth|gluten eggs celery|", "Schweinshaxe|pork knuckle, sauerkraut|gluten mustard|", "Forelle Müllerin|trout, brown butter, potatoes|fish milk gluten|", "Königsberger Klopse|veal meatballs, caper sauce|gluten eggs milk fish|", "Bratwurst|grilled sausages, sauerkraut, mustard|mustard|gluten-free", "Spargel mit Hollandaise|white asparagus, hollandaise, potatoes|eggs milk|vegetarian gluten-free", "Gemüse-Maultaschen|vegetable dumplings, onion butter|gluten eggs milk|vegetarian", "Kohlrouladen|cabbage rolls, tomato sauce|celery|"],
    desserts: ["Apfelstrudel|apple strudel, vanilla sauce|gluten eggs milk|vegetarian", "Kaiserschmarrn|shredded pancake, plum compote|gluten eggs milk|vegetarian", "Rote Grütze|red berries, vanilla sauce|milk|gluten-free", "Schwarzwälder Kirschtorte|chocolate, cherries, cream|gluten eggs milk|vegetarian", "Dampfnudel|yeast dumpling, custard|gluten eggs milk|vegetarian"],
  },
  {
    slug: "spanish", home: ["spain"],
    names: ["Taberna {w}", "Bodega {w}", "Bar {w}", "Casa {w}", "Mesón {w}"],
    words: ["La Perla", "El Faro", "Sol", "La Higuera", "El Olivo", "Azahar", "La Plaza", "Candela", "Triana", "La Bombilla"],
    starters: ["Patatas bravas|potatoes, brava sauce, aioli|eggs|vegetarian spicy gluten-free", "Croquetas de jamón|ham, béchamel|gluten eggs milk|", "Pimientos de Padrón|blistered peppers, sea salt||vegan gluten-free", "Gambas al ajillo|prawns, garlic, chilli|crustaceans|gluten-free spicy", "Pan con tomate|bread, tomato, olive oil|gluten|vegan", "Jamón ibérico|acorn-fed ham, 80 g||gluten-free", "Boquerones|marinated anchovies|fish sulphites|gluten-free"],
    mains: ["Paella valenciana|rice, chicken, rabbit, beans|celery|gluten-free", "Paella de marisco|rice, prawns, mussels, squid|crustaceans molluscs fish celery|gluten-free", "Tortilla española|potato omelette|eggs|vegetarian gluten-free", "Pulpo a la gallega|octopus, paprika, potatoes|molluscs|gluten-free", "Albóndigas|meatballs, tomato sauce|gluten eggs|", "Arroz negro|squid ink rice, aioli|molluscs eggs fish|gluten-free", "Rabo de toro|oxtail, red wine|celery sulphites|gluten-free", "Calamares a la romana|fried squid, lemon|gluten eggs molluscs|", "Pollo al ajillo|chicken, garlic, white wine|sulphites|gluten-free", "Merluza en salsa verde|hake, clams, parsley|fish molluscs gluten|", "Fabada asturiana|white beans, chorizo, morcilla||gluten-free", "Secreto ibérico|grilled pork, potatoes||gluten-free", "Espinacas con garbanzos|spinach, chickpeas, cumin||vegan gluten-free", "Gazpacho|chilled tomato soup|gluten|vegan"],
    desserts: ["Crema catalana|custard, burnt sugar|eggs milk|gluten-free", "Churros con chocolate|fried dough, hot chocolate|gluten milk soy|vegetarian", "Flan|caramel custard|eggs milk|gluten-free", "Tarta de Santiago|almond cake|eggs nuts|gluten-free", "Arroz con leche|rice pudding, cinnamon|milk|gluten-free"],
  },
  {
    slug: "portuguese", home: ["portugal", "brazil"],
    names: ["Tasca {w}", "Casa {w}", "Adega {w}", "Churrasqueira {w}", "Taberna {w}"],
    words: ["do Mar", "Azul", "da Sé", "Lusitana", "do Largo", "Alfama", "Ribeira", "Saudade", "do Fado", "Atlântico"],
    starters: ["Pastéis de bacalhau|salt cod fritters|gluten eggs fish|", "Caldo verde|kale, potato, chouriço||gluten-free", "Amêijoas à Bulhão Pato|clams, garlic, coriander|molluscs sulphites|gluten-free", "Queijo da Serra|sheep's cheese, toast|gluten milk|vegetarian", "Peixinhos da horta|green bean tempura|gluten eggs|vegetarian", "Chouriço assado|flame-grilled sausage||gluten-free", "Salada de polvo|octopus salad|molluscs|gluten-free"],
    mains: ["Bacalhau à Brás|salt cod, egg, straw potatoes|eggs fish|gluten-free", "Sardinhas assadas|grilled sardines, peppers|fish|gluten-free", "Polvo à lagareiro|roast octopus, potatoes|molluscs|gluten-free", "Francesinha|steak sandwich, cheese, beer sauce|gluten eggs milk sulphites|", "Frango piri-piri|chicken, piri-piri, fries||spicy gluten-free", "Arroz de marisco|seafood rice|crustaceans fish celery molluscs|gluten-free", "Bifana|pork sandwich, mustard|gluten mustard|", "Carne de porco à alentejana|pork, clams, potatoes|molluscs sulphites|gluten-free", "Bacalhau com natas|salt cod, cream, potatoes|gluten fish milk|", "Cataplana de peixe|fish stew|crustaceans fish molluscs|gluten-free", "Alheira|smoked sausage, egg, fries|gluten eggs|", "Feijoada à transmontana|beans, pork||gluten-free", "Dourada grelhada|grilled sea bream|fish|gluten-free", "Açorda de marisco|bread stew, seafood, coriander|gluten crustaceans eggs|"],
    desserts: ["Pastel de nata|custard tart|gluten eggs milk|vegetarian", "Arroz doce|rice pudding|eggs milk|gluten-free", "Pudim flan|caramel custard|eggs milk|gluten-free", "Bolo de bolacha|biscuit cake, coffee cream|gluten eggs milk|vegetarian", "Toucinho do céu|almond cake|eggs nuts|gluten-free"],
  },
  {
    slug: "polish", home: ["poland"],
    names: ["Bar {w}", "Pierogarnia {w}", "Restauracja {w}", "Karczma {w}", "Bistro {w}"],
    words: ["Pod Lipą", "Złota Kaczka", "Wiśnia", "Bursztyn", "Pod Dębem", "Stary Młyn", "Jagoda", "Kogucik", "Pod Różą", "Zielony Ogród"],
    starters: ["Żurek|sour rye soup, sausage, egg|gluten eggs celery|", "Barszcz z uszkami|beetroot soup, mushroom dumplings|gluten eggs celery|vegetarian", "Rosół|chicken broth, noodles|gluten eggs celery|", "Śledź w oleju|herring, onion|fish|gluten-free", "Placki ziemniaczane|potato pancakes, sour cream|gluten eggs milk|vegetarian", "Pomidorowa|tomato soup, rice|milk celery|gluten-free", "Smalec ze chlebem|lard spread, bread|gluten|"],
    mains: ["Pierogi ruskie|potato and cheese dumplings|gluten eggs milk|vegetarian", "Pierogi z mięsem|meat dumplings|gluten eggs celery|", "Pierogi z kapustą|sauerkraut and mushroom dumplings|gluten|vegan", "Kotlet schabowy|breaded pork chop, potatoes|gluten eggs milk|", "Bigos|hunter's stew|celery sulphites|gluten-free", "Gołąbki|cabbage rolls, tomato sauce|celery|", "Golonka|roast pork knuckle|mustard celery|gluten-free", "Kaczka z jabłkami|roast duck, apples||gluten-free", "Gulasz wieprzowy|pork goulash, kasza|gluten celery|", "Dorsz smażony|fried cod, fries|gluten eggs fish|", "Kotlet mielony|meat patty, beetroot|gluten eggs|", "Naleśniki z serem|pancakes with curd cheese|gluten eggs milk|vegetarian", "Kopytka|potato dumplings, butter|gluten eggs milk|vegetarian", "Zrazy|beef roulade, buckwheat|gluten mustard celery|"],
    desserts: ["Sernik|baked cheesecake|gluten eggs milk|vegetarian", "Szarlotka|apple cake|gluten eggs milk|vegetarian", "Pączek|doughnut, rose jam|gluten eggs milk|vegetarian", "Makowiec|poppy seed roll, walnuts|gluten eggs milk nuts|vegetarian", "Kisiel|fruit jelly||vegan gluten-free"],
  },
  {
    slug: "japanese", home: ["japan"],
    names: ["Ramen {w}", "Izakaya {w}", "Sushi {w}", "Soba {w}", "{w} Kitchen"],
    words: ["Kaze", "Hana", "Tsuki", "Sakura", "Yama", "Kumo", "Hoshi", "Umi", "Mori", "Hikari"],
    starters: ["Edamame|sea salt|soy|vegan gluten-free", "Gyoza|pork dumplings|gluten soy sesame|", "Karaage|fried chicken, mayo|gluten eggs soy|", "Agedashi tofu|tofu, dashi|gluten fish soy|", "Takoyaki|octopus balls|gluten eggs fish soy molluscs|", "Miso soup|tofu, wakame|fish soy|gluten-free", "Seaweed salad|wakame, sesame|soy sesame|vegan"],
    mains: ["Tonkotsu ramen|pork broth, chashu, egg|gluten eggs soy sesame|", "Shoyu ramen|chicken broth, soy|gluten eggs fish soy|", "Miso ramen|miso broth, corn, tofu|gluten soy sesame|vegan", "Tantanmen|spicy sesame broth|gluten peanuts soy sesame|spicy", "Salmon nigiri set|8 pieces|gluten fish soy|", "Chirashi don|sashimi on rice|gluten fish soy|", "Katsu curry|pork cutlet, curry, rice|gluten eggs soy celery|", "Tempura udon|prawn tempura, udon|gluten crustaceans eggs fish soy|", "Zaru soba|cold buckwheat noodles|gluten fish soy|", "Chicken teriyaki|glazed chicken, rice|gluten soy sesame|", "Unagi don|grilled eel, rice|gluten fish soy|", "Yakitori set|five skewers|gluten soy|", "Vegetable tempura|seasonal vegetables|gluten eggs|vegetarian", "Okonomiyaki|savoury pancake, cabbage|gluten eggs fish soy|"],
    desserts: ["Mochi ice cream|three flavours|milk|gluten-free", "Matcha ice cream|green tea|eggs milk|gluten-free", "Dorayaki|pancakes, red bean|gluten eggs|vegetarian", "Purin|caramel custard|eggs milk|gluten-free", "Warabi mochi|kinako, kuromitsu|soy|vegan"],
  },
  {
    slug: "nordic", home: ["sweden", "denmark"],
    names: ["{w} Matsal", "{w}s Kök", "Krog {w}", "Bistro {w}", "Kafé {w}"],
    words: ["Fjord", "Lingon", "Björk", "Havet", "Norrsken", "Granen", "Tallen", "Skär", "Ekorre", "Måne"],
    starters: ["Toast Skagen|prawns, mayonnaise, dill|gluten crustaceans eggs milk|", "Gravlax|cured salmon, mustard sauce|fish mustard|gluten-free", "Sill|three kinds of herring|fish milk mustard|", "Västerbotten pie|cheese tart|gluten eggs milk|vegetarian", "Fish soup|saffron, mussels|fish milk celery molluscs|gluten-free", "Beetroot salad|goat's cheese, walnuts|milk nuts|vegetarian gluten-free", "Smørrebrød|rye bread, egg, shrimp|gluten crustaceans eggs|"],
    mains: ["Köttbullar|meatballs, cream sauce, lingonberries|gluten eggs milk|", "Pytt i panna|hash, fried egg, beetroot|eggs|gluten-free", "Arctic char|brown butter, potatoes|fish milk|gluten-free", "Raggmunk|potato pancakes, pork|gluten eggs milk|", "Janssons frestelse|potato and anchovy gratin|fish milk|gluten-free", "Fried herring|mashed potatoes, lingonberries|gluten eggs fish milk|", "Reindeer stew|mushrooms, mashed potatoes|milk celery|gluten-free", "Cod loin|horseradish, butter sauce|fish milk|gluten-free", "Mushroom barley risotto|chanterelles, cheese|gluten milk|vegetarian", "Veal patty|cream sauce, peas|gluten eggs milk|", "Salmon with dill potatoes|salmon, dill|fish milk|gluten-free", "Pea soup with pancakes|yellow peas, pork|gluten eggs milk|", "Shrimp sandwich|prawns, egg, mayonnaise|gluten crustaceans eggs|", "Root vegetable stew|celeriac, carrots, barley|gluten celery|vegan"],
    desserts: ["Kanelbulle|cinnamon bun|gluten eggs milk|vegetarian", "Kladdkaka|sticky chocolate cake|gluten eggs milk|vegetarian", "Prinsesstårta|sponge, cream, marzipan|gluten eggs milk nuts|vegetarian", "Cloudberry parfait|cream, cloudberries|eggs milk|gluten-free", "Ostkaka|curd cake, jam|eggs milk nuts|gluten-free"],
  },
  {
    slug: "british", home: ["united-kingdom", "ireland"],
    names: ["The {w}", "The {w} Inn", "{w} Kitchen", "The {w} Arms", "{w} & Co"],
    words: ["Red Lion", "Crown", "Fox", "Anchor", "Oak", "Swan", "Rose", "Bell", "Kings Head", "Plough"],
    starters: ["Scotch egg|pork, sage, piccalilli|gluten eggs mustard|", "Prawn cocktail|prawns, Marie Rose sauce|crustaceans eggs|gluten-free", "Soup of the day|bread and butter|gluten milk celery|vegetarian", "Welsh rarebit|cheddar, ale, mustard|gluten milk mustard|vegetarian", "Potted shrimps|brown shrimps, butter|crustaceans milk|gluten-free", "Black pudding|apple, mustard|gluten mustard|", "Chicken liver pâté|toast, chutney|gluten milk sulphites|"],
    mains: ["Fish and chips|haddock, mushy peas, tartare|gluten eggs fish mustard|", "Steak and ale pie|mash, gravy|gluten eggs milk celery sulphites|", "Sunday roast|beef, Yorkshire pudding|gluten eggs milk celery|", "Shepherd's pie|lamb, potato|milk celery|gluten-free", "Bangers and mash|sausages, onion gravy|gluten milk sulphites|", "Ploughman's lunch|cheddar, pickle, bread|gluten milk mustard|vegetarian", "Cottage pie|beef, potato|milk celery|gluten-free", "Beef Wellington|fillet, mushroom, pastry|gluten eggs milk|", "Fish pie|smoked haddock, prawns, mash|crustaceans fish milk|gluten-free", "Chicken and leek pie|puff pastry|gluten eggs milk celery|", "Lamb shank|mash, rosemary gravy|milk celery sulphites|gluten-free", "Mushroom Wellington|chestnuts, spinach|gluten eggs milk|vegetarian", "Haggis, neeps and tatties|whisky sauce|gluten milk celery|", "Gammon, egg and chips|grilled gammon steak|eggs|gluten-free"],
    desserts: ["Sticky toffee pudding|toffee sauce, ice cream|gluten eggs milk|vegetarian", "Eton mess|strawberries, meringue, cream|eggs milk|gluten-free", "Apple crumble|custard|gluten milk|vegetarian", "Bread and butter pudding|custard|gluten eggs milk|vegetarian", "Treacle tart|clotted cream|gluten eggs milk|vegetarian"],
  },
  {
    slug: "american", home: ["united-states"],
    names: ["{w} Diner", "{w} Grill", "{w} Burger Co.", "{w} Smokehouse", "The {w} Kitchen"],
    words: ["Liberty", "Hudson", "Maple", "Route 66", "Lakeside", "Union", "Main Street", "Big Sky", "Golden Gate", "Harbor"],
    starters: ["Buffalo wings|blue cheese dip, celery|eggs milk celery|spicy gluten-free", "Clam chowder|clams, potatoes, cream|gluten milk celery molluscs|", "Mozzarella sticks|marinara|gluten eggs milk|vegetarian", "Loaded fries|cheese, bacon, sour cream|milk|gluten-free", "Onion rings|beer batter|gluten|vegan", "Caesar salad|romaine, parmesan, croutons|gluten eggs fish milk|", "Nachos|cheese, jalapeños, salsa|milk|vegetarian spicy"],
    mains: ["Classic cheeseburger|beef, cheddar, pickles|gluten eggs milk mustard sesame|", "Bacon burger|beef, bacon, BBQ sauce|gluten milk mustard sesame|", "Veggie burger|black bean patty, avocado|gluten soy mustard sesame|vegan", "Buttermilk pancakes|maple syrup|gluten eggs milk|vegetarian", "BBQ ribs|slaw, fries|celery mustard|gluten-free", "Mac and cheese|three cheeses|gluten milk|vegetarian", "Fried chicken|buttermilk, hot honey|gluten eggs milk|", "Lobster roll|lobster, mayo, brioche|gluten crustaceans eggs milk|", "Reuben sandwich|corned beef, sauerkraut, rye|gluten eggs milk mustard|", "Cobb salad|chicken, bacon, egg, avocado|eggs milk mustard|gluten-free", "Philly cheesesteak|beef, onions, cheese|gluten milk|", "Pulled pork sandwich|slaw, pickles|gluten eggs mustard|", "Grilled salmon|lemon butter, greens|fish milk|gluten-free", "Eggs Benedict|ham, hollandaise|gluten eggs milk|"],
    desserts: ["New York cheesecake|graham crust|gluten eggs milk|vegetarian", "Apple pie|vanilla ice cream|gluten eggs milk|vegetarian", "Brownie sundae|chocolate sauce, walnuts|gluten eggs milk nuts|vegetarian", "Key lime pie|whipped cream|gluten eggs milk|vegetarian", "Peanut butter shake|peanut butter, ice cream|peanuts milk|vegetarian gluten-free"],
  },
  {
    slug: "mexican", home: ["united-states"],
    names: ["Taquería {w}", "Cantina {w}", "Cocina {w}", "Tacos {w}", "{w} Mexican Kitchen"],
    words: ["El Sol", "La Palma", "Los Compadres", "Azteca", "La Catrina", "El Nopal", "Frida", "Maíz", "Oaxaca", "Luna Roja"],
    starters: ["Guacamole|avocado, lime, totopos||vegan gluten-free", "Elote|corn, mayo, cotija, chile|eggs milk|vegetarian spicy gluten-free", "Queso fundido|melted cheese, chorizo|milk|gluten-free", "Ceviche|white fish, lime, chile|fish|gluten-free spicy", "Sopa de tortilla|tomato broth, tortilla strips|milk|vegetarian", "Quesadilla|flour tortilla, Oaxaca cheese|gluten milk|vegetarian", "Tostadas de tinga|chicken, chipotle|milk|spicy"],
    mains: ["Tacos al pastor|pork, pineapple, onion||gluten-free", "Tacos de carnitas|confit pork, salsa verde||gluten-free", "Tacos de pescado|battered fish, cabbage|gluten eggs fish milk|", "Tacos de camarón|shrimp, mango salsa|crustaceans|gluten-free", "Burrito de pollo|chicken, rice, beans|gluten milk|", "Enchiladas verdes|chicken, salsa verde, crema|milk|gluten-free", "Mole poblano|chicken, mole, sesame|peanuts nuts sesame|gluten-free", "Chiles rellenos|poblano, cheese|gluten eggs milk|vegetarian", "Pozole rojo|pork, hominy||gluten-free", "Fajitas de res|beef, peppers, tortillas|gluten|", "Chilaquiles|totopos, salsa, egg|eggs milk|vegetarian", "Tamales|corn dough, chicken|milk|gluten-free", "Birria|beef stew, consomé|celery|gluten-free", "Tacos de hongos|mushrooms, epazote|milk|vegetarian gluten-free"],
    desserts: ["Churros|cinnamon sugar, cajeta|gluten eggs milk|vegetarian", "Flan|caramel custard|eggs milk|gluten-free", "Tres leches|sponge, three milks|gluten eggs milk|vegetarian", "Arroz con leche|rice pudding|milk|gluten-free", "Paleta|fruit ice pop||vegan gluten-free"],
  },
  {
    slug: "indian", home: ["united-kingdom"],
    names: ["{w}", "{w} House", "{w} Kitchen", "Tandoor {w}", "{w} Lane"],
    words: ["Masala", "Saffron", "Spice Route", "Tandoori Nights", "Chutney", "Curry Leaf", "Monsoon", "Bombay", "Cardamom", "Lotus"],
    starters: ["Samosas|potato, peas|gluten|vegan", "Onion bhaji|gram flour fritters||vegan gluten-free", "Paneer tikka|cottage cheese, peppers|milk mustard|vegetarian gluten-free", "Chicken tikka|yoghurt, spices|milk mustard|halal gluten-free", "Papadums|chutneys||vegan gluten-free", "Aloo tikki chaat|potato cakes, yoghurt, tamarind|gluten milk|vegetarian", "Prawn puri|spiced prawns, fried bread|gluten crustaceans|"],
    mains: ["Chicken tikka masala|tomato, cream, cashew|milk nuts|halal gluten-free", "Butter chicken|tomato, butter, fenugreek|milk nuts|halal gluten-free", "Lamb rogan josh|Kashmiri chilli|milk|halal spicy gluten-free", "Palak paneer|spinach, cottage cheese|milk|vegetarian gluten-free", "Chana masala|chickpeas, tomato||vegan gluten-free", "Dal makhani|black lentils, butter|milk|vegetarian gluten-free", "Lamb biryani|saffron rice, almonds|milk nuts|halal gluten-free", "Goan fish curry|coconut, tamarind|fish mustard|spicy gluten-free", "Prawn korma|coconut, cashew|crustaceans milk nuts|gluten-free", "Chicken vindaloo|vinegar, chilli|mustard|halal spicy gluten-free", "Aloo gobi|potato, cauliflower||vegan gluten-free", "Lamb saag|spinach, ginger|milk|halal gluten-free", "Vegetable korma|coconut, cashew|milk nuts|vegetarian gluten-free", "Tandoori mixed grill|chicken, lamb, prawns|crustaceans milk mustard|halal gluten-free"],
    desserts: ["Gulab jamun|rose syrup|gluten milk|vegetarian", "Kulfi|pistachio|milk nuts|vegetarian gluten-free", "Mango lassi|yoghurt, mango|milk|vegetarian gluten-free", "Rasmalai|cheese dumplings, saffron milk|milk nuts|vegetarian gluten-free", "Gajar halwa|carrot pudding|milk nuts|vegetarian gluten-free"],
  },
  {
    slug: "vietnamese", home: [],
    names: ["Phở {w}", "Bánh Mì {w}", "{w} Kitchen", "Quán {w}", "Bún {w}"],
    words: ["Sài Gòn", "Hà Nội", "Hội An", "Lotus", "Mekong", "Bamboo", "Sen", "Hạ Long", "Huế", "Đà Lạt"],
    starters: ["Gỏi cuốn|summer rolls, prawns, peanut dip|crustaceans peanuts soy|gluten-free", "Chả giò|fried spring rolls|gluten eggs fish|", "Gỏi đu đủ|green papaya, herbs, peanuts|fish peanuts|gluten-free spicy", "Bánh xèo|crispy pancake, pork, prawns|crustaceans fish|gluten-free", "Cánh gà chiên|chicken wings, fish sauce caramel|fish|gluten-free", "Đậu nành|edamame, chilli salt|soy|vegan gluten-free", "Gỏi cuốn chay|tofu summer rolls|peanuts soy|vegan gluten-free"],
    mains: ["Phở bò|beef broth, rice noodles|fish|gluten-free", "Phở gà|chicken broth, rice noodles|fish|gluten-free", "Phở chay|vegetable broth, tofu|soy|vegan gluten-free", "Bún chả|grilled pork, noodles, herbs|fish soy|gluten-free", "Bún bò Huế|spicy beef noodle soup|crustaceans fish|spicy gluten-free", "Bánh mì thịt|pork, pâté, pickles|gluten eggs fish soy|", "Bánh mì chay|tofu, pickles|gluten soy|vegan", "Cơm tấm|broken rice, pork chop, egg|eggs fish|gluten-free", "Cà ri gà|chicken curry, coconut|fish|gluten-free", "Bò lúc lắc|shaking beef, rice|gluten soy|", "Mì xào|stir-fried egg noodles|gluten eggs soy|", "Cá kho tộ|caramelised fish, rice|fish|gluten-free", "Bún thịt nướng|grilled pork, noodles, peanuts|fish peanuts|gluten-free", "Đậu hũ sốt cà|tofu in tomato sauce|soy|vegan gluten-free"],
    desserts: ["Chè ba màu|beans, jelly, coconut milk||vegan gluten-free", "Bánh flan|caramel custard|eggs milk|gluten-free", "Xôi xoài|mango sticky rice, sesame|sesame|vegan gluten-free", "Cà phê sữa đá|iced coffee, condensed milk|milk|vegetarian", "Kem dừa|coconut ice cream|milk|gluten-free"],
  },
  {
    slug: "lebanese", home: [],
    names: ["{w}", "Beit {w}", "{w} Grill", "Mezze {w}", "Café {w}"],
    words: ["Zaatar", "Cedar", "Olivier", "Yasmine", "Byblos", "Arz", "Sumac", "Layali", "Baalbek", "Tyr"],
    starters: ["Hummus|chickpeas, tahini|sesame|vegan gluten-free", "Moutabal|smoked aubergine, tahini|sesame|vegan gluten-free", "Tabbouleh|parsley, bulgur, tomato|gluten|vegan", "Fattoush|salad, sumac, pita|gluten|vegan", "Falafel|chickpeas, tahini sauce|sesame|vegan gluten-free", "Labneh|strained yoghurt, za'atar|milk|vegetarian gluten-free", "Warak enab|stuffed vine leaves||vegan gluten-free"],
    mains: ["Shish taouk|chicken skewers, garlic sauce|milk|halal gluten-free", "Kafta|lamb skewers, parsley, onion||halal gluten-free", "Mixed grill|chicken, lamb, kafta|milk|halal gluten-free", "Shawarma plate|chicken shawarma, rice|milk sesame|halal gluten-free", "Kibbeh|bulgur, minced meat|gluten|halal", "Manakish za'atar|flatbread, thyme, sesame|gluten sesame|vegan", "Lahm bi ajeen|meat flatbread|gluten|halal", "Maghmour|aubergine, chickpeas, tomato||vegan gluten-free", "Samke harra|spicy baked fish, tahini|fish sesame|spicy gluten-free", "Mujaddara|lentils, rice, crispy onions||vegan gluten-free", "Fatteh|chickpeas, yoghurt, pita|gluten milk sesame|vegetarian", "Lamb ouzi|rice, lamb, almonds|nuts|halal gluten-free", "Sheikh al mahshi|stuffed aubergine|milk|halal gluten-free", "Chicken shawarma wrap|garlic sauce, pickles|gluten|halal"],
    desserts: ["Baklava|pistachio, syrup|gluten milk nuts|vegetarian", "Knafeh|cheese pastry, syrup|gluten milk nuts|vegetarian", "Mouhalabieh|milk pudding, orange blossom|milk nuts|vegetarian gluten-free", "Maamoul|date cookies|gluten milk|vegetarian", "Halawa|sesame fudge|sesame|vegan gluten-free"],
  },
  {
    slug: "thai", home: [],
    names: ["Baan {w}", "{w} Thai", "Krua {w}", "Thai {w}", "{w} Kitchen"],
    words: ["Siam", "Lotus", "Chao Phraya", "Orchid", "Sukhothai", "Mali", "Jasmine", "Ayutthaya", "Chiang Mai", "Kati"],
    starters: ["Chicken satay|peanut sauce|peanuts soy|gluten-free", "Tom yum goong|prawns, lemongrass|crustaceans fish|spicy gluten-free", "Tom kha gai|coconut soup, chicken|fish|gluten-free", "Som tam|papaya salad|crustaceans fish peanuts|spicy gluten-free", "Spring rolls|vegetables, sweet chilli|gluten soy|vegan", "Tod man pla|fish cakes, cucumber relish|eggs fish|", "Larb gai|minced chicken, herbs|fish|spicy gluten-free"],
    mains: ["Pad thai|rice noodles, prawns, peanuts|crustaceans eggs fish peanuts soy|gluten-free", "Green curry|chicken, Thai basil|fish|spicy gluten-free", "Red curry|duck, pineapple|fish|spicy gluten-free", "Massaman curry|beef, potato, peanuts|fish peanuts|gluten-free", "Panang curry|pork, kaffir lime|fish peanuts|gluten-free", "Pad kra pao|holy basil, chilli, fried egg|eggs fish soy|spicy", "Pad see ew|wide noodles, broccoli|gluten eggs soy|", "Khao pad|fried rice|eggs fish soy|", "Pla rad prik|crispy fish, chilli sauce|gluten fish|spicy", "Gaeng keow wan jay|tofu green curry|soy|vegan spicy gluten-free", "Pad pak ruam|stir-fried vegetables|gluten soy|vegan", "Khao soi|curry noodle soup|gluten eggs fish|", "Gai yang|grilled chicken, sticky rice|fish soy|gluten-free", "Moo ping|grilled pork skewers|fish soy|"],
    desserts: ["Mango sticky rice|coconut, mango|sesame|vegan gluten-free", "Coconut ice cream|peanuts|milk peanuts|vegetarian gluten-free", "Thai tea crème brûlée|thai tea|eggs milk|gluten-free", "Banana roti|condensed milk|gluten eggs milk|vegetarian", "Tub tim krob|water chestnut, coconut milk||vegan gluten-free"],
  },
];

const SIDES: Dish[] = ["Fries|||vegan gluten-free", "Green salad|house dressing|mustard|vegan gluten-free", "Bread basket|butter|gluten milk|vegetarian", "Steamed rice|||vegan gluten-free", "Seasonal vegetables|||vegan gluten-free", "Sweet potato fries|||vegan gluten-free", "Aioli|garlic mayonnaise|eggs|vegetarian gluten-free", "Garlic bread|butter, parsley|gluten milk|vegetarian"];

const DRINKS: Dish[] = ["Still water|||", "Sparkling water|||", "Cola|||", "House lemonade|lemon, mint||vegan", "Orange juice|freshly squeezed||vegan", "Iced tea|||", "Espresso|||", "Cappuccino||milk|vegetarian", "Tea|||", "Draught beer||gluten|", "Alcohol-free beer||gluten|", "House red wine||sulphites|", "House white wine||sulphites|", "Sparkling wine||sulphites|"];

const SECTION_NAMES: Record<"starters" | "mains" | "sides" | "desserts" | "drinks" | "preview", Record<string, string>> = {
  starters: { en: "Starters", de: "Vorspeisen", fr: "Entrées", it: "Antipasti", es: "Entrantes", pt: "Entradas", "pt-BR": "Entradas", pl: "Przystawki", cs: "Předkrmy", sv: "Förrätter", ja: "前菜", nl: "Voorgerechten", da: "Forretter", hu: "Előételek" },
  mains: { en: "Mains", de: "Hauptgerichte", fr: "Plats", it: "Piatti principali", es: "Principales", pt: "Pratos principais", "pt-BR": "Pratos principais", pl: "Dania główne", cs: "Hlavní jídla", sv: "Varmrätter", ja: "メイン", nl: "Hoofdgerechten", da: "Hovedretter", hu: "Főételek" },
  sides: { en: "Sides", de: "Beilagen", fr: "Accompagnements", it: "Contorni", es: "Guarniciones", pt: "Acompanhamentos", "pt-BR": "Acompanhamentos", pl: "Dodatki", cs: "Přílohy", sv: "Tillbehör", ja: "サイド", nl: "Bijgerechten", da: "Tilbehør", hu: "Köretek" },
  desserts: { en: "Desserts", de: "Desserts", fr: "Desserts", it: "Dolci", es: "Postres", pt: "Sobremesas", "pt-BR": "Sobremesas", pl: "Desery", cs: "Dezerty", sv: "Efterrätter", ja: "デザート", nl: "Desserts", da: "Desserter", hu: "Desszertek" },
  drinks: { en: "Drinks", de: "Getränke", fr: "Boissons", it: "Bevande", es: "Bebidas", pt: "Bebidas", "pt-BR": "Bebidas", pl: "Napoje", cs: "Nápoje", sv: "Dryck", ja: "ドリンク", nl: "Dranken", da: "Drikkevarer", hu: "Italok" },
  preview: { en: "Seasonal preview", de: "Saisonvorschau", fr: "Aperçu de saison", it: "Anteprima di stagione", es: "Avance de temporada", pt: "Antevisão da estação", "pt-BR": "Prévia da estação", pl: "Zapowiedź sezonu", cs: "Sezónní náhled", sv: "Säsongsförhandsvisning", ja: "季節の試作", nl: "Seizoensvoorproef", da: "Sæsonforsmag", hu: "Szezonális előzetes" },
};

/** Base prices in EUR (German price level) per section: [min, max]. */
const BASE_PRICE: Record<"starters" | "mains" | "sides" | "desserts" | "drinks", [number, number]> = {
  starters: [5, 13],
  mains: [10, 28],
  sides: [3, 6],
  desserts: [4.5, 9.5],
  drinks: [2.2, 7.5],
};

const FIRST_NAMES = ["Anna", "Lukas", "Sofia", "Mateo", "Emma", "Noah", "Julia", "Jakub", "Chloé", "Hugo", "Giulia", "Marco", "Inês", "Tiago", "Zofia", "Ola", "Freja", "Oscar", "Aiko", "Haruto", "Priya", "Arjun", "Mai", "Minh", "Lina", "Omar", "Sarah", "James", "Lucía", "Diego"];
const LAST_NAMES = ["Müller", "Schmidt", "Rossi", "Bianchi", "Martin", "Bernard", "García", "Fernández", "Silva", "Santos", "Kowalski", "Nowak", "Novák", "Svoboda", "Andersson", "Johansson", "Tanaka", "Suzuki", "Patel", "Singh", "Nguyen", "Tran", "Haddad", "Khalil", "Smith", "Jones", "O'Brien", "Murphy", "De Jong", "Jensen"];

const ADJECTIVES = ["A cosy", "A family-run", "A lively", "A small", "A bright", "A neighbourhood", "A modern", "A traditional", "A relaxed", "A busy"];
const NOTES = ["Supplier invoices due on the 15th.", "Deep clean booked for the first Monday of the month.", "Head chef on holiday in August.", "Lease renewal next spring.", "Check the walk-in fridge thermometer.", "New POS terminal arriving next week."];
const BADGES = ["New", "Chef's choice", "Bestseller", "Seasonal", "House favourite"];
const OPENING_HOURS: (Partial<Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", string>> | null)[] = [
  { mon: "11:00-22:00", tue: "11:00-22:00", wed: "11:00-22:00", thu: "11:00-22:00", fri: "11:00-23:00", sat: "11:00-23:00", sun: "11:00-21:00" },
  { tue: "12:00-23:00", wed: "12:00-23:00", thu: "12:00-23:00", fri: "12:00-23:30", sat: "12:00-23:30", sun: "12:00-22:00" },
  { mon: "11:30-22:30", tue: "11:30-22:30", wed: "11:30-22:30", thu: "11:30-22:30", fri: "11:30-22:30", sat: "12:00-23:30" },
  { tue: "17:00-23:30", wed: "17:00-23:30", thu: "17:00-23:30", fri: "17:00-24:00", sat: "17:00-24:00" },
  { mon: "08:00-18:00", tue: "08:00-18:00", wed: "08:00-18:00", thu: "08:00-18:00", fri: "08:00-18:00", sat: "09:00-17:00" },
  { wed: "12:00-22:00", thu: "12:00-22:00", fri: "12:00-24:00", sat: "12:00-24:00", sun: "12:00-21:00" },
  null,
];

// ───────────────────────────── helpers ─────────────────────────────

const FOLD: Record<string, string> = { ß: "ss", ł: "l", Ł: "l", ø: "o", Ø: "o", æ: "ae", Æ: "ae", œ: "oe", Œ: "oe", đ: "d", Đ: "d", ı: "i" };

export function slugify(text: string): string {
  return text
    .replace(/[ßłŁøØæÆœŒđĐı]/g, (c) => FOLD[c])
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

interface ParsedDish {
  name: string;
  description: string | null;
  allergens: Allergen[];
  tags: string[];
}

const parsedDishes = new Map<Dish, ParsedDish>();

function parseDish(dish: Dish): ParsedDish {
  let parsed = parsedDishes.get(dish);
  if (!parsed) {
    const [name, ingredients, allergens, tags] = dish.split("|");
    const listed = (allergens ?? "").split(" ");
    parsed = {
      name,
      description: ingredients ? ingredients.charAt(0).toUpperCase() + ingredients.slice(1) : null,
      allergens: ALLERGENS.filter((a) => listed.includes(a)),
      tags: tags ? tags.split(" ") : [],
    };
    parsedDishes.set(dish, parsed);
  }
  // Fresh arrays: callers may own and change what they get.
  return { ...parsed, allergens: [...parsed.allergens], tags: [...parsed.tags] };
}

function money(r: Rng, [min, max]: [number, number], info: CountryInfo, cityFactor: number, digits: number): number {
  const eur = min + r.float() * (max - min);
  const raw = eur * info.priceFactor * cityFactor;
  const steps = Math.max(1, Math.round(raw / info.step));
  return toMajor(steps * info.step, digits);
}

function toMajor(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

// ───────────────────────────── the generator ─────────────────────────────

interface Directory {
  countries: Country[];
  cities: City[];
  cuisines: Cuisine[];
}

/** The countries, cities and cuisines generated restaurants refer to (demo entries reused by slug). */
export function generatedDirectory(): Directory {
  const demo = demoDirectory as unknown as Directory;
  const countries = [...demo.countries, ...EXTRA_COUNTRIES.filter((c) => !demo.countries.some((d) => d.slug === c.slug))];
  const cities = [...demo.cities, ...EXTRA_CITIES.filter((c) => !demo.cities.some((d) => d.slug === c.slug))].map((c) => ({
    slug: c.slug,
    name: c.name,
    country: c.country,
    diningScene: c.diningScene ?? null,
    timeZone: c.timeZone ?? null,
  }));
  const cuisines = POOLS.map((p) => {
    const c = demo.cuisines.find((d) => d.slug === p.slug);
    if (!c) throw new Error(`generate-menus: cuisine ${p.slug} is missing from the demo directory`);
    return { slug: c.slug, name: c.name, namePlural: c.namePlural, tagline: c.tagline };
  });
  for (const c of cities) {
    if (!COUNTRY_INFO[c.country]) throw new Error(`generate-menus: no country info for ${c.country}`);
    if (!CITY_CENTRES[c.slug]) throw new Error(`generate-menus: no centre for city ${c.slug}`);
  }
  return { countries: countries.map((c) => ({ slug: c.slug, code: c.code, name: c.name, language: c.language })), cities, cuisines };
}

/**
 * Yields the data in batches of `batchSize` restaurants (default 500). The first batch also
 * carries the directory; every batch carries the owners whose first restaurant is in it.
 */
export function* generateMenus(options: GenerateMenusOptions): Generator<ImportFile> {
  const total = Math.max(0, Math.floor(options.restaurants));
  const seed = Math.floor(options.seed) | 0;
  const itemsPerRestaurant = Math.max(0, Math.floor(options.itemsPerRestaurant ?? 50));
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 500));
  const directory = generatedDirectory();
  const countryLanguage = new Map(directory.countries.map((c) => [c.slug, c.language]));
  const countryOfCity = new Map(directory.cities.map((c) => [c.slug, c.country]));
  const cityName = new Map(directory.cities.map((c) => [c.slug, c.name]));
  const cuisineName = new Map(directory.cuisines.map((c) => [c.slug, c.name]));
  const seedTag = seed < 0 ? `n${-seed}` : String(seed);

  // Owners take consecutive runs of 1–10 restaurants; the run lengths come from their own stream.
  const ownerRng = new Rng(mix(seed, 0x0a11ce));
  let ownerIndex = -1;
  let ownerLeft = 0;
  let ownerEmail = "";

  let batch = emptyBatch();
  let first = true;
  for (let index = 0; index < total; index++) {
    if (ownerLeft === 0) {
      ownerIndex++;
      ownerLeft = ownerRng.int(1, 10);
      const given = FIRST_NAMES[ownerRng.int(0, FIRST_NAMES.length - 1)];
      const family = LAST_NAMES[ownerRng.int(0, LAST_NAMES.length - 1)];
      ownerEmail = `owner-s${seedTag}-${String(ownerIndex + 1).padStart(6, "0")}@example.com`;
      const owner: Owner = { email: ownerEmail, name: `${given} ${family}`, plan: "pro", billingCustomerId: `cus_${GENERATED_MARKER}_${seedTag}_${ownerIndex + 1}` };
      batch.owners.push(owner);
    }
    ownerLeft--;
    batch.restaurants.push(restaurant(index, ownerEmail));
    if (batch.restaurants.length === batchSize) {
      yield finish(batch);
      batch = emptyBatch();
    }
  }
  if (batch.restaurants.length || first) yield finish(batch);

  function emptyBatch(): ImportFile {
    return { scope: { restaurants: [], owners: [] }, countries: [], cities: [], cuisines: [], owners: [], restaurants: [], remove: [] };
  }

  // A batch may replace what the same seed generated before: its scope names its own slugs, and
  // nothing else (a taken slug of another owner is still refused by the importer).
  function finish(b: ImportFile): ImportFile {
    const scope = { restaurants: b.restaurants.map((r) => r.slug), owners: [] };
    if (first) {
      first = false;
      return { scope, countries: directory.countries, cities: directory.cities, cuisines: directory.cuisines, owners: b.owners, restaurants: b.restaurants, remove: [] };
    }
    return { ...b, scope };
  }

  function restaurant(index: number, owner: string): ImportRestaurant {
    const r = new Rng(mix(seed, index + 1));
    const city = directory.cities[r.int(0, directory.cities.length - 1)];
    const country = countryOfCity.get(city.slug)!;
    const info = COUNTRY_INFO[country];
    const local = POOLS.filter((p) => p.home.includes(country));
    const pool = local.length && r.chance(0.35) ? r.pick(local) : r.pick(POOLS);
    const template = r.pick(pool.names);
    const name = template.replace("{w}", r.pick(pool.words));
    const active = r.chance(0.97);
    const published = r.chance(0.93);
    const prefix = !active ? "closed-" : !published ? "draft-" : "";
    const number = String(index + 1).padStart(6, "0");
    const slug = `${prefix}${slugify(name).slice(0, 40).replace(/-+$/, "")}-${city.slug}-${number}`;
    const digits = currencyDigits(info.currency);
    const cityFactor = 0.9 + r.float() * 0.3;

    const lang = countryLanguage.get(country) ?? "en";
    const languages = ["en"];
    if (lang !== "en" && r.chance(0.55)) languages.push(lang);
    if (r.chance(0.15)) {
      const extra = r.pick(["de", "fr", "es", "it"]);
      if (!languages.includes(extra)) languages.push(extra);
    }

    const starters = r.shuffled(pool.starters);
    const mains = r.shuffled(pool.mains);
    const desserts = r.shuffled(pool.desserts);
    const signature = [mains[0], mains[1], desserts[0]].map((d) => parseDish(d).name);
    const description = `${r.pick(ADJECTIVES)} ${cuisineName.get(pool.slug)} restaurant in ${cityName.get(city.slug)} serving ${signature[0]}, ${signature[1]} and ${signature[2]}.`;

    const categories = menu(r, itemsPerRestaurant, { starters, mains, desserts }, languages, info, cityFactor, digits);
    const [lat, lon] = CITY_CENTRES[city.slug];
    const street = r.pick(info.streets);
    const houseNumber = r.int(1, 180);
    const hasSearch = r.chance(0.8);
    const hasTravel = r.chance(0.5);
    const views = published && active ? r.int(50, 60000) : r.int(0, 50);
    const notes = !active || !published || r.chance(0.35);
    const hours = r.pick(OPENING_HOURS);

    return {
      slug,
      name,
      description,
      owner,
      active,
      published,
      currency: info.currency,
      defaultLanguage: "en",
      languages,
      cuisine: pool.slug,
      city: city.slug,
      contact: {
        phone: info.phone(r),
        address: info.numberFirst ? `${houseNumber} ${street}` : `${street} ${houseNumber}`,
        postalCode: info.postal(r),
        latitude: Number((lat + (r.float() - 0.5) * 0.04).toFixed(5)),
        longitude: Number((lon + (r.float() - 0.5) * 0.06).toFixed(5)),
      },
      openingHours: hours && { ...hours },
      images: { logo: null, banner: null },
      ratings: {
        search: hasSearch ? { rating: Number((3.4 + r.float() * 1.6).toFixed(1)), reviewCount: r.chance(0.85) ? r.int(3, 9000) : null } : null,
        travel: hasTravel ? { rating: Number((3.5 + r.int(0, 3) * 0.5).toFixed(1)), reviewCount: r.chance(0.7) ? r.int(1, 4000) : null } : null,
      },
      internalNotes: notes ? `${GENERATED_MARKER}: ${r.pick(NOTES)}` : null,
      stats: { views, qrScans: Math.floor(views * r.float() * 0.4) },
      categories,
    };
  }
}

type SectionKey = "starters" | "mains" | "sides" | "desserts" | "drinks";

function menu(
  r: Rng,
  count: number,
  pools: { starters: Dish[]; mains: Dish[]; desserts: Dish[] },
  languages: string[],
  info: CountryInfo,
  cityFactor: number,
  digits: number,
): Category[] {
  const hidden = count >= 8 && r.chance(0.15) ? 2 : 0;
  const visible = count - hidden;
  const sources: Record<SectionKey, Dish[]> = {
    starters: pools.starters,
    mains: pools.mains,
    sides: visible >= 12 ? r.shuffled(SIDES) : [],
    desserts: pools.desserts,
    drinks: r.shuffled(DRINKS),
  };
  // Split the items over the sections by share, never past what a section's pool holds; what is
  // left goes round the sections that still have dishes, and only then becomes "house specials".
  const shares: [SectionKey, number][] = [["starters", 0.15], ["mains", 0.3], ["sides", 0.15], ["desserts", 0.1], ["drinks", 0.3]];
  const sizes = new Map<SectionKey, number>(shares.map(([k, s]) => [k, Math.min(sources[k].length, Math.floor(visible * s))]));
  let left = visible - [...sizes.values()].reduce((a, b) => a + b, 0);
  for (let grew = true; left > 0 && grew; ) {
    grew = false;
    for (const k of ["mains", "starters", "drinks", "desserts", "sides"] as const) {
      if (left > 0 && sizes.get(k)! < sources[k].length) {
        sizes.set(k, sizes.get(k)! + 1);
        left--;
        grew = true;
      }
    }
  }
  sizes.set("mains", sizes.get("mains")! + left);
  const translate = (key: keyof typeof SECTION_NAMES, suffix = "") =>
    Object.fromEntries(languages.slice(1).map((l) => [l, { name: (SECTION_NAMES[key][l] ?? SECTION_NAMES[key].en) + suffix, description: "" }]));

  const categories: Category[] = [];
  for (const [key] of shares) {
    const n = sizes.get(key)!;
    if (n <= 0) continue;
    const items: ImportItem[] = [];
    for (let i = 0; i < n; i++) {
      const source = sources[key];
      const dish = i < source.length ? parseDish(source[i]) : { name: `House special No. ${i - source.length + 1}`, description: "Ask us about today's special", allergens: [] as Allergen[], tags: [] as string[] };
      items.push(item(r, key, dish, info, cityFactor, digits, false));
    }
    categories.push({ name: SECTION_NAMES[key].en, description: null, translations: translate(key), visible: true, internalNotes: null, items });
  }
  if (hidden) {
    const items = [0, 1].map((i) => {
      const source = pools.mains[pools.mains.length - 1 - i];
      return item(r, "mains", source ? parseDish(source) : { name: `Seasonal special No. ${i + 1}`, description: null, allergens: [], tags: [] }, info, cityFactor, digits, true);
    });
    const suffix = ` [${GENERATED_MARKER}]`;
    categories.push({
      name: SECTION_NAMES.preview.en + suffix,
      description: null,
      translations: translate("preview", suffix),
      visible: false,
      internalNotes: `${GENERATED_MARKER}: not live yet`,
      items,
    });
  }
  return categories;
}

function item(
  r: Rng,
  section: SectionKey,
  dish: ParsedDish,
  info: CountryInfo,
  cityFactor: number,
  digits: number,
  hidden: boolean,
): ImportItem {
  const price = money(r, BASE_PRICE[section], info, cityFactor, digits);
  const withVariants = section === "drinks" ? /beer|wine|water/i.test(dish.name) && r.chance(0.6) : section === "mains" && r.chance(0.05);
  const variants = withVariants
    ? section === "drinks"
      ? /wine/i.test(dish.name)
        ? [{ name: "Glass", price }, { name: "Bottle", price: toMajor(price * 4 + info.step * 2, digits) }]
        : [{ name: "Small", price }, { name: "Large", price: toMajor(price + Math.max(info.step, Math.round((price * 0.4) / info.step) * info.step), digits) }]
      : [{ name: "Regular", price }, { name: "Large", price: toMajor(price + Math.max(info.step, Math.round((price * 0.3) / info.step) * info.step), digits) }]
    : null;
  const compareAtPrice = !variants && r.chance(0.04) ? toMajor(price + info.step * r.int(1, 4), digits) : null;
  const nutrition = section !== "drinks" && r.chance(0.15) ? { kcal: r.int(90, 1100), protein_g: r.int(1, 60) } : null;
  return {
    name: dish.name,
    description: dish.description,
    translations: {},
    price,
    compareAtPrice,
    imageUrl: null,
    available: r.chance(0.96),
    badge: r.chance(0.08) ? r.pick(BADGES) : null,
    tags: dish.tags,
    allergens: dish.allergens,
    nutrition,
    variants,
    cost: r.chance(0.6) ? toMajor(Math.round((price * (0.2 + r.float() * 0.18)) * 10 ** digits) / 10 ** digits, digits) : null,
    internalNotes: hidden || r.chance(0.03) ? `${GENERATED_MARKER}: ${hidden ? "price not final" : "check supplier price"}` : null,
  };
}
