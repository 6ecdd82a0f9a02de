// The documented JSON format operators load menus with (`npm run import -- <file | folder>`).
// See README "Loading menus" and examples/greek-taverna.jsonc. Prices are in major units of the
// restaurant's currency.
import { z } from "zod";
import { ALLERGENS } from "../menu/allergens";
import { fitsCurrency, isCurrencyCode } from "../menu/money";
import { PLAN_IDS } from "../plans";
import { DAY_KEYS } from "../search/opening-hours";

/** Top-level paths of the site: a restaurant slug may not shadow them. */
export const RESERVED_SLUGS = new Set([
  "api",
  "locations",
  "cuisines",
  "plans",
  "pricing",
  "developers",
  "docs",
  "search",
  "dishes",
  "openapi.json",
  "sitemap.xml",
  "robots.txt",
  "llms.txt",
  "llms-full.txt",
  "llms-index.md",
  "favicon.ico",
  "_next",
  "well-known",
  "static",
  "public",
  "assets",
  "md",
  // Public pages and their internals (lib/pages/routes.ts): /index.md is the home page's
  // Markdown twin; /render/… is where the App Router renders the pages' HTML;
  // /sitemaps/{n}.xml are the parts of a split sitemap; /og/{slug}.png the menus' link-preview images.
  "index",
  "render",
  "sitemaps",
  "og",
]);

/** The shape of every slug the service stores. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slug = z.string().min(1).max(80).regex(SLUG_PATTERN, "lower-case letters, digits and single hyphens");

const restaurantSlug = slug.refine((s) => !RESERVED_SLUGS.has(s), "this slug is reserved for a site page");

const language = z.string().regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/, "a language code such as en, de or pt-BR");

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

// An absolute http(s) URL, or a path on this site ("/demo/logo.svg") that the serializers resolve
// against the public base URL, so self-hosted images survive a change of domain. A site path is
// published appended to the base URL, so it must itself be an RFC 3986 path-absolute (+ query):
// only unreserved, sub-delim, ":", "@" and percent-encoded characters. A backslash, space or any
// other character would make the published URL no URI at all (and browsers read "/\\host" as
// "//host", another site).
const PATH_CHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
export const SITE_PATH_PATTERN = new RegExp(`^/(?!/)(?:${PATH_CHAR}|/)*(?:\\?(?:${PATH_CHAR}|[/?])*)?$`);
export const IMAGE_RULE =
  'an absolute http:// or https:// URL (https://cdn.example.com/logo.png) or a path on this site starting with / (/images/logo.png); no spaces or other characters outside RFC 3986 (write a space as %20)';
const httpUrlSchema = z.url({ protocol: /^https?$/, normalize: true });

/** Why an image value is refused, in the operator's terms; null when it is fine. */
export function imageProblem(value: string): string | null {
  const got = `got ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)}`;
  if (value.length > 2048) return "at most 2048 characters";
  if (value === "") return `empty: leave the field out (or null) for no image`;
  if (/\s/.test(value)) return `contains a space or line break (${got}): percent-encode spaces as %20; expected ${IMAGE_RULE}`;
  if (value.startsWith("//")) return `a scheme-relative URL (${got}): write the scheme, https://…; expected ${IMAGE_RULE}`;
  if (value.startsWith("/")) return SITE_PATH_PATTERN.test(value) ? null : `a site path with characters outside RFC 3986 (${got}): percent-encode them (é is %C3%A9), no backslash; expected ${IMAGE_RULE}`;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1];
  if (scheme && !/^https?$/i.test(scheme)) return `the ${scheme.toLowerCase()}: scheme is not allowed (${got}); expected ${IMAGE_RULE}`;
  if (!scheme) return `a relative path (${got}): a path on this site starts with /, e.g. /${value.replace(/^\.?\/+/, "")}; expected ${IMAGE_RULE}`;
  return httpUrlSchema.safeParse(value).success ? null : `not a valid URL (${got}); expected ${IMAGE_RULE}`;
}

