// The query plans behind a search or a menu lookup, as the service runs them: the capability's own
// queries (lib/data/restaurant-queries.ts) are captured from Prisma's query log and explained on
// the same database — EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE) on PostgreSQL.
// Used by bench/growth.mjs:  DATABASE_URL=… tsx bench/explain.ts '<json list of cases>'
// A case is { "label": "…", "search": { q?, city?, cuisine?, limit } }, { "label": "…", "menu": "<slug>" }
// (q/city/cuisine as a user types them; they are folded as the capability folds them), or
// { "label": "…", "dishes": { …GET /api/public/dishes parameters }, "pages"?: n }: the dish search
// capability itself (run with MENU_CACHE_TTL_MS=0), explained at page n + 1 when pages is given;
// { "label": "…", "restaurants": { …GET /api/public/restaurants parameters }, "pages"?: n } likewise.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import { findPublishedRestaurant, searchPublishedRestaurants } from "../lib/data/restaurant-queries";
import { databaseKind, databaseUrl, sqlitePath } from "../lib/db/database-url";
import { pgSessionOptions } from "../lib/db/pg-session";
import { PrismaClient } from "../lib/db/generated/client";
import { PrismaClient as PrismaClientPg } from "../lib/db/generated-pg/client";
import { searchKey, textKey } from "../lib/menu/text-key";
import { processState } from "../lib/process-state.mjs";
import { searchDishes, type SearchDishesInput } from "../lib/dishes/search-dishes";
import { searchRestaurants, type SearchRestaurantsInput } from "../lib/restaurants/search-restaurants";

interface Case {
  label: string;
  search?: { q?: string; city?: string; cuisine?: string; limit?: number };
  menu?: string;
  dishes?: SearchDishesInput;
  restaurants?: SearchRestaurantsInput;
  pages?: number;
}

interface Captured {
  query: string;
  params: unknown[];
}

const kind = databaseKind();
const captured: Captured[] = [];
const log = [{ emit: "event", level: "query" }] as const;
const client =
  kind === "postgresql"
    ? new PrismaClientPg({ adapter: new PrismaPg({ connectionString: databaseUrl(), options: pgSessionOptions() }), log: [...log] })
    : new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: sqlitePath() }), log: [...log] });
(client as unknown as { $on(e: "query", f: (e: { query: string; params: string }) => void): void }).$on("query", (e) => {
  if (/^(BEGIN|COMMIT|ROLLBACK)/i.test(e.query)) return;
  captured.push({ query: e.query, params: JSON.parse(e.params) as unknown[] });
});
// The capability's queries go through the process's one client (lib/db/prisma.ts, kept in its
// process state since it moved off globalThis, when plans came back empty): use this one.
processState<{ menuPrisma?: unknown }>("prisma", () => ({})).menuPrisma = client;

async function explain(statement: Captured): Promise<string[]> {
  if (kind === "sqlite") {
    const conn = new Database(sqlitePath(), { readonly: true });
    try {
      const params = statement.params.map((p) => (typeof p === "boolean" ? Number(p) : p));
      return (conn.prepare(`EXPLAIN QUERY PLAN ${statement.query}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    } finally {
      conn.close();
    }
  }
  const { default: pg } = await import("pg");
  // The service's own planner settings, or the plans would be the server defaults' ones.
  const conn = new pg.Client({ connectionString: databaseUrl(), options: pgSessionOptions() });
  await conn.connect();
  try {
    const result = await conn.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${statement.query}`, statement.params);
    return result.rows.map((r: Record<string, string>) => r["QUERY PLAN"]);
  } finally {
    await conn.end();
  }
}

const cases = JSON.parse(process.argv[2] ?? "[]") as Case[];
const out = [];
for (const c of cases) {
  captured.length = 0;
  if (c.menu) await findPublishedRestaurant(c.menu);
  if (c.search) {
    const s = c.search;
    await searchPublishedRestaurants({
      q: s.q ? searchKey(s.q) : undefined,
      city: s.city ? textKey(s.city) : undefined,
      cuisine: s.cuisine ? textKey(s.cuisine) : undefined,
      limit: s.limit ?? 20,
    });
  }
  if (c.dishes) {
    let cursor: string | undefined;
    // The cursor of a deep page is signed by this process: walk to it, then explain that page only.
    for (let i = 0; i < (c.pages ?? 0); i++) cursor = (await searchDishes({ ...c.dishes, cursor })).nextCursor ?? undefined;
    captured.length = 0;
    await searchDishes({ ...c.dishes, cursor });
  }
  if (c.restaurants) {
    let cursor: string | undefined;
    for (let i = 0; i < (c.pages ?? 0); i++) cursor = (await searchRestaurants({ ...c.restaurants, cursor } as SearchRestaurantsInput)).nextCursor ?? undefined;
    captured.length = 0;
    await searchRestaurants({ ...c.restaurants, cursor } as SearchRestaurantsInput);
  }
  const statements = [];
  for (const statement of [...captured]) statements.push({ sql: statement.query, plan: await explain(statement) });
  out.push({ label: c.label, statements });
}
await client.$disconnect();
process.stdout.write(JSON.stringify(out));
