// What an owner's edit needs before the public sees it: the in-process caches of this process
// purged (lib/cache) and Next.js's cached renders of every page that shows the restaurant marked
// stale (revalidatePath), so the next request renders from the database. Called by the
// revalidation endpoint (app/api/internal/revalidate) after the dashboard has saved a change.
import { revalidatePath } from "next/cache";
import { findRestaurantPlacement } from "../data/restaurant-queries";
import { internalRenderPath, matchPageRoute, pathOf } from "./routes";
import { purgeCaches } from "../cache/ttl-cache";

export interface RevalidationResult {
  slug: string | null;
  /** entries of the in-process caches marked stale (or dropped, where a cache keeps no last good copy) */
  purgedEntries: number;
  /** public paths whose renders were marked stale */
  paths: string[];
}

/** The public pages that show restaurant `slug`: its menu in every language, its city and cuisine listings, home. */
async function pagesShowing(slug: string): Promise<string[]> {
  const placement = await findRestaurantPlacement(slug);
  const paths = [pathOf("restaurant", { slug }), pathOf("home")];
  // Deleted: its language pages cannot be listed; they expire with their ISR lifetime (5 min).
  if (!placement) return paths;
  const languages = Array.isArray(placement.languages) ? placement.languages.filter((l): l is string => typeof l === "string") : [];
  for (const lang of languages) paths.push(pathOf("restaurantLanguage", { slug, lang }));
  if (placement.city) paths.push(pathOf("city", { country: placement.city.country.slug, city: placement.city.slug }));
  if (placement.cuisine) paths.push(pathOf("cuisine", { cuisine: placement.cuisine.slug }));
  return paths;
}

/** Each public path, its Markdown twin, and the internal path the App Router renders it under. */
function markStale(paths: string[]) {
  for (const path of paths) {
    revalidatePath(path);
    revalidatePath(path === "/" ? "/index.md" : `${path}.md`);
    const match = matchPageRoute(path);
    if (match) revalidatePath(internalRenderPath(match));
  }
}

export async function revalidateRestaurant(slug: string): Promise<RevalidationResult> {
  // Loads in flight during the purge are not kept (lib/cache/ttl-cache.ts), so the next request
  // reads the database, which the dashboard has committed to before calling.
  const { entries } = purgeCaches(slug);
  const paths = await pagesShowing(slug);
  markStale(paths);
  return { slug, purgedEntries: entries, paths };
}

/** Everything: every cache of this process, every render (after a bulk import). */
export function revalidateEverything(): RevalidationResult {
  const { entries } = purgeCaches();
  revalidatePath("/", "layout");
  return { slug: null, purgedEntries: entries, paths: ["/"] };
}
