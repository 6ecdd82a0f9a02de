// The published shapes (contract section 2), as zod schemas. Serializers are typed by them, tests
// parse live responses with them strictly, and the OpenAPI document is generated from them.
import { z } from "zod";
import { ALLERGENS } from "../menu/allergens";
import { TOTAL_BOUND } from "../search/total-bound";

const uri = z.url();
const dateTime = z.iso.datetime({ offset: true });

export const TranslationsSchema = z
  .record(z.string(), z.strictObject({ name: z.string(), description: z.string() }))
  .describe("Keyed by language code");

export const RatingSchema = z.strictObject({ rating: z.number(), reviewCount: z.number().int().nullable() }).nullable();

export const MenuItemSchema = z.strictObject({
  name: z.string(),
  description: z.string().nullable(),
  translations: TranslationsSchema,
  price: z.number().describe("Major currency units"),
  compareAtPrice: z.number().nullable(),
  currency: z.string(),
  imageUrl: uri.nullable(),
  isAvailable: z.boolean(),
  badge: z.string().nullable(),
  tags: z.array(z.string()),
  allergens: z.array(z.enum(ALLERGENS)),
  nutrition: z.record(z.string(), z.unknown()).nullable(),
  variants: z.array(z.strictObject({ name: z.string(), price: z.number() })).nullable(),
});

export const CategorySchema = z.strictObject({
  name: z.string(),
  description: z.string().nullable(),
  translations: TranslationsSchema,
  items: z.array(MenuItemSchema),
});

export const ContactSchema = z.strictObject({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const RestaurantSchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  url: uri,
  updatedAt: dateTime,
  currency: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  cuisine: z.string().nullable(),
  contact: ContactSchema,
  openingHours: z.record(z.string(), z.string().regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/)).nullable(),
  images: z.strictObject({ logo: uri.nullable(), banner: uri.nullable() }),
  ratings: z.strictObject({ search: RatingSchema, travel: RatingSchema }),
  categories: z.array(CategorySchema),
});

export const SearchResultSchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  cuisine: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string(),
  updatedAt: dateTime,
  url: uri,
  markdownUrl: uri,
  apiUrl: uri,
});

/** Fields a search result gains from near / openNow / openAt (never part of the Restaurant resource). */
const searchExtras = {
  distanceKm: z.number().optional().describe("With near: kilometres from the given point (equirectangular approximation, to the metre)"),
  openNow: z.boolean().optional().describe("With openNow=true: open at this moment in the restaurant's local time (always true: the filter keeps only open ones)"),
  openAt: z.boolean().optional().describe("With openAt: open at that instant in the restaurant's local time (always true: the filter keeps only open ones)"),
};

export const RestaurantSearchHitSchema = SearchResultSchema.extend(searchExtras);

const geoQuery = {
  near: z.strictObject({ lat: z.number(), lng: z.number() }).optional(),
  radiusKm: z.number().optional(),
  openNow: z.boolean().optional(),
  openAt: dateTime.optional().describe("The instant the open filter used (openNow: the current minute)"),
};

const pageFields = {
  totalCapped: z
    .boolean()
    .describe(`true: total stopped counting at ${TOTAL_BOUND} matches and is a lower bound ("${TOTAL_BOUND}+"); page through nextCursor for the rest`),
  count: z.number().int().describe("Number of results in this response (at most limit)"),
  nextCursor: z.string().nullable().describe("Pass as cursor, with the same filters, for the next page; null on the last page"),
};

export const SearchResponseSchema = z.strictObject({
  query: z.strictObject({ q: z.string().nullable(), city: z.string().nullable(), cuisine: z.string().nullable(), limit: z.number().int(), ...geoQuery }),
  total: z.number().int().describe("Number of published restaurants matching the filters (see totalCapped)"),
  ...pageFields,
  results: z.array(RestaurantSearchHitSchema),
});

/** The wording every surface of dish search carries: exclusion is only as good as the declarations. */
export const ALLERGEN_NOTICE =
  "Allergen filtering relies on the allergens each restaurant declared for its dishes (EU 14). It is not a guarantee that a dish is free of an allergen: ingredients, recipes and cross-contamination can differ. Ask the restaurant before ordering.";

