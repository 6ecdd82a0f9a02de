// Loads menus in the documented import format. There is no write API: this is how data gets in.
//
// All-or-nothing: every file is validated (shape, references, plan limits) before anything is
// written, and the writes run in one transaction. Restaurants are upserted by slug and their menu
// is replaced as a whole, so importing the same file twice leaves the same database.
//
// Guarded, because slugs are public and guessable: an import may not give an existing restaurant
// another owner, replace an existing restaurant its file's `scope` does not name, or change a
// directory entry (country, city, cuisine) other restaurants share, unless the operator says so
// (ImportGuards; the CLI's --allow-owner-change, --replace-outside-scope, --update-directory).
// Every such case is listed at once, and the plan (what is added, replaced, changed) is returned
// for the operator to read.
import type { z } from "zod";
import { databaseKind } from "../db/database-url";
import { primaryDb, type Db } from "../db/prisma";
import { Prisma } from "../db/generated/client";
import { searchKey, textKey } from "../menu/text-key";
import { toMinor } from "../menu/money";
import { allergenMask, dishSearchText, tagKey } from "../menu/dish-keys";
import { planById, type PlanDefinition } from "../plans";
import { ImportError, type ImportIssue } from "./import-error";
import { lineAndColumn, quoteLine, type ImportSource } from "./read-import-file";
import { locateJsonPaths } from "./json-locations";
import { issueMessage } from "./issue-hints";
import { DAY_KEYS } from "../search/opening-hours";
import { FIELD_NAMES, importFileSchema, type ImportFile, type ImportRestaurant } from "./import-schema";
import { publishedContentHash } from "./published-content";
import { directoryChanges as publicDirectoryChanges, publicDirectoryState, recordPublicChanges, touchRestaurantsShowing, type ChangeRecord } from "../data/public-changes";

export { ImportError, type ImportIssue } from "./import-error";

export type { ImportSource } from "./read-import-file";

export interface ImportSummary {
  countries: number;
  cities: number;
  cuisines: number;
  owners: number;
  restaurants: number;
  categories: number;
  items: number;
  /** what the import added, replaced and changed (also when nothing needed an override) */
  plan: ImportPlan;
}

/** The operator's explicit permissions for what an import refuses by default. */
export interface ImportGuards {
  /** give existing restaurants the owner the file names (CLI --allow-owner-change) */
  allowOwnerChange?: boolean;
  /** replace existing restaurants the file's scope does not name (CLI --replace-outside-scope) */
  replaceOutsideScope?: boolean;
  /** change countries, cities and cuisines already in the database (CLI --update-directory) */
  updateDirectory?: boolean;
}

export interface ImportOptions extends ImportGuards {
  onProgress?: (done: number, total: number) => void;
  client?: Db;
}

export type DirectoryKind = "country" | "city" | "cuisine";

/** One directory entry an import adds or changes; `changes` lists the fields, old → new. */
export interface DirectoryChange {
  kind: DirectoryKind;
  slug: string;
  action: "added" | "changed";
  changes: { field: string; from: unknown; to: unknown }[];
}

export interface ImportPlan {
  /** slugs of restaurants that are new */
  added: string[];
  /** slugs of existing restaurants whose data and menu the import replaces */
  replaced: string[];
  /** existing restaurants the import gives another owner */
  ownerChanges: { slug: string; from: string; to: string }[];
  /** existing restaurants replaced although their file's scope does not name them */
  outsideScope: string[];
  directory: DirectoryChange[];
  /** restaurants of the import that stay unpublished (drafts, inactive) */
  unpublished: string[];
  /** slugs of existing restaurants the import deletes (the files' "remove" lists) */
  removed: string[];
}

/** Formats a zod path as a JSON path: restaurants[3].categories[0].name */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

function slugAt(data: unknown, index: unknown): string | undefined {
  if (typeof index !== "number" || !data || typeof data !== "object") return undefined;
  const list = (data as { restaurants?: unknown }).restaurants;
  const entry = Array.isArray(list) ? list[index] : undefined;
  return entry && typeof entry === "object" && typeof (entry as { slug?: unknown }).slug === "string" ? (entry as { slug: string }).slug : undefined;
}