const httpUrl = z
  .string()
  .meta({ description: `Image: ${IMAGE_RULE}.`, anyOf: [{ pattern: "^https?://[^\\s/?#]+[^\\s]*$" }, { pattern: SITE_PATH_PATTERN.source }] })
  .transform((v, ctx) => {
    const problem = imageProblem(v);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return v.startsWith("/") ? v : httpUrlSchema.parse(v);
  })
  .nullish()
  .transform((v) => v ?? null);

const translations = z
  .record(language, z.object({ name: text(200), description: z.string().trim().max(2000).default("") }).strict())
  .default({});

// A price written as text ("12,50", "12.50") is the commonest mistake in a hand-written file.
export function moneyTypeMessage(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  const number = Number(input.trim().replace(/^([0-9]*),([0-9]+)$/, "$1.$2"));
  const example = Number.isFinite(number) && input.trim() !== "" ? number : 12.5;
  return `expected a number, received the text ${JSON.stringify(input)}: prices are JSON numbers with a decimal point and no quotes, e.g. ${example}`;
}

const money = z
  .number({ error: (issue) => moneyTypeMessage(issue.input) })
  .finite()
  .nonnegative()
  .max(1_000_000)
  .meta({ description: "A price in major units of the restaurant's currency, as a JSON number with a decimal point: 12.5 (not \"12,50\")." });

const timeRange = z
  .string({ error: (issue) => (issue.input === null ? "a day may not be null: leave a closed day out (the whole openingHours null means unknown hours)" : undefined) })
  .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/, "HH:MM-HH:MM")
  .refine((r) => r.slice(0, 5) !== r.slice(6), "opening and closing time are the same");

const rating = z
  .object({ rating: z.number().min(0).max(5), reviewCount: z.number().int().nonnegative().nullish().transform((v) => v ?? null) })
  .strict()
  .nullish()
  .transform((v) => v ?? null);

export const itemSchema = z
  .object({
    name: text(200),
    description: optionalText(2000),
    translations,
    price: money,
    compareAtPrice: money.nullish().transform((v) => v ?? null),
    imageUrl: httpUrl,
    available: z.boolean().default(true),
    badge: optionalText(40),
    tags: z.array(z.string().trim().toLowerCase().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(40)).max(20).default([]),
    allergens: z.array(z.enum(ALLERGENS)).max(ALLERGENS.length).default([]),
    nutrition: z.record(z.string().max(60), z.union([z.number(), z.string().max(200), z.boolean(), z.null()])).nullish().transform((v) => v ?? null),
    variants: z
      .array(z.object({ name: text(100), price: money }).strict())
      .max(20)
      .nullish()
      .transform((v) => v ?? null),
    // Private: never published.
    cost: money.nullish().transform((v) => v ?? null),
    internalNotes: optionalText(2000),
  })
  .strict();

export const categorySchema = z
  .object({
    name: text(200),
    description: optionalText(2000),
    translations,
    visible: z.boolean().default(true),
    internalNotes: optionalText(2000),
    items: z.array(itemSchema).max(500).default([]),
  })
  .strict();

