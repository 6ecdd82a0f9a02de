// What the site does not show (issue 46): drafts ("published": false) and inactive restaurants
// ("active": false), for `npm run import -- --list`, so an operator can see what is held back.
import { primaryDb } from "../db/prisma";

export interface NotPublicRestaurant {
  slug: string;
  name: string;
  owner: string;
  reasons: ("draft" | "inactive")[];
}

/** Every restaurant that is not public, by slug. */
export async function notPublicRestaurants(): Promise<NotPublicRestaurant[]> {
  const rows = await primaryDb().restaurant.findMany({
    where: { OR: [{ isActive: false }, { menuPublished: false }] },
    select: { slug: true, name: true, isActive: true, menuPublished: true, owner: { select: { email: true } } },
    orderBy: { slug: "asc" },
  });
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    owner: r.owner.email,
    reasons: [...(r.menuPublished ? [] : (["draft"] as const)), ...(r.isActive ? [] : (["inactive"] as const))],
  }));
}