/** The value at a zod path of the parsed file (echoed in the message). */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

const HINT_NAMES = [...FIELD_NAMES, ...DAY_KEYS];

/** How many schema problems of a file are given their line and column (more are not read one by one). */
const LOCATED = 200;

function zodIssues(source: ImportSource, error: z.ZodError): ImportIssue[] {
  const issues = error.issues.map((issue) => ({
    file: source.name,
    restaurant: issue.path[0] === "restaurants" ? slugAt(source.data, issue.path[1]) : undefined,
    path: formatPath(issue.path),
    message: issueMessage(issue, valueAt(source.data, issue.path), HINT_NAMES),
  }));
  if (source.text === undefined) return issues;
  // Where each problem is in the file, as syntax errors are reported (a misspelt key at the key):
  // the first LOCATED of them, each found by a scan from the file's start.
  const offsets = locateJsonPaths(
    source.text,
    error.issues.slice(0, LOCATED).map((issue) =>
      issue.code === "unrecognized_keys"
        ? { path: [...issue.path, issue.keys[0]].map((k) => (typeof k === "symbol" ? String(k) : k)), at: "key" as const }
        : { path: issue.path.map((k) => (typeof k === "symbol" ? String(k) : k)) },
    ),
  );
  return issues.map((issue, n) => (n < LOCATED ? { ...issue, ...lineAndColumn(source.text!, offsets[n]), excerpt: quoteLine(source.text!, offsets[n]) } : issue));
}

/** A validated import: the merged data and what writing it would do. */
export interface ValidatedImport {
  data: ImportFile;
  plan: ImportPlan;
}

/**
 * Validates the sources and checks them against the database (references, plan limits, the
 * guards); throws ImportError listing every problem. Writes nothing: `npm run import --dry-run`
 * shows the plan this returns.
 */
