// Times one search capability call in process (no server, no build): the quick loop for working on
// a query before the growth bench confirms it over HTTP.
//   DATABASE_URL=… MENU_CACHE_TTL_MS=0 tsx bench/probe-search.ts dishes 'q=tacos&near=…' [runs] [pages]
import { searchDishes, type SearchDishesInput } from "../lib/dishes/search-dishes";
import { searchRestaurants, type SearchRestaurantsInput } from "../lib/restaurants/search-restaurants";
import { disconnectDb } from "../lib/db/prisma";

const [endpoint, query, runsArg, pagesArg] = process.argv.slice(2);
const params = Object.fromEntries(new URLSearchParams(query ?? ""));
const runs = Number(runsArg ?? 15);
const pages = Number(pagesArg ?? 0);
const call = (cursor?: string) =>
  endpoint === "dishes" ? searchDishes({ ...params, cursor } as SearchDishesInput) : searchRestaurants({ ...params, cursor } as SearchRestaurantsInput);
let cursor: string | undefined;
for (let i = 0; i < pages; i++) cursor = (await call(cursor)).nextCursor ?? cursor;
const times: number[] = [];
let last: Awaited<ReturnType<typeof call>> | undefined;
for (let i = 0; i < runs + 2; i++) {
  const t = process.hrtime.bigint();
  last = await call(cursor);
  if (i >= 2) times.push(Number(process.hrtime.bigint() - t) / 1e6);
}
times.sort((a, b) => a - b);
process.stdout.write(`${endpoint} ${query}: p50 ${times[Math.floor(times.length / 2)].toFixed(2)} ms, total ${last?.total} count ${last?.count}\n`);
await disconnectDb();