const restaurantObject = z
  .object({
    slug: restaurantSlug,
    name: text(200),
    description: optionalText(4000),
    owner: z.email(),
    active: z.boolean().default(true),
    published: z.boolean().default(false),
    currency: z.string().refine(isCurrencyCode, "an ISO 4217 currency code such as EUR"),
    defaultLanguage: language,
    languages: z.array(language).min(1).max(30).optional(),
    cuisine: slug.nullish().transform((v) => v ?? null),
    city: slug.nullish().transform((v) => v ?? null),
    contact: z
      .object({
        phone: optionalText(40),
        address: optionalText(300),
        postalCode: optionalText(20),
        latitude: z.number().min(-90).max(90).nullish().transform((v) => v ?? null),
        longitude: z.number().min(-180).max(180).nullish().transform((v) => v ?? null),
      })
      .strict()
      .default({ phone: null, address: null, postalCode: null, latitude: null, longitude: null }),
    openingHours: z
      .partialRecord(z.enum(DAY_KEYS), timeRange)
      .nullish()
      .transform((v) => v ?? null)
      .meta({
        description:
          'Opening hours by day (mon…sun), one range "HH:MM-HH:MM" a day; a range ending at or before its start runs past midnight ("18:00-02:00"), 24:00 is the end of the day. A day left out is closed; a day may not be null. The whole field null or left out = hours unknown.',
      }),
    images: z.object({ logo: httpUrl, banner: httpUrl }).strict().default({ logo: null, banner: null }),
    ratings: z.object({ search: rating, travel: rating }).strict().default({ search: null, travel: null }),
    internalNotes: optionalText(4000),
    stats: z
      .object({ views: z.number().int().nonnegative().default(0), qrScans: z.number().int().nonnegative().default(0) })
      .strict()
      .default({ views: 0, qrScans: 0 }),
    categories: z.array(categorySchema).max(100).default([]),
  })
  .strict();

export const restaurantSchema = restaurantObject
  // Value checks that need the whole restaurant (its currency, its languages). They run in the
  // same pass as the shape checks, even when another field of the restaurant is malformed, so an
  // operator sees every problem of a file at once (`when`); the parts they read may then be
  // anything, hence the guards.
  .superRefine((r, ctx) => checkRestaurantValues(r as unknown, ctx), { when: () => true })
  .transform((r) => ({ ...r, languages: normalizeLanguages(r.defaultLanguage, r.languages) }));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isMoney = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function checkRestaurantValues(raw: unknown, ctx: z.RefinementCtx) {
  if (!isRecord(raw)) return;
  const currency = typeof raw.currency === "string" && isCurrencyCode(raw.currency) ? raw.currency : null;
  const declared = Array.isArray(raw.languages) ? raw.languages.filter((l): l is string => typeof l === "string") : undefined;
  const langs = typeof raw.defaultLanguage === "string" ? new Set(normalizeLanguages(raw.defaultLanguage, declared)) : null;
  if (!Array.isArray(raw.categories)) return;
  raw.categories.forEach((category: unknown, c) => {
    if (!isRecord(category)) return;
    if (langs && isRecord(category.translations)) checkTranslations(category.translations, langs, ctx, ["categories", c, "translations"]);
    if (!Array.isArray(category.items)) return;
    category.items.forEach((item: unknown, i) => {
      if (!isRecord(item)) return;
      const at = ["categories", c, "items", i];
      if (langs && isRecord(item.translations)) checkTranslations(item.translations, langs, ctx, [...at, "translations"]);
      if (currency) {
        for (const field of ["price", "compareAtPrice", "cost"] as const) {
          const value = item[field];
          if (isMoney(value) && !fitsCurrency(value, currency)) ctx.addIssue({ code: "custom", path: [...at, field], message: `more decimals than ${currency} has` });
        }
        if (Array.isArray(item.variants)) {
          item.variants.forEach((v: unknown, n) => {
            if (isRecord(v) && isMoney(v.price) && !fitsCurrency(v.price, currency)) {
              ctx.addIssue({ code: "custom", path: [...at, "variants", n, "price"], message: `more decimals than ${currency} has` });
            }
          });
        }
      }
      if (isMoney(item.compareAtPrice) && isMoney(item.price) && item.compareAtPrice <= item.price) {
        ctx.addIssue({ code: "custom", path: [...at, "compareAtPrice"], message: "must be higher than price (it is the old price)" });
      }
      if (Array.isArray(item.allergens) && new Set(item.allergens).size !== item.allergens.length) {
        ctx.addIssue({ code: "custom", path: [...at, "allergens"], message: "lists an allergen twice" });
      }
    });
  });
}

function normalizeLanguages(defaultLanguage: string, languages: string[] | undefined): string[] {
  return [...new Set([defaultLanguage, ...(languages ?? [])])];
}