export async function validateImport(sources: ImportSource[], options: ImportGuards & { client?: Db } = {}): Promise<ValidatedImport> {
  const client = options.client ?? primaryDb();
  const issues: ImportIssue[] = [];
  const merged: ImportFile = { scope: { restaurants: [], owners: [] }, countries: [], cities: [], cuisines: [], owners: [], restaurants: [], remove: [] };
  // The file each removal came from, with its scope and index.
  const removals: { slug: string; file: string; index: number; scope: ImportFile["scope"] }[] = [];
  // Where each entry came from (file and index in its section), for precise messages.
  const origin = new Map<object, { file: string; index: number }>();
  const remember = <T extends object>(list: T[], file: string) => list.forEach((entry, index) => origin.set(entry, { file, index }));
  // The scope each restaurant's own file declared.
  const scopeOf = new Map<ImportRestaurant, ImportFile["scope"]>();

  for (const source of sources) {
    const parsed = importFileSchema.safeParse(source.data);
    if (!parsed.success) {
      issues.push(...zodIssues(source, parsed.error));
      continue;
    }
    for (const r of parsed.data.restaurants) scopeOf.set(r, parsed.data.scope);
    parsed.data.remove.forEach((slug, index) => removals.push({ slug, file: source.name, index, scope: parsed.data.scope }));
    for (const section of ["countries", "cities", "cuisines", "owners", "restaurants"] as const) {
      remember(parsed.data[section] as object[], source.name);
      (merged[section] as object[]).push(...parsed.data[section]);
    }
  }
  if (issues.length) throw new ImportError(issues);

  const where = (r: ImportRestaurant) => origin.get(r)!;
  const issue = (r: ImportRestaurant, path: string, message: string) =>
    issues.push({ file: where(r).file, restaurant: r.slug, path: `restaurants[${where(r).index}]${path}`, message });

  const duplicates = <T extends object>(list: T[], key: (t: T) => string, what: string) => {
    const seen = new Set<string>();
    for (const item of list) {
      const k = key(item);
      const at = origin.get(item)!;
      if (seen.has(k)) issues.push({ file: at.file, path: `${what}[${at.index}]`, message: `${what} "${k}" appears twice in the import` });
      seen.add(k);
    }
  };
  duplicates(merged.countries, (c) => c.slug, "countries");
  duplicates(merged.cities, (c) => c.slug, "cities");
  duplicates(merged.cuisines, (c) => c.slug, "cuisines");
  duplicates(merged.owners, (o) => o.email.toLowerCase(), "owners");
  duplicates(merged.restaurants, (r) => r.slug, "restaurants");
  const importedSlugs = new Set(merged.restaurants.map((r) => r.slug));
  for (const removal of removals) {
    if (importedSlugs.has(removal.slug)) {
      issues.push({ file: removal.file, path: `remove[${removal.index}]`, message: `"${removal.slug}" is both imported and removed: keep it in one of the two lists` });
    }
  }

  // References may point at the import itself or at what the database already has.
  const [dbCountries, dbCities, dbCuisines, dbOwners] = await Promise.all([
    client.country.findMany({ select: { id: true, slug: true, code: true, name: true, language: true } }),
    client.city.findMany({ select: { slug: true, name: true, diningScene: true, timeZone: true, countryId: true } }),
    client.cuisine.findMany({ select: { slug: true, name: true, namePlural: true, tagline: true } }),
    client.account.findMany({ select: { email: true, plan: true } }),
  ]);
  const countries = new Set([...dbCountries.map((c) => c.slug), ...merged.countries.map((c) => c.slug)]);
  const cities = new Set([...dbCities.map((c) => c.slug), ...merged.cities.map((c) => c.slug)]);
  const cuisines = new Set([...dbCuisines.map((c) => c.slug), ...merged.cuisines.map((c) => c.slug)]);
  const ownerPlans = new Map<string, string>(dbOwners.map((o) => [o.email.toLowerCase(), o.plan]));
  for (const o of merged.owners) ownerPlans.set(o.email.toLowerCase(), o.plan);

  for (const c of merged.cities) {
    const at = origin.get(c)!;
    if (!countries.has(c.country)) issues.push({ file: at.file, path: `cities[${at.index}].country`, message: `unknown country "${c.country}"` });
  }

  const perOwner = new Map<string, ImportRestaurant[]>();
  for (const r of merged.restaurants) {
    if (r.city && !cities.has(r.city)) issue(r, ".city", `unknown city "${r.city}"`);
    if (r.cuisine && !cuisines.has(r.cuisine)) issue(r, ".cuisine", `unknown cuisine "${r.cuisine}"`);
    const owner = r.owner.toLowerCase();
    if (!ownerPlans.has(owner)) issue(r, ".owner", `unknown owner "${r.owner}": add it to "owners"`);
    perOwner.set(owner, [...(perOwner.get(owner) ?? []), r]);
  }

  // Plan limits, from the same constants /api/public/plans publishes.
  for (const [owner, restaurants] of perOwner) {
    const plan = planById(ownerPlans.get(owner) ?? "");
    if (!plan) continue;
    const importedSlugs = restaurants.map((r) => r.slug);
    const others = await client.restaurant.count({ where: { owner: { email: owner }, slug: { notIn: importedSlugs } } });
    checkPlanLimits(plan, others, restaurants, issue);
  }

  if (issues.length) throw new ImportError(issues);

  const directory = directoryChanges(merged, dbCountries, dbCities, dbCuisines);
  const plan: ImportPlan = {
    added: [],
    replaced: [],
    ownerChanges: [],
    outsideScope: [],
    directory,
    unpublished: merged.restaurants.filter((r) => !r.active || !r.published).map((r) => r.slug),
    removed: [],
  };
  const stored = new Map<string, { owner: string; name: string }>();
  for (const slugs of chunkList(merged.restaurants.map((r) => r.slug), 10_000)) {
    const rows = await client.restaurant.findMany({ where: { slug: { in: slugs } }, select: { slug: true, name: true, owner: { select: { email: true } } } });
    for (const row of rows) stored.set(row.slug, { owner: row.owner.email.toLowerCase(), name: row.name });
  }
  for (const r of merged.restaurants) {
    const current = stored.get(r.slug);
    if (!current) {
      plan.added.push(r.slug);
      continue;
    }
    plan.replaced.push(r.slug);
    const owner = r.owner.toLowerCase();
    if (current.owner !== owner) {
      plan.ownerChanges.push({ slug: r.slug, from: current.owner, to: owner });
      if (!options.allowOwnerChange) {
        issue(r, ".owner", `restaurant "${r.slug}" already exists ("${current.name}") and belongs to ${current.owner}: this import would give it to ${owner}. Choose another slug, or pass --allow-owner-change if that is intended`);
      }
    }
    const scope = scopeOf.get(r)!;
    const inScope = scope.restaurants.includes(r.slug) || scope.owners.some((o) => o.toLowerCase() === current.owner);
    if (!inScope) {
      plan.outsideScope.push(r.slug);
      if (!options.replaceOutsideScope) {
        issue(
          r,
          ".slug",
          `restaurant "${r.slug}" already exists ("${current.name}", owner ${current.owner}) and this file's "scope" does not name it, so the import would replace it. ` +
            `To update it, add "${r.slug}" to "scope": { "restaurants": [...] } in the file (or pass --replace-outside-scope); to add a new restaurant, choose another slug`,
        );
      }
    }
  }
  const toRemove = [...new Set(removals.map((r) => r.slug))];
  const removable = new Map<string, { owner: string; name: string }>();
  for (const slugs of chunkList(toRemove, 10_000)) {
    const rows = await client.restaurant.findMany({ where: { slug: { in: slugs } }, select: { slug: true, name: true, owner: { select: { email: true } } } });
    for (const row of rows) removable.set(row.slug, { owner: row.owner.email.toLowerCase(), name: row.name });
  }
  for (const removal of removals) {
    const current = removable.get(removal.slug);
    // Not there (any more): nothing to do, so the same file can be imported again.
    if (!current) continue;
    if (!plan.removed.includes(removal.slug)) plan.removed.push(removal.slug);
    const inScope = removal.scope.restaurants.includes(removal.slug) || removal.scope.owners.some((o) => o.toLowerCase() === current.owner);
    if (!inScope) {
      if (!plan.outsideScope.includes(removal.slug)) plan.outsideScope.push(removal.slug);
      if (!options.replaceOutsideScope) {
        issues.push({
          file: removal.file,
          restaurant: removal.slug,
          path: `remove[${removal.index}]`,
          message: `restaurant "${removal.slug}" ("${current.name}", owner ${current.owner}) is not in this file's "scope", so the import may not delete it. Add "${removal.slug}" to "scope": { "restaurants": [...] } (or pass --replace-outside-scope)`,
        });
      }
    }
  }
  if (!options.updateDirectory) {
    for (const change of directory.filter((c) => c.action === "changed")) {
      const section = { country: "countries", city: "cities", cuisine: "cuisines" }[change.kind];
      const list = merged[section as "countries" | "cities" | "cuisines"] as { slug: string }[];
      const at = origin.get(list.find((e) => e.slug === change.slug)!)!;
      const what = change.changes.map((c) => `${c.field} ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`).join("; ");
      issues.push({
        file: at.file,
        path: `${section}[${at.index}]`,
        message: `the ${change.kind} "${change.slug}" already exists with other values, shared by every restaurant there (${what}). Declare it as stored, leave it out of the file, or pass --update-directory to change it site-wide`,
      });
    }
  }
  if (issues.length) throw new ImportError(issues);
  return { data: merged, plan };
}

