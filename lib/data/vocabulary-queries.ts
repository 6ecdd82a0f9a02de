// The names the search's spelling suggestions are drawn from (lib/search/search-vocabulary.ts):
// dish names of published menus, in every language they carry. Bounded: at most `limit` dishes
// are read, whatever the size of the data, so building the vocabulary costs the same at 100 000
// restaurants as at 30 (the first dishes the plan meets: a sample, not a census).
import { Prisma } from "../db/generated/client";
import { readDb } from "../db/prisma";
import { translatedNames } from "../search/dish-rank";
import { isTrue } from "./search-scan";

/** Up to `limit` dish names of published, visible, available dishes, with their translations' names. */
export async function readDishNames(limit: number): Promise<string[]> {
  const rows = await readDb().$queryRaw<{ name: string; translations: unknown }[]>(
    Prisma.sql`SELECT m."name" AS "name", m."translations" AS "translations" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId" WHERE ${isTrue(`r."isActive"`)} AND ${isTrue(`r."menuPublished"`)} AND ${isTrue(`c."isVisible"`)} AND ${isTrue(`m."isAvailable"`)} LIMIT ${limit}`,
  );
  const names: string[] = [];
  for (const row of rows) {
    // SQLite hands JSON back as text, PostgreSQL as a value.
    names.push(row.name, ...translatedNames(typeof row.translations === "string" ? safeJson(row.translations) : row.translations));
  }
  return names;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
