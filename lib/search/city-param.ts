// The city parameter of both searches, as the data layer matches it: the directory's name or slug
// in any letter case, or, when it is neither, the city it names in another language or spelling
// (city=Tokio, city=Koeln, city=京都; lib/search/city-names.ts). REST, MCP and the pages share it.
import { listLocations } from "../directory/list-locations";
import { textKey } from "../menu/text-key";
import { citySlugOf } from "./city-names";

/** The folded name or slug the data layer looks up for `city` (unchanged when it names no city). */
export async function cityFilterKey(city: string): Promise<string> {
  const key = textKey(city);
  const { cities } = await listLocations();
  // The directory's own name or slug first: another city's exonym never takes it over.
  if (cities.some((c) => c.slug === key || textKey(c.name) === key)) return key;
  return citySlugOf(city, cities) ?? key;
}

/** The parameter in words, for the published descriptions (OpenAPI, MCP tools/list). */
export const CITY_PARAM_DESCRIPTION = "City name or slug (case-insensitive), or the city's name in another language or without accents (Tokio, 京都, Koeln, Zurich)";
