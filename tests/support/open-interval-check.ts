// One check for both engines (tests/db/open-interval.test.ts on SQLite, tests/postgres/open-interval.test.ts):
// the SQL open filter (lib/data/search-scan.ts openAtSql over the intervals the migration
// opening_interval keeps), and the open restaurants read off the intervals' index
// (openRestaurantIds, migration open_interval_index), say "open" for exactly the restaurants
// lib/search/opening-hours.ts isOpenAt says, at many instants: random ones, both sides of daylight-saving changes in each
// hemisphere, midnights and week ends; for hours past midnight, ending at 24:00, closed days,
// unknown hours, cities without a time zone or with one Intl does not know. The caller has set
// DATABASE_URL and migrated the database.
import fc from "fast-check";
import { expect, it, vi } from "vitest";

const { db, readDb } = await import("../../lib/db/prisma");
const { Prisma } = await import("../../lib/db/generated/client");
const { databaseKind } = await import("../../lib/db/database-url");
const { openAtSql, openList, openRestaurantIds } = await import("../../lib/data/search-scan");
const { TOTAL_BOUND } = await import("../../lib/search/total-bound");
const { isOpenAt, DAY_KEYS } = await import("../../lib/search/opening-hours");
const { scanPublishedRestaurants } = await import("../../lib/data/restaurant-queries");
const { searchPublishedDishes } = await import("../../lib/data/dish-queries");

/** Zones with DST north and south, half- and quarter-hour offsets, the date line; null; and one no runtime knows. */
export const ZONES = [
  "Europe/Zurich",
  "America/New_York",
  "America/Los_Angeles",
  "Australia/Sydney",
  "Pacific/Chatham",
  "Asia/Kathmandu",
  "America/St_Johns",
  "Asia/Tokyo",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  null,
  "Mars/Olympus_Mons",
] as const;

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
/** A range the import format accepts: any start, any other end up to 24:59 (past midnight when not after the start). */
const range = fc
  .tuple(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 0, max: 24 * 60 + 59 }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => `${hhmm(a)}-${hhmm(b)}`);
const quarter = fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 0, max: 96 })).filter(([a, b]) => a !== b).map(([a, b]) => `${hhmm(a * 15)}-${hhmm(b * 15)}`);
const hoursArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...DAY_KEYS), fc.oneof(range, quarter, fc.constantFrom("00:00-24:00", "18:00-02:00", "23:59-00:00", "00:00-00:01")), { maxKeys: 7 }) },
  // Values the import refuses but a database may hold: ignored by both, never an error.
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ mon: "9-17" }, { sun: 5, mon: "08:00-12:00" }, ["08:00-12:00"], { Mon: "08:00-12:00" }, { tue: "08:00-12:00 " }) },
);

/** Instants near every daylight-saving change of the zones in 2026 and 2027, midnights, week ends, and random ones. */
export function instants(count: number, seed: number): Date[] {
  const changes = [
    "2026-03-08T07:00:00Z", "2026-03-29T01:00:00Z", "2026-04-05T16:00:00Z", "2026-04-05T13:45:00Z", "2026-09-27T14:00:00Z",
    "2026-10-04T16:00:00Z", "2026-10-25T01:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T09:00:00Z", "2027-03-14T10:00:00Z", "2027-03-28T01:00:00Z",
  ];
  const near = changes.flatMap((c) => [-61, -31, -1, 0, 1, 29, 59, 61, 120].map((m) => new Date(Date.parse(c) + m * 60_000)));
  const random = fc.sample(fc.integer({ min: Date.parse("2026-01-01T00:00:00Z") / 60_000, max: Date.parse("2027-12-31T00:00:00Z") / 60_000 }), { numRuns: count, seed });
  return [...near, ...random.map((m) => new Date(m * 60_000)), new Date("2026-07-10T19:30:00Z"), new Date("2026-07-12T23:59:00Z"), new Date("2026-07-13T00:00:00Z")];
}

export interface Place {
  restaurants: { id: number; hours: unknown; zone: string | null; name: string; slug: string; city: string | null }[];
}

