// Search dishes across every published menu: the capability behind GET /api/public/dishes, the
// MCP tool search_dishes and the /dishes pages.
import { z } from "zod";
import { decimalNumber } from "../decimal-number";
import { prepare, type Prepared } from "../cache/prepared";
import { cacheTtlMs, dishSearchCache } from "../cache/public-caches";
import { searchPublishedDishes } from "../data/dish-queries";
import { queryLimiter } from "../http/work-limiter";
import { ALLERGENS, sortAllergens, type Allergen } from "../menu/allergens";
import { allergenMask } from "../menu/dish-keys";
import { isCurrencyCode, toMinor, currencyDigits } from "../menu/money";
import { searchKey, textKey } from "../menu/text-key";
import { cityFilterKey, CITY_PARAM_DESCRIPTION } from "../search/city-param";
import { paging } from "../search/paging";
import { checkGeoTime, filterText, geoTimeFields, limitParam, publishedPagingFields } from "../search/search-params";
import { ALLERGEN_NOTICE, serializeDish, type PublicDishSearchResponse } from "../serializers";
import { anyCaseAlternation, commaListPattern } from "../text-patterns";
import { parseInput } from "../validation";

const TAG_SOURCE = "[a-z0-9]+(?:-[a-z0-9]+)*";
const TAG = new RegExp(`^${TAG_SOURCE}$`);
const MAX_TAGS = 10;
/** The longest comma list (diet, excludeAllergens) a query string may carry. */
export const MAX_LIST_LENGTH = 500;

// The published patterns of the two lists, as a query string carries them: the items are read
// lower-cased, so any letter case matches.
/** diet: at most MAX_TAGS tags, each lower-case words with hyphens. */
export const DIET_LIST_PATTERN = commaListPattern("[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*", MAX_TAGS);
/** excludeAllergens: EU-14 codes. */
export const ALLERGEN_LIST_PATTERN = commaListPattern(anyCaseAlternation(ALLERGENS));

/** A comma list in a query string, or an array from JSON: trimmed, lower-cased, empty parts dropped. */
const list = z
  .union([z.string().max(500, "at most 500 characters"), z.array(z.string().max(60)).max(20)])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim().toLowerCase()).filter(Boolean)));

export const searchDishesInput = z
  .object({
    q: filterText(200).describe("Free-text match on the dish's name or description, in any of its languages (Unicode case-insensitive)"),
    city: filterText(100).describe(CITY_PARAM_DESCRIPTION),
    cuisine: filterText(100).describe("Cuisine name or slug (case-insensitive)"),
    diet: list
      .refine((tags) => tags.length <= MAX_TAGS, `at most ${MAX_TAGS} tags`)
      .refine((tags) => tags.every((t) => TAG.test(t)), "tags are lower-case words with hyphens, e.g. vegan,gluten-free")
      .describe("Comma list of dietary tags that must all be present, e.g. vegan,gluten-free"),
    excludeAllergens: list
      .refine((codes) => codes.every((c) => (ALLERGENS as readonly string[]).includes(c)), `unknown allergen code; valid codes (EU 14): ${ALLERGENS.join(", ")}`)
      .describe(`Comma list of EU-14 allergen codes the dish must not declare (${ALLERGENS.join(", ")}). Relies on the restaurants' declarations: not a safety guarantee.`),
    maxPrice: z
      .union([z.number(), z.string()])
      .optional()
      .transform((v, ctx): number | undefined => {
        if (v === undefined || v === "") return undefined;
        const n = typeof v === "number" ? v : (decimalNumber(v) ?? Number.NaN);
        if (!Number.isFinite(n) || n < 0) {
          ctx.addIssue({ code: "custom", message: "must be a non-negative number in major units, e.g. 15 or 12.50" });
          return z.NEVER;
        }
        return n;
      })
      .describe("Highest price in major units of currency (needs currency: prices in different currencies are never compared)"),
    currency: z
      .string()
      .max(3, "a three-letter currency code such as CHF")
      .optional()
      .transform((v, ctx): string | undefined => {
        if (v === undefined || v.trim() === "") return undefined;
        const code = v.trim().toUpperCase();
        if (!isCurrencyCode(code)) {
          ctx.addIssue({ code: "custom", message: "must be an ISO 4217 currency code such as CHF or EUR" });
          return z.NEVER;
        }
        return code;
      })
      .describe("ISO 4217 code: only dishes priced in this currency"),
    limit: limitParam,
    ...geoTimeFields,
  })
  .superRefine((v, ctx) => {
    checkGeoTime(v, ctx);
    if (v.maxPrice !== undefined && !v.currency) {
      ctx.addIssue({ code: "custom", path: ["maxPrice"], message: "needs currency (e.g. currency=CHF): prices in different currencies are never compared" });
    }
  });