function checkTranslations(t: Record<string, unknown>, langs: Set<string>, ctx: z.RefinementCtx, path: (string | number)[]) {
  for (const lang of Object.keys(t)) {
    if (!langs.has(lang)) ctx.addIssue({ code: "custom", path: [...path, lang], message: `language ${lang} is not in the restaurant's languages` });
  }
}

export const countrySchema = z
  .object({ slug, code: z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2"), name: text(100), language })
  .strict();

/** An IANA time zone name this runtime knows (Intl), e.g. Europe/Zurich. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const citySchema = z
  .object({
    slug,
    name: text(100),
    country: slug,
    diningScene: optionalText(2000),
    // Optional so that older files still load; without it the city's restaurants are never
    // "open now" (their local time is unknown), see docs/api.md "Near me and open now".
    timeZone: z
      .string()
      .refine(isTimeZone, "an IANA time zone such as Europe/Zurich (the field is timeZone, with a capital Z)")
      .nullish()
      .transform((v) => v ?? null)
      .meta({ description: "IANA time zone of the city, e.g. Europe/Athens. Needed for \"open now\": without it the city's restaurants are never open now." }),
  })
  .strict();

export const cuisineSchema = z
  .object({ slug, name: text(100), namePlural: text(100), tagline: text(300) })
  .strict();

export const ownerSchema = z
  .object({ email: z.email(), name: text(200), plan: z.enum(PLAN_IDS).default("free"), billingCustomerId: optionalText(100) })
  .strict();

/**
 * What a file may replace: restaurants already in the database that it names by slug, or that
 * belong to an owner it names. A restaurant of the file whose slug exists outside this scope is
 * refused (npm run import --replace-outside-scope overrides), so a slug that happens to be taken
 * never silently replaces someone else's menu. New slugs need no scope.
 */
export const scopeSchema = z
  .object({
    restaurants: z.array(restaurantSlug).max(100_000).default([]).meta({ description: "Slugs of existing restaurants this file may replace." }),
    owners: z.array(z.email()).max(1000).default([]).meta({ description: "Owner e-mails: existing restaurants of these owners may be replaced." }),
  })
  .strict()
  .default({ restaurants: [], owners: [] })
  .meta({
    description:
      "The restaurants already in the database that this file may replace. Without it, an import only adds restaurants whose slugs are new; a slug that exists is refused.",
  });

/** One import file. Every section is optional; a file may carry only restaurants, say. */
export const importFileSchema = z
  .object({
    $schema: z.string().optional().meta({ description: "The JSON Schema of this format, for editors: import-format.schema.json." }),
    scope: scopeSchema,
    countries: z.array(countrySchema).default([]),
    cities: z.array(citySchema).default([]),
    cuisines: z.array(cuisineSchema).default([]),
    owners: z.array(ownerSchema).default([]),
    restaurants: z.array(restaurantSchema).default([]),
    remove: z
      .array(restaurantSlug)
      .max(100_000)
      .default([])
      .meta({
        description:
          "Slugs of restaurants to delete with their menus. Each must be within the file's scope (npm run import --replace-outside-scope overrides); a slug that does not exist is skipped, so importing the file twice is harmless. A deleted restaurant that was public appears in the change feed as removed.",
      }),
  })
  .strict();

export type ImportFile = z.output<typeof importFileSchema>;
export type ImportRestaurant = z.output<typeof restaurantSchema>;
export type ImportItem = z.output<typeof itemSchema>;

/** Every field name of the format, for "did you mean" hints on a misspelt key (timezone → timeZone). */
export const FIELD_NAMES: readonly string[] = [
  ...new Set(
    [importFileSchema, scopeSchema.unwrap(), countrySchema, citySchema, cuisineSchema, ownerSchema, restaurantObject, categorySchema, itemSchema].flatMap((schema) => Object.keys(schema.shape)),
  ),
  "phone", "address", "postalCode", "latitude", "longitude", "logo", "banner", "search", "travel", "rating", "reviewCount", "views", "qrScans",
];
