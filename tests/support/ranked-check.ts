// The ranked dish order (issue 48, docs/api.md "Dish search") written out for the property tests
// on both engines: a plain scan's matches in menu order, cut into windows of RANK_WINDOW, each
// sorted by how the words match (ties in menu order).
import { searchKey } from "../../lib/menu/text-key";
import { RANK_WINDOW } from "../../lib/search/dish-rank";

type Key = import("../../lib/data/search-scan").Key;
type RankPosition = import("../../lib/data/search-scan").RankPosition;
type Search = typeof import("../../lib/data/dish-queries").searchPublishedDishes;

/** A dish as the ranking sees it: its names (and translated names), its section's names. */
export interface DishInfo {
  names: string[];
  sections: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The documented rank: with q, 0 word start in a name, 1 in a name, 2 elsewhere, 3 elsewhere in a drinks section; without, 0 dish, 1 drink. */
function expectedRank(d: DishInfo, q: string | undefined, isDrink: (section: string) => boolean): number {
  const drink = d.sections.some(isDrink);
  if (q === undefined) return drink ? 1 : 0;
  const names = d.names.map(searchKey);
  if (names.some((n) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(q)}`, "u").test(n))) return 0;
  if (names.some((n) => n.includes(q))) return 1;
  return drink ? 3 : 2;
}

/** The ranked order of `reference` (ids in menu order). */
export function expectedOrder(reference: number[], info: Map<number, DishInfo>, q: string | undefined, isDrink: (section: string) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < reference.length; i += RANK_WINDOW) {
    const window = reference.slice(i, i + RANK_WINDOW).map((id, j) => ({ id, j, rank: expectedRank(info.get(id)!, q, isDrink) }));
    window.sort((a, b) => a.rank - b.rank || a.j - b.j);
    out.push(...window.map((x) => x.id));
  }
  return out;
}

/** Up to `pages` pages of a ranked search, each from where the one before said the next starts (as a cursor carries it); from `from` (a plain key: a cursor from before the ranking). */
export async function rankedWalk(search: Search, filters: Parameters<Search>[0], limit: number, pages: number, from?: Key): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let at: { from?: Key; rankFrom?: RankPosition } = { from };
  let total = -1;
  for (let i = 0; i < pages; i++) {
    const got = await search(filters, { ...at, limit, rank: true });
    if (total === -1) total = got.total.total;
    ids.push(...got.rows.map((r) => r.row.id));
    if (!got.next) break;
    at = { from: got.next.length ? got.next : undefined, rankFrom: got.nextRank };
  }
  return { ids, total };
}