/** The restaurant of a dish: the restaurant search result's identity and links. */
export const DishRestaurantSchema = SearchResultSchema.pick({ slug: true, name: true, city: true, country: true, cuisine: true, url: true, markdownUrl: true, apiUrl: true });

export const DishResultSchema = z.strictObject({
  name: z.string(),
  description: z.string().nullable(),
  translations: TranslationsSchema,
  price: z.number().describe("Major currency units"),
  currency: z.string(),
  allergens: z.array(z.enum(ALLERGENS)).describe("The allergens the restaurant declared for this dish"),
  tags: z.array(z.string()),
  badge: z.string().nullable(),
  imageUrl: uri.nullable(),
  category: z.string().describe("Name of the menu section"),
  url: uri.describe("The menu page, with an anchor to the dish"),
  restaurant: DishRestaurantSchema,
  ...searchExtras,
});

export const DishSearchResponseSchema = z.strictObject({
  query: z.strictObject({
    q: z.string().nullable(),
    city: z.string().nullable(),
    cuisine: z.string().nullable(),
    diet: z.array(z.string()),
    excludeAllergens: z.array(z.enum(ALLERGENS)),
    maxPrice: z.number().nullable(),
    currency: z.string().nullable(),
    limit: z.number().int(),
    ...geoQuery,
  }),
  total: z.number().int().describe("Number of dishes matching the filters (see totalCapped)"),
  ...pageFields,
  allergenNotice: z.string().describe(ALLERGEN_NOTICE),
  results: z.array(DishResultSchema),
});

export const CountrySchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  language: z.string(),
  cities: z.array(z.string()).describe("Slugs of the country's cities"),
  url: uri,
});

export const CitySchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  country: z.string().describe("Country slug"),
  countryName: z.string(),
  language: z.string(),
  diningScene: z.string().nullable(),
  url: uri,
});

export const LocationsSchema = z.strictObject({ countries: z.array(CountrySchema), cities: z.array(CitySchema) });

export const CuisineSchema = z.strictObject({ slug: z.string(), name: z.string(), namePlural: z.string(), tagline: z.string(), url: uri });

export const CuisinesSchema = z.strictObject({ cuisines: z.array(CuisineSchema) });

const limit = z.number().int().nullable();

export const PlanSchema = z.strictObject({
  id: z.enum(["free", "pro"]),
  name: z.string(),
  description: z.string(),
  priceCurrency: z.string(),
  pricing: z.strictObject({ monthly: z.number(), yearly: z.number(), yearlyPerMonth: z.number(), lifetime: z.number() }),
  limits: z.strictObject({ restaurants: limit, menuItems: limit, languages: limit, aiGenerationsPerMonth: limit, aiTranslationsPerMonth: limit }),
  features: z.array(z.string()),
  proOnlyFeatures: z.array(z.string()),
  showsServiceBranding: z.boolean(),
});

export const PlansSchema = z.strictObject({
  pricingUrl: uri,
  signUpUrl: uri,
  trial: z.string(),
  note: z.string(),
  plans: z.array(PlanSchema),
});

export type PublicRestaurant = z.infer<typeof RestaurantSchema>;
export type PublicMenuItem = z.infer<typeof MenuItemSchema>;
export type PublicCategory = z.infer<typeof CategorySchema>;
export type PublicSearchResult = z.infer<typeof SearchResultSchema>;
export type PublicSearchResponse = z.infer<typeof SearchResponseSchema>;
export type PublicRestaurantSearchHit = z.infer<typeof RestaurantSearchHitSchema>;
export type PublicDishResult = z.infer<typeof DishResultSchema>;
export type PublicDishSearchResponse = z.infer<typeof DishSearchResponseSchema>;
export type PublicCountry = z.infer<typeof CountrySchema>;
export type PublicCity = z.infer<typeof CitySchema>;
export type PublicLocations = z.infer<typeof LocationsSchema>;
export type PublicCuisine = z.infer<typeof CuisineSchema>;
export type PublicPlans = z.infer<typeof PlansSchema>;
