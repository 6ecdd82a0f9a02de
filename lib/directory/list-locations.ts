// The location directory: the capability behind GET /api/public/locations and the location pages.
import { cachedDirectory } from "../cache/public-caches";
import { listCities, listCountries } from "../data/directory-queries";
import { serializeCity, serializeCountry, type PublicLocations } from "../serializers";

export function listLocations(): Promise<PublicLocations> {
  return cachedDirectory("locations", async () => {
    const [countries, cities] = await Promise.all([listCountries(), listCities()]);
    return { countries: countries.map(serializeCountry), cities: cities.map(serializeCity) };
  });
}
