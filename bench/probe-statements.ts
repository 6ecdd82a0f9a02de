// Times each statement one search issues, in process (no server): which of the probe, the page and
// the total takes the time. Prisma's query log gives each statement's duration.
//   DATABASE_URL=… MENU_CACHE_TTL_MS=0 tsx bench/probe-statements.ts dishes 'q=fl&maxPrice=28&currency=PLN' [runs]
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseKind, databaseUrl, sqlitePath } from "../lib/db/database-url";
import { pgSessionOptions } from "../lib/db/pg-session";
import { PrismaClient } from "../lib/db/generated/client";
import { PrismaClient as PrismaClientPg } from "../lib/db/generated-pg/client";
import { searchDishes, type SearchDishesInput } from "../lib/dishes/search-dishes";
import { searchRestaurants, type SearchRestaurantsInput } from "../lib/restaurants/search-restaurants";

const [endpoint, query, runsArg] = process.argv.slice(2);
const params = Object.fromEntries(new URLSearchParams(query ?? ""));
const runs = Number(runsArg ?? 5);
const log = [{ emit: "event", level: "query" }] as const;
const client =
  databaseKind() === "postgresql"
    ? new PrismaClientPg({ adapter: new PrismaPg({ connectionString: databaseUrl(), options: pgSessionOptions() }), log: [...log] })
    : new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: sqlitePath() }), log: [...log] });
const seen: { query: string; ms: number }[] = [];
(client as unknown as { $on(e: "query", f: (e: { query: string; duration: number }) => void): void }).$on("query", (e) => {
  if (!/^(BEGIN|COMMIT|ROLLBACK)/i.test(e.query)) seen.push({ query: e.query, ms: e.duration });
});
(globalThis as unknown as { menuPrisma: unknown }).menuPrisma = client;
// As lib/db/prisma.ts opens SQLite (one connection: the pragma holds for every statement).
if (databaseKind() === "sqlite") await (client as unknown as { $queryRawUnsafe(sql: string): Promise<unknown> }).$queryRawUnsafe("PRAGMA mmap_size = 2147483648");
const call = () => (endpoint === "dishes" ? searchDishes(params as SearchDishesInput) : searchRestaurants(params as SearchRestaurantsInput));
await call();
const byStatement = new Map<string, number[]>();
const totals: number[] = [];
let last: Awaited<ReturnType<typeof call>> | undefined;
for (let i = 0; i < runs; i++) {
  seen.length = 0;
  const t = process.hrtime.bigint();
  last = await call();
  totals.push(Number(process.hrtime.bigint() - t) / 1e6);
  seen.forEach((s, j) => byStatement.set(`${j}`, [...(byStatement.get(`${j}`) ?? []), s.ms]));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
process.stdout.write(`${endpoint} ${query}: p50 ${median(totals).toFixed(1)} ms, total ${last?.total}\n`);
seen.forEach((s, j) => process.stdout.write(`  ${String(median(byStatement.get(`${j}`) ?? [0])).padStart(5)} ms  ${s.query.replace(/\s+/g, " ").slice(0, 600)}\n`));
await client.$disconnect();