/** Cities in every zone of ZONES, `count` published restaurants over them with random hours. */
export async function seedRestaurants(count: number, seed: number): Promise<Place> {
  const country = await db().country.create({ data: { slug: "oz", code: "OZ", name: "Oz", language: "en" } });
  const cities: { id: number; zone: string | null; slug: string }[] = [];
  for (const [i, zone] of ZONES.entries()) {
    const city = await db().city.create({ data: { slug: `oi-${i}`, name: `City ${i}`, nameKey: `city ${i}`, timeZone: zone, countryId: country.id } });
    cities.push({ id: city.id, zone, slug: city.slug });
  }
  const owner = await db().account.create({ data: { email: `oi-${seed}@example.com`, name: "O" } });
  const all = fc.sample(hoursArb, { numRuns: count, seed });
  const restaurants: Place["restaurants"] = [];
  for (const [i, hours] of all.entries()) {
    const city = cities[i % cities.length];
    const slug = `oi-${seed}-${i}`;
    const name = `R ${(i * 7919) % count}`;
    const row = await db().restaurant.create({
      data: {
        slug, name, currency: "EUR", defaultLanguage: "en", languages: ["en"], searchText: `${name.toLowerCase()} ${slug}`,
        isActive: true, menuPublished: true, ownerId: owner.id, cityId: city.id,
        openingHours: hours === null ? Prisma.DbNull : (hours as object),
        // Two dishes, for the dish search's open filter.
        categories: {
          create: [
            {
              position: 0, name: "Main", translations: {},
              items: { create: ["soup", "stew"].map((dish, p) => ({ position: p, name: dish, translations: {}, priceMinor: 900, tags: [], allergens: [], searchText: dish })) },
            },
          ],
        },
      },
    });
    restaurants.push({ id: row.id, hours, zone: city.zone, name, slug, city: city.slug });
  }
  return { restaurants };
}

async function openIds(instant: Date): Promise<number[]> {
  const rows = await db().$queryRaw<{ id: number | bigint }[]>(Prisma.sql`SELECT r."id" AS id FROM "Restaurant" r WHERE ${await openAtSql(instant)} ORDER BY r."id"`);
  return rows.map((r) => Number(r.id));
}

/** openRestaurantIds with openList.max set to `max`, published or not (the search adds that rule): the place's restaurants are all published. */
async function indexedOpenIds(instant: Date, max: number, cities?: number[]): Promise<number[] | undefined> {
  const saved = openList.max;
  openList.max = max;
  try {
    return (await openRestaurantIds(instant, cities)).ids;
  } finally {
    openList.max = saved;
  }
}

/** SQL and JS agree at every instant. */
export async function expectSqlMatchesJs(place: Place, at: Date[]) {
  let open = 0;
  for (const instant of at) {
    const want = place.restaurants.filter((r) => isOpenAt(r.hours, r.zone, instant) === true).map((r) => r.id).sort((a, b) => a - b);
    expect(await openIds(instant), instant.toISOString()).toEqual(want);
    // Read in the place's cities; on SQLite also anywhere (PostgreSQL lists them within a place only).
    const cities = (await db().city.findMany({ where: { slug: { startsWith: "oi-" } }, select: { id: true } })).map((c) => c.id);
    expect(await indexedOpenIds(instant, Infinity, cities), `index, ${instant.toISOString()}`).toEqual(want);
    if (databaseKind() === "sqlite") expect(await indexedOpenIds(instant, Infinity), `index anywhere, ${instant.toISOString()}`).toEqual(want);
    // Past the bound, none are listed; within it, all.
    if (want.length > 0) expect(await indexedOpenIds(instant, want.length - 1, cities)).toBeUndefined();
    expect(await indexedOpenIds(instant, want.length, cities)).toEqual(want);
    open += want.length;
  }
  // Not a vacuous agreement: restaurants are open at many of the instants.
  expect(open).toBeGreaterThan(at.length);
}