/** Directory entries of the import that are new or differ from the stored ones (unchanged ones are left out). */
function directoryChanges(
  data: ImportFile,
  countries: { id: number; slug: string; code: string; name: string; language: string }[],
  cities: { slug: string; name: string; diningScene: string | null; timeZone: string | null; countryId: number }[],
  cuisines: { slug: string; name: string; namePlural: string; tagline: string }[],
): DirectoryChange[] {
  const out: DirectoryChange[] = [];
  const compare = (kind: DirectoryKind, slug: string, stored: Record<string, unknown> | undefined, declared: Record<string, unknown>) => {
    if (!stored) {
      out.push({ kind, slug, action: "added", changes: [] });
      return;
    }
    const changes = Object.keys(declared)
      .filter((field) => stored[field] !== declared[field])
      .map((field) => ({ field, from: stored[field], to: declared[field] }));
    if (changes.length) out.push({ kind, slug, action: "changed", changes });
  };
  const countrySlug = new Map(countries.map((c) => [c.id, c.slug]));
  const bySlug = <T extends { slug: string }>(list: T[]) => new Map(list.map((e) => [e.slug, e]));
  const storedCountries = bySlug(countries);
  const storedCities = bySlug(cities);
  const storedCuisines = bySlug(cuisines);
  for (const c of data.countries) {
    const s = storedCountries.get(c.slug);
    compare("country", c.slug, s && { code: s.code, name: s.name, language: s.language }, { code: c.code, name: c.name, language: c.language });
  }
  for (const c of data.cities) {
    const s = storedCities.get(c.slug);
    // A file without timeZone keeps the stored one (the importer does not clear it).
    const declared: Record<string, unknown> = { name: c.name, country: c.country, diningScene: c.diningScene, ...(c.timeZone ? { timeZone: c.timeZone } : {}) };
    compare("city", c.slug, s && { name: s.name, country: countrySlug.get(s.countryId), diningScene: s.diningScene, timeZone: s.timeZone }, declared);
  }
  for (const c of data.cuisines) {
    const s = storedCuisines.get(c.slug);
    compare("cuisine", c.slug, s && { name: s.name, namePlural: s.namePlural, tagline: s.tagline }, { name: c.name, namePlural: c.namePlural, tagline: c.tagline });
  }
  return out;
}

