// Reads the index files need that the API capabilities do not offer: the newest menu date, and
// every published restaurant (the search API stops at 50). Same visibility rule, same allowlist
// discipline: only public columns are selected.
import { cachedDirectory } from "../cache/public-caches";
import { db } from "../db/prisma";
import { readDirectoryChangeDates, readFeedHead } from "../data/public-changes";
import { publishedDate, publishedDateSelect, publishedRestaurantWhere } from "../serializers/restaurant";

const EPOCH = "1970-01-01T00:00:00.000Z";

/**
 * The date of the newest published menu: the "updated" date of pages that have no date of their
 * own (home, directories, plans, developers) and their sitemap lastmod. Stable across processes
 * and instances, unlike a start or build time, so ETags stay equal everywhere.
 */
export function siteUpdatedAt(): Promise<string> {
  return cachedDirectory("site-updated", async () => {
    // The change feed's head moves with every public change, removals included (a restaurant
    // gone from the home page and its city changes them too); the newest menu date does not.
    const [{ _max }, head] = await Promise.all([
      db().restaurant.aggregate({ where: publishedRestaurantWhere, _max: { contentUpdatedAt: true } }),
      readFeedHead(db()).catch(() => null),
    ]);
    const dates = [_max.contentUpdatedAt, head?.updatedAt].filter((d): d is Date => d instanceof Date).map((d) => d.toISOString());
    return dates.length ? dates.reduce((a, b) => (b > a ? b : a)) : EPOCH;
  });
}

/** When each public directory entry last changed by itself ("city:zurich" → ISO date), from the change feed. */
export function directoryUpdatedAt(): Promise<Record<string, string>> {
  return cachedDirectory("directory-updated", async () => Object.fromEntries((await readDirectoryChangeDates()).map((r) => [`${r.type}:${r.slug}`, r.at.toISOString()])));
}

export interface IndexedRestaurant {
  slug: string;
  name: string;
  description: string | null;
  updatedAt: string;
  defaultLanguage: string;
  languages: string[];
  cuisine: { slug: string; name: string } | null;
  city: { slug: string; name: string; country: { slug: string; name: string } } | null;
}

const BATCH = 1000;

/** Every published restaurant, in slug order, read in batches. */
export async function listPublishedRestaurantsForIndex(): Promise<IndexedRestaurant[]> {
  const out: IndexedRestaurant[] = [];
  let cursor: string | undefined;
  for (;;) {
    const rows = await db().restaurant.findMany({
      where: { ...publishedRestaurantWhere, ...(cursor ? { slug: { gt: cursor } } : {}) },
      orderBy: { slug: "asc" },
      take: BATCH,
      select: {
        slug: true,
        name: true,
        description: true,
        ...publishedDateSelect,
        defaultLanguage: true,
        languages: true,
        cuisine: { select: { slug: true, name: true } },
        city: { select: { slug: true, name: true, country: { select: { slug: true, name: true } } } },
      },
    });
    for (const r of rows) {
      const languages = Array.isArray(r.languages) ? r.languages.filter((l): l is string => typeof l === "string") : [];
      out.push({
        slug: r.slug,
        name: r.name,
        description: r.description,
        updatedAt: publishedDate(r),
        defaultLanguage: r.defaultLanguage,
        languages: languages.includes(r.defaultLanguage) ? languages : [r.defaultLanguage, ...languages],
        cuisine: r.cuisine,
        city: r.city,
      });
    }
    if (rows.length < BATCH) return out;
    cursor = rows[rows.length - 1].slug;
  }
}