/** The intervals follow writes of the hours: an update, a null, a delete. */
export async function expectTriggersFollow(place: Place) {
  const [a, b, c] = place.restaurants;
  const at = new Date("2026-07-10T10:00:00Z");
  await db().restaurant.update({ where: { id: a.id }, data: { openingHours: { mon: "00:00-24:00", tue: "00:00-24:00", wed: "00:00-24:00", thu: "00:00-24:00", fri: "00:00-24:00", sat: "00:00-24:00", sun: "00:00-24:00" } } });
  await db().restaurant.update({ where: { id: b.id }, data: { openingHours: Prisma.DbNull } });
  await db().restaurant.update({ where: { id: c.id }, data: { name: "Renamed" } });
  a.hours = { mon: "00:00-24:00", tue: "00:00-24:00", wed: "00:00-24:00", thu: "00:00-24:00", fri: "00:00-24:00", sat: "00:00-24:00", sun: "00:00-24:00" };
  b.hours = null;
  await expectSqlMatchesJs(place, [at, new Date("2026-07-12T23:30:00Z")]);
  const ids = await openIds(at);
  if (a.zone && a.zone !== "Mars/Olympus_Mons") expect(ids).toContain(a.id);
  expect(ids).not.toContain(b.id);
  // A city that changes its time zone, a restaurant that moves to another city, a city that goes.
  const zurich = await db().city.findFirstOrThrow({ where: { timeZone: "Europe/Zurich" }, select: { id: true } });
  await db().city.update({ where: { id: zurich.id }, data: { timeZone: "Asia/Tokyo" } });
  for (const r of place.restaurants) if (r.zone === "Europe/Zurich") r.zone = "Asia/Tokyo";
  const newYork = await db().city.findFirstOrThrow({ where: { timeZone: "America/New_York" }, select: { id: true } });
  await db().restaurant.update({ where: { id: c.id }, data: { cityId: newYork.id } });
  c.zone = "America/New_York";
  const country = await db().country.findFirstOrThrow({ where: { code: "OZ" }, select: { id: true } });
  const doomed = await db().city.create({ data: { slug: "oi-doomed", name: "Doomed", nameKey: "doomed", timeZone: "Europe/Zurich", countryId: country.id } });
  const d = place.restaurants[3];
  await db().restaurant.update({ where: { id: d.id }, data: { cityId: doomed.id, openingHours: a.hours as object } });
  d.zone = "Europe/Zurich";
  d.hours = a.hours;
  await expectSqlMatchesJs(place, [at, new Date("2026-07-12T23:30:00Z"), new Date("2026-01-05T03:00:00Z")]);
  await db().restaurant.update({ where: { id: d.id }, data: { cityId: null } });
  await db().city.delete({ where: { id: doomed.id } });
  d.zone = null;
  await expectSqlMatchesJs(place, [at, new Date("2026-01-05T03:00:00Z")]);
  const gone = place.restaurants.pop()!;
  await db().restaurant.delete({ where: { id: gone.id } });
  const [{ n }] = await db().$queryRaw<{ n: number | bigint }[]>(Prisma.sql`SELECT count(*) AS n FROM "OpeningInterval" WHERE "restaurantId" = ${gone.id}`);
  expect(Number(n)).toBe(0);
}

/**
 * Both searches, every page of them: the open restaurants (and their dishes) in order, the totals;
 * with the open restaurants tested one by one (openList.max 0), listed off the index (Infinity),
 * and as configured.
 */
export async function expectSearchesMatch(place: Place, instant: Date) {
  const saved = openList.max;
  try {
    for (const max of [0, Infinity, saved]) {
      openList.max = max;
      await expectSearchMatches(place, instant);
    }
  } finally {
    openList.max = saved;
  }
}

async function expectSearchMatches(place: Place, instant: Date) {
  // Anywhere, and within one city (the open restaurants are then read in that city only).
  for (const city of [undefined, "oi-0", "oi-3"]) await expectSearchMatchesIn(place, instant, city);
}