function chunkList<T>(list: T[], size: number): T[][] {
  return [...chunks(list, size)];
}

function checkPlanLimits(
  plan: PlanDefinition,
  otherRestaurants: number,
  restaurants: ImportRestaurant[],
  issue: (r: ImportRestaurant, path: string, message: string) => void,
) {
  const { limits } = plan;
  if (limits.restaurants !== null && otherRestaurants + restaurants.length > limits.restaurants) {
    issue(
      restaurants[0],
      ".owner",
      `owner ${restaurants[0].owner} would have ${otherRestaurants + restaurants.length} restaurants; the ${plan.name} plan allows ${limits.restaurants}`,
    );
  }
  for (const r of restaurants) {
    const items = r.categories.reduce((n, c) => n + c.items.length, 0);
    if (limits.menuItems !== null && items > limits.menuItems) {
      issue(r, ".categories", `${items} menu items; the ${plan.name} plan allows ${limits.menuItems}`);
    }
    if (limits.languages !== null && r.languages.length > limits.languages) {
      issue(r, ".languages", `${r.languages.length} languages; the ${plan.name} plan allows ${limits.languages}`);
    }
  }
}

/** Validates and writes, in one transaction. Throws ImportError (nothing written) on any problem. */
export async function importMenus(sources: ImportSource[], options: ImportOptions = {}): Promise<ImportSummary> {
  const client = options.client ?? primaryDb();
  const { data, plan } = await validateImport(sources, { ...options, client });
  const summary: ImportSummary = {
    countries: data.countries.length,
    cities: data.cities.length,
    cuisines: data.cuisines.length,
    owners: data.owners.length,
    restaurants: data.restaurants.length,
    categories: 0,
    items: 0,
    plan,
  };

  await client.$transaction(
    async (tx) => {
      // The public directory before: what the change feed compares with at the end.
      const directoryBefore = await publicDirectoryState(tx);
      for (const c of data.countries) {
        const fields = { code: c.code, name: c.name, language: c.language };
        await tx.country.upsert({ where: { slug: c.slug }, create: { slug: c.slug, ...fields }, update: fields });
      }
      const countryIds = new Map((await tx.country.findMany({ select: { id: true, slug: true } })).map((c) => [c.slug, c.id]));
      for (const c of data.cities) {
        // A file without timeZone (written before the field existed) keeps the stored one.
        const fields = { name: c.name, nameKey: textKey(c.name), diningScene: c.diningScene, ...(c.timeZone ? { timeZone: c.timeZone } : {}), countryId: countryIds.get(c.country)! };
        await tx.city.upsert({ where: { slug: c.slug }, create: { slug: c.slug, ...fields }, update: fields });
      }
      for (const c of data.cuisines) {
        const fields = { name: c.name, nameKey: textKey(c.name), namePlural: c.namePlural, tagline: c.tagline };
        await tx.cuisine.upsert({ where: { slug: c.slug }, create: { slug: c.slug, ...fields }, update: fields });
      }
      for (const o of data.owners) {
        const email = o.email.toLowerCase();
        const fields = { name: o.name, plan: o.plan, billingCustomerId: o.billingCustomerId };
        await tx.account.upsert({ where: { email }, create: { email, ...fields }, update: fields });
      }

      const [cities, cuisines, owners] = await Promise.all([
        tx.city.findMany({ select: { id: true, slug: true } }),
        tx.cuisine.findMany({ select: { id: true, slug: true } }),
        tx.account.findMany({ select: { id: true, email: true } }),
      ]);
      const cityIds = new Map(cities.map((c) => [c.slug, c.id]));
      const cuisineIds = new Map(cuisines.map((c) => [c.slug, c.id]));
      const ownerIds = new Map(owners.map((o) => [o.email, o.id]));

      // Restaurants: the ones that exist are updated one by one (they keep their id), the new
      // ones inserted together. Then every menu of the import is replaced at once: one DELETE
      // (items go with their categories by cascade) and multi-row INSERTs for the categories and
      // items. Prisma's createMany/upsert spend about a millisecond of client-side work per row;
      // plain multi-row INSERTs load 5 million items in minutes instead of hours
      // (npm run db:generate). Same rows, same columns, same values.
      const existing = new Map<string, number>();
      const storedHash = new Map<string, string | null>();
      const wasPublic = new Set<string>();
      for (const slugs of chunks([...data.restaurants.map((r) => r.slug), ...plan.removed], 10_000)) {
        const rows = await tx.restaurant.findMany({ where: { slug: { in: slugs } }, select: { id: true, slug: true, contentHash: true, isActive: true, menuPublished: true } });
        for (const row of rows) {
          existing.set(row.slug, row.id);
          storedHash.set(row.slug, row.contentHash);
          if (row.isActive && row.menuPublished) wasPublic.add(row.slug);
        }
      }
      const now = new Date();
      const hashes = new Map(data.restaurants.map((r) => [r.slug, publishedContentHash(r)]));
      // The change feed's entries of this import (lib/data/public-changes.ts): what became public,
      // what stopped being public, and public content that changed. A restaurant never public
      // gets none, and neither does an edit of private fields only (the hash ignores them).
      const changes: ChangeRecord[] = [];
      for (const r of data.restaurants) {
        const before = wasPublic.has(r.slug);
        const after = r.active && r.published;
        if (!before && after) changes.push({ type: "restaurant", slug: r.slug, change: "published", at: now });
        else if (before && !after) changes.push({ type: "restaurant", slug: r.slug, change: "removed", at: now });
        else if (before && after && storedHash.get(r.slug) !== hashes.get(r.slug)) changes.push({ type: "restaurant", slug: r.slug, change: "updated", at: now });
      }
      for (const slug of plan.removed) if (wasPublic.has(slug)) changes.push({ type: "restaurant", slug, change: "removed", at: now });
      for (const ids of chunks(plan.removed.map((slug) => existing.get(slug)!), 10_000)) await tx.restaurant.deleteMany({ where: { id: { in: ids } } });
      for (const slug of plan.removed) existing.delete(slug);
      const fieldsOf = (r: ImportRestaurant) => ({
        name: r.name,
        description: r.description,
        currency: r.currency,
        defaultLanguage: r.defaultLanguage,
        languages: r.languages,
        cuisineId: r.cuisine ? cuisineIds.get(r.cuisine)! : null,
        cityId: r.city ? cityIds.get(r.city)! : null,
        phone: r.contact.phone,
        address: r.contact.address,
        postalCode: r.contact.postalCode,
        latitude: r.contact.latitude,
        longitude: r.contact.longitude,
        openingHours: r.openingHours ?? Prisma.DbNull,
        logoUrl: r.images.logo,
        bannerUrl: r.images.banner,
        searchRating: r.ratings.search?.rating ?? null,
        searchReviewCount: r.ratings.search?.reviewCount ?? null,
        travelRating: r.ratings.travel?.rating ?? null,
        travelReviewCount: r.ratings.travel?.reviewCount ?? null,
        searchText: searchKey([r.name, r.description ?? "", r.slug].join(" ")),
        isActive: r.active,
        menuPublished: r.published,
        ownerId: ownerIds.get(r.owner.toLowerCase())!,
        internalNotes: r.internalNotes,
        viewCount: r.stats.views,
        qrScanCount: r.stats.qrScans,
        contentHash: hashes.get(r.slug)!,
      });
      let done = 0;
      for (const r of data.restaurants) {
        const id = existing.get(r.slug);
        if (id === undefined) continue;
        // The public date moves only with the published fields (lib/import/published-content.ts).
        const changed = storedHash.get(r.slug) !== hashes.get(r.slug);
        const published = !wasPublic.has(r.slug) && r.active && r.published;
        await tx.restaurant.update({ where: { id }, data: { ...fieldsOf(r), ...(changed ? { contentUpdatedAt: now } : {}), ...(published ? { publishedAt: now } : {}) }, select: { id: true } });
        options.onProgress?.(++done, data.restaurants.length);
      }
      const fresh = data.restaurants.filter((r) => !existing.has(r.slug));
      for (const part of chunks(fresh, 1000)) {
        const rows = part.map((r) => {
          const f = fieldsOf(r);
          return RESTAURANT_COLUMNS.map((column): Cell | { json: string } => {
            if (column === "slug") return r.slug;
            if (column === "createdAt" || column === "updatedAt" || column === "contentUpdatedAt") return now;
            if (column === "publishedAt") return r.active && r.published ? now : null;
            if (column === "languages") return json(f.languages);
            if (column === "openingHours") return r.openingHours ? json(r.openingHours) : null;
            return f[column];
          });
        });
        for (const row of await insertRows(tx, "Restaurant", RESTAURANT_COLUMNS, rows, ["id", "slug"])) existing.set(String(row.slug), Number(row.id));
        done += part.length;
        options.onProgress?.(done, data.restaurants.length);
      }
      const restaurantIds = data.restaurants.map((r) => existing.get(r.slug)!);

      for (const ids of chunks(restaurantIds, 10_000)) await tx.category.deleteMany({ where: { restaurantId: { in: ids } } });

      const categoryRows = data.restaurants.flatMap((r, index) =>
        r.categories.map((c, position) => [restaurantIds[index], position, c.name, c.description, json(c.translations), c.visible, c.internalNotes]),
      );
      const categoryIds = new Map<string, number>();
      for (const row of await insertRows(tx, "Category", CATEGORY_COLUMNS, categoryRows, ["id", "restaurantId", "position"])) {
        categoryIds.set(`${row.restaurantId}:${row.position}`, Number(row.id));
      }

      const itemRows = data.restaurants.flatMap((r, index) =>
        r.categories.flatMap((c, position) =>
          c.items.map((item, itemPosition) => [
            categoryIds.get(`${restaurantIds[index]}:${position}`)!,
            itemPosition,
            item.name,
            item.description,
            json(item.translations),
            toMinor(item.price, r.currency),
            item.compareAtPrice === null ? null : toMinor(item.compareAtPrice, r.currency),
            item.imageUrl,
            item.available,
            item.badge,
            json([...new Set(item.tags)]),
            json(item.allergens),
            item.nutrition ? json(item.nutrition) : null,
            item.variants ? json(item.variants.map((v) => ({ name: v.name, priceMinor: toMinor(v.price, r.currency) }))) : null,
            item.cost === null ? null : toMinor(item.cost, r.currency),
            item.internalNotes,
            dishSearchText(item),
            tagKey(item.tags),
            allergenMask(item.allergens),
          ]),
        ),
      );
      await insertRows(tx, "MenuItem", ITEM_COLUMNS, itemRows);
      summary.categories = categoryRows.length;
      summary.items = itemRows.length;

      // Directory entries that appeared, left or changed; restaurants showing a renamed one changed too.
      const directory = publicDirectoryChanges(directoryBefore, await publicDirectoryState(tx), now);
      changes.push(...directory.records);
      const recorded = new Set(changes.filter((c) => c.type === "restaurant").map((c) => c.slug));
      for (const slug of await touchRestaurantsShowing(tx, directory.renamed, now)) {
        if (!recorded.has(slug)) changes.push({ type: "restaurant", slug, change: "updated", at: now });
      }
      await recordPublicChanges(tx, changes, now);
    },
    { timeout: 60 * 60 * 1000, maxWait: 30_000 },
  );
  return summary;
}

