// The handlers' zod schemas in the form a query string or body carries them, for the OpenAPI
// document: each adds only what JSON Schema can state and the handler enforces (patterns, bounds,
// defaults). The schemas themselves are the capabilities' own (lib/restaurants, lib/dishes, lib/tools).
import { z } from "zod";
import { SEARCH_LIMIT, SEARCH_LIMIT_RULE, searchRestaurantsInput } from "../restaurants/search-restaurants";
import { ALLERGEN_LIST_PATTERN, DIET_LIST_PATTERN, MAX_LIST_LENGTH, searchDishesInput } from "../dishes/search-dishes";
import { currencyFilterPattern } from "../menu/money";
import { NEAR_PATTERN, RADIUS_KM } from "../search/geo";
import { NO_CONTROL_CHARACTERS_PATTERN, OPEN_AT_PATTERN } from "../search/search-params";
import { foodCostInput } from "../tools/food-cost";
import { PLACE_ID_PATTERN, REVIEW_URL_PATTERN, reviewQrInput } from "../tools/review-qr";
import { wifiQrInput } from "../tools/wifi-qr";
import { listChangesInput } from "../changes/list-changes";

/**
 * The search limit as a query parameter: the capability accepts a number or a numeric string and
 * clamps it, so the document states the effective rule from SEARCH_LIMIT rather than "number | string".
 */
const limitParam = searchRestaurantsInput.shape.limit.meta({
  description: SEARCH_LIMIT_RULE,
  override: ({ jsonSchema }) => {
    delete jsonSchema.anyOf;
    // Every whole number is taken and clamped into SEARCH_LIMIT, up to the safe-integer range.
    Object.assign(jsonSchema, { type: "integer", format: "int64", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, default: SEARCH_LIMIT.default });
  },
});

/** A parameter the capability also takes as a JSON value, stated as the query string carries it. */
const asQuery = (schema: z.ZodType, json: Record<string, unknown>) =>
  schema.meta({
    override: ({ jsonSchema }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, json);
    },
  });

/** A text filter (q, city, cuisine): its length, and no control characters (the handler's refinement). */
const textFilter = (schema: z.ZodType) => schema.meta({ override: { pattern: NO_CONTROL_CHARACTERS_PATTERN } });

const geoTimeQuery = {
  near: searchRestaurantsInput.shape.near.meta({ examples: ["47.3769,8.5417"], override: { pattern: NEAR_PATTERN } }),
  radiusKm: asQuery(searchRestaurantsInput.shape.radiusKm, { type: "number", exclusiveMinimum: 0, maximum: RADIUS_KM.max, default: RADIUS_KM.default }),
  openNow: asQuery(searchRestaurantsInput.shape.openNow, { type: "boolean" }),
  // The pattern, not format: date-time: the handler also takes what strict RFC 3339 does not
  // (no seconds, 24:00, a day past the month's end rolling over), and a validator asserting the
  // format would call those invalid.
  openAt: searchRestaurantsInput.shape.openAt.meta({ override: { pattern: OPEN_AT_PATTERN } }),
  cursor: searchRestaurantsInput.shape.cursor,
};

export const searchQuery = z.object({
  q: textFilter(searchRestaurantsInput.shape.q),
  city: textFilter(searchRestaurantsInput.shape.city),
  cuisine: textFilter(searchRestaurantsInput.shape.cuisine),
  limit: limitParam,
  ...geoTimeQuery,
});

export const dishQuery = z.object({
  q: textFilter(searchDishesInput.shape.q),
  city: textFilter(searchDishesInput.shape.city),
  cuisine: textFilter(searchDishesInput.shape.cuisine),
  diet: asQuery(searchDishesInput.shape.diet, { type: "string", maxLength: MAX_LIST_LENGTH, pattern: DIET_LIST_PATTERN, examples: ["vegan,gluten-free"] }),
  excludeAllergens: asQuery(searchDishesInput.shape.excludeAllergens, { type: "string", maxLength: MAX_LIST_LENGTH, pattern: ALLERGEN_LIST_PATTERN, examples: ["nuts,peanuts"] }),
  maxPrice: asQuery(searchDishesInput.shape.maxPrice, { type: "number", minimum: 0, examples: [15] }),
  currency: searchDishesInput.shape.currency.meta({ examples: ["CHF"], override: { pattern: currencyFilterPattern() } }),
  limit: limitParam,
  ...geoTimeQuery,
});

/** GET food-cost is the quick form: one cost, no ingredients, waste or labour (those need POST). */
export const foodCostQuery = z.object({
  cost: foodCostInput.shape.cost.unwrap().describe("Raw ingredient cost of one portion (required here; POST also accepts a list of ingredients)"),
  margin: foodCostInput.shape.margin,
  price: foodCostInput.shape.price,
});

/**
 * The POST body: exactly one of cost and ingredients, and each ingredient with cost, or quantity
 * and unitCost, never both (the handler's refinements), stated with oneOf.
 */
export const foodCostBody = foodCostInput.meta({
  override: ({ jsonSchema }) => {
    jsonSchema.oneOf = [{ required: ["cost"] }, { required: ["ingredients"] }];
    const items = (jsonSchema.properties?.ingredients as { items?: Record<string, unknown> } | undefined)?.items;
    if (!items) throw new Error("food-cost body: ingredients.items not generated inline");
    // `false`: the member must be absent in that branch.
    items.oneOf = [
      { required: ["cost"], properties: { quantity: false, unitCost: false } },
      { required: ["quantity", "unitCost"], properties: { cost: false } },
    ];
  },
});

/** The SSID rule is "at most 32 bytes of UTF-8": 32 characters is its upper bound, which a schema can state. */
export const wifiQuery = z.object({
  ssid: wifiQrInput.shape.ssid.meta({ override: { maxLength: 32 } }),
  password: wifiQrInput.shape.password,
  encryption: wifiQrInput.shape.encryption.meta({ override: { default: "WPA", maxLength: 6 } }),
  hidden: wifiQrInput.shape.hidden,
});

// Both are trimmed before they are checked, so surrounding whitespace is part of what they accept.
export const reviewQuery = z.object({
  placeId: reviewQrInput.shape.placeId.meta({ override: { pattern: PLACE_ID_PATTERN } }),
  url: reviewQrInput.shape.url.meta({ override: { pattern: REVIEW_URL_PATTERN } }),
});

export const changesQuery = z.object({
  since: listChangesInput.shape.since,
  limit: asQuery(listChangesInput.shape.limit, { type: "integer", format: "int64", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, default: 100 }),
});