async function expectSearchMatchesIn(place: Place, instant: Date, city: string | undefined) {
  const open = place.restaurants.filter((r) => isOpenAt(r.hours, r.zone, instant) === true && (city === undefined || r.city === city));
  const want = [...open].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.slug < y.slug ? -1 : x.slug > y.slug ? 1 : 0)).map((r) => r.slug);
  // With q (SQLite: the trigram index's matches as a list): in every text (the page walks a name
  // index), in a few (the page reads the list), in none.
  for (const q of [undefined, "oi-", "r 12", "zzz"]) {
    const wantQ = q === undefined ? want : want.filter((slug) => place.restaurants.find((r) => r.slug === slug)!.name.toLowerCase().concat(" ", slug).includes(q));
    for (const limit of city ? [7] : [1, 7, 50]) {
      const got: string[] = [];
      let from: (string | number)[] | undefined;
      for (let pages = 0; pages < 1000; pages++) {
        const page = await scanPublishedRestaurants({ openAt: instant, city, q }, { from, limit });
        if (pages === 0) expect(page.total).toEqual({ total: Math.min(wantQ.length, TOTAL_BOUND), capped: wantQ.length > TOTAL_BOUND });
        got.push(...page.rows.map((r) => r.row.slug));
        if (!page.next) break;
        expect(page.rows.length).toBe(limit);
        from = page.next;
      }
      expect(got, `q ${q}, limit ${limit}, city ${city}, openList.max ${openList.max}`).toEqual(wantQ);
    }
  }
  // The dishes of the open restaurants, in the menus' order; with q, one of them a restaurant; in
  // the restaurants' currency (its cities), or in one nobody uses (none).
  const cases = [
    { dishes: ["soup", "stew"] },
    { q: "stew", dishes: ["stew"] },
    { currency: "EUR", maxPriceMinor: 900, dishes: ["soup", "stew"] },
    { currency: "PLN", maxPriceMinor: 900, dishes: [] },
  ];
  for (const { dishes, ...filters } of cases) {
    const wanted = want.flatMap((slug) => dishes.map((dish) => `${slug} ${dish}`));
    for (const limit of [7, 50]) {
      const got: string[] = [];
      let from: (string | number)[] | undefined;
      for (let pages = 0; pages < 1000; pages++) {
        const page = await searchPublishedDishes({ ...filters, city, diet: [], excludeMask: 0, openAt: instant }, { from, limit });
        if (pages === 0) expect(page.total).toEqual({ total: Math.min(wanted.length, TOTAL_BOUND), capped: wanted.length > TOTAL_BOUND });
        got.push(...page.rows.map((r) => `${r.row.category.restaurant.slug} ${r.row.name}`));
        if (!page.next) break;
        from = page.next;
      }
      expect(got, `dishes, ${JSON.stringify(filters)}, city ${city}, limit ${limit}, openList.max ${openList.max}`).toEqual(wanted);
    }
  }
}

/**
 * The City table is read once per search with an open filter, whichever path it takes: the open
 * restaurants' read hands the zones of the place it read to the per-candidate test (openAtSql)
 * when they are too many to list. It read them a second time once, a query more per search.
 */
export async function expectOneCityRead(instant: Date) {
  const saved = openList.max;
  const spy = vi.spyOn(readDb(), "$queryRaw");
  try {
    for (const max of [0, Infinity]) {
      openList.max = max;
      for (const city of [undefined, "oi-0"]) {
        spy.mockClear();
        await scanPublishedRestaurants({ openAt: instant, city }, { limit: 7 });
        await searchPublishedDishes({ city, diet: [], excludeMask: 0, openAt: instant }, { limit: 7 });
        const cityReads = spy.mock.calls.filter(([sql]) => /FROM "City"/.test((sql as unknown as { sql: string }).sql));
        // PostgreSQL reads the index within a place only: anywhere, the test per candidate reads all zones once.
        expect(cityReads.length, `openList.max ${max}, city ${city}`).toBe(2);
      }
    }
  } finally {
    spy.mockRestore();
    openList.max = saved;
  }
}

/** The cases both engines run, on the restaurants `place()` returns once seeded. */
export function openFilterCases(place: () => Place) {
  it("agrees with isOpenAt at every instant", async () => {
    await expectSqlMatchesJs(place(), instants(300, 29));
  }, 120_000);

  it("pages both ways to the same open restaurants and dishes", async () => {
    await expectSearchesMatch(place(), new Date("2026-07-10T19:30:00Z"));
    await expectSearchesMatch(place(), new Date("2026-03-29T01:30:00Z"));
  }, 120_000);

  it("reads the City table once a search, listed or tested per candidate", async () => {
    await expectOneCityRead(new Date("2026-07-10T19:30:00Z"));
  });

  it("follows every write of the hours (triggers)", async () => {
    await expectTriggersFollow(place());
  }, 120_000);
}