// ————— bulk rows —————

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
type Cell = string | number | boolean | Date | null;

/** Every column of "Restaurant" but the id, as the importer writes them. */
export const RESTAURANT_COLUMNS = [
  "slug",
  "name",
  "description",
  "currency",
  "defaultLanguage",
  "languages",
  "cuisineId",
  "cityId",
  "phone",
  "address",
  "postalCode",
  "latitude",
  "longitude",
  "openingHours",
  "logoUrl",
  "bannerUrl",
  "searchRating",
  "searchReviewCount",
  "travelRating",
  "travelReviewCount",
  "searchText",
  "isActive",
  "menuPublished",
  "ownerId",
  "internalNotes",
  "viewCount",
  "qrScanCount",
  "contentHash",
  "contentUpdatedAt",
  "publishedAt",
  "createdAt",
  "updatedAt",
] as const;

export const CATEGORY_COLUMNS = ["restaurantId", "position", "name", "description", "translations", "isVisible", "internalNotes"] as const;
export const ITEM_COLUMNS = [
  "categoryId",
  "position",
  "name",
  "description",
  "translations",
  "priceMinor",
  "compareAtMinor",
  "imageUrl",
  "isAvailable",
  "badge",
  "tags",
  "allergens",
  "nutrition",
  "variants",
  "costMinor",
  "internalNotes",
  "searchText",
  "tagKey",
  "allergenMask",
] as const;