export type SearchDishesInput = z.input<typeof searchDishesInput>;

/** The input as the MCP tool publishes it: JSON types only. */
export const searchDishesPublishedInput = z.object({
  ...searchDishesInput.shape,
  diet: z.array(z.string()).max(MAX_TAGS).optional().describe(searchDishesInput.shape.diet.description ?? ""),
  excludeAllergens: z.array(z.enum(ALLERGENS)).optional().describe(searchDishesInput.shape.excludeAllergens.description ?? ""),
  maxPrice: z.number().nonnegative().optional().describe(searchDishesInput.shape.maxPrice.description ?? ""),
  currency: z.string().optional().describe(searchDishesInput.shape.currency.description ?? ""),
  ...publishedPagingFields,
});

/** The largest price a menu item can hold, in minor units: MenuItem.priceMinor is a 32-bit Int. */
export const MAX_PRICE_MINOR = 2_147_483_647;

/**
 * Whole minor units at or under maxPrice: 12.999 CHF admits 12.99, never 13.00. A bound above
 * every price a menu can hold (maxPrice=1e300, or 1e12 NPR) is that largest price: PostgreSQL
 * types the bound as the column's integer and refused a larger one (a 500, found by the fuzzer).
 */
export function maxMinor(maxPrice: number, currency: string): number {
  const exact = toMinor(maxPrice, currency);
  if (!Number.isSafeInteger(exact) || exact > MAX_PRICE_MINOR) return MAX_PRICE_MINOR;
  return exact / 10 ** currencyDigits(currency) > maxPrice ? exact - 1 : exact;
}

/**
 * The dish search response prepared for sending (data, JSON text, ETag), from the in-process cache
 * or the database. Shared and frozen: callers must not modify it.
 */
export async function searchDishesPrepared(input: SearchDishesInput): Promise<Prepared<PublicDishSearchResponse>> {
  const v = parseInput(searchDishesInput, input);
  const diet = [...new Set(v.diet)].sort();
  const excludeAllergens = sortAllergens(v.excludeAllergens as Allergen[]);
  const query = {
    q: v.q || null,
    city: v.city || null,
    cuisine: v.cuisine || null,
    diet,
    excludeAllergens,
    maxPrice: v.maxPrice ?? null,
    currency: v.currency ?? null,
    limit: v.limit,
  };
  const bound = { ...query, limit: undefined, near: v.near ?? null, radiusKm: v.radiusKm ?? null, openNow: v.openNow, openAt: v.openAt?.toISOString() ?? null };
  const page = paging("dishes", bound, v);
  const echo = { ...query, ...page.echo };
  // Every distinct query is a database search: at most queryLimiter()'s number at once.
  return dishSearchCache.get(JSON.stringify([echo, page.from ?? null, page.rankFrom ?? null]), cacheTtlMs(), () =>
    queryLimiter().run(async () => {
      const found = await searchPublishedDishes(
        {
          q: v.q ? searchKey(v.q) : undefined,
          city: v.city ? await cityFilterKey(v.city) : undefined,
          cuisine: v.cuisine ? textKey(v.cuisine) : undefined,
          diet,
          excludeMask: allergenMask(excludeAllergens),
          currency: v.currency,
          maxPriceMinor: v.maxPrice !== undefined && v.currency ? maxMinor(v.maxPrice, v.currency) : undefined,
          near: page.near,
          openAt: page.instant,
        },
        { from: page.from, rankFrom: page.rankFrom, limit: v.limit, rank: true },
      );
      const results = found.rows.map(({ row, candidate }) => serializeDish(row, page.extras(candidate)));
      return prepare({
        query: echo,
        total: found.total.total,
        totalCapped: found.total.capped,
        count: results.length,
        nextCursor: page.cursorFor(found.next, found.nextRank),
        allergenNotice: ALLERGEN_NOTICE,
        results,
      });
    }),
  );
}

export async function searchDishes(input: SearchDishesInput): Promise<PublicDishSearchResponse> {
  return (await searchDishesPrepared(input)).data;
}
