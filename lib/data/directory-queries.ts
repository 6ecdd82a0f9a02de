// Reads of the location and cuisine directory.
import { db } from "../db/prisma";
import { citySelect, countrySelect, cuisineSelect } from "../serializers/directory";

export function listCountries() {
  return db().country.findMany({ select: countrySelect, orderBy: { name: "asc" } });
}

export function listCities() {
  return db().city.findMany({ select: citySelect, orderBy: [{ country: { name: "asc" } }, { name: "asc" }] });
}

export function listCuisines() {
  return db().cuisine.findMany({ select: cuisineSelect, orderBy: { name: "asc" } });
}