/** A Json column's value as its text: SQLite stores that text, PostgreSQL casts it (see insertRows). */
const json = (value: unknown) => ({ json: JSON.stringify(value) });

function* chunks<T>(list: T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

/**
 * Multi-row INSERTs of `rows` into `table`, as many statements as the bind-parameter limit
 * needs (SQLite allows 32 766, PostgreSQL 65 535), optionally RETURNING columns of every row.
 */
async function insertRows(
  tx: Tx,
  table: string,
  columns: readonly string[],
  rows: (Cell | { json: string })[][],
  returning: string[] = [],
): Promise<Record<string, unknown>[]> {
  const postgres = databaseKind() === "postgresql";
  const out: Record<string, unknown>[] = [];
  const head = Prisma.raw(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES `);
  const tail = Prisma.raw(returning.length ? ` RETURNING ${returning.map((c) => `"${c}"`).join(", ")}` : "");
  const cell = (value: Cell | { json: string }) =>
    value !== null && typeof value === "object" && !(value instanceof Date) ? (postgres ? Prisma.sql`CAST(${value.json} AS jsonb)` : Prisma.sql`${value.json}`) : Prisma.sql`${value}`;
  for (const part of chunks(rows, Math.floor(30_000 / columns.length))) {
    const values = Prisma.join(part.map((row) => Prisma.sql`(${Prisma.join(row.map(cell))})`));
    const statement = Prisma.sql`${head}${values}${tail}`;
    if (returning.length) out.push(...(await tx.$queryRaw<Record<string, unknown>[]>(statement)));
    else await tx.$executeRaw(statement);
  }
  return out;
}
