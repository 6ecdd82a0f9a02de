-- The restaurants open at an instant, read off an index instead of tested one by one. The open
-- filter tests each candidate restaurant's intervals (lib/data/search-scan.ts openAtSql), so when
-- few are open, at night, every candidate was tested to find none: a dish search with maxPrice in
-- PLN and openNow, 10.5 ms at 1 000 restaurants, 378.7 ms at 100 000 at 01:17 in Warsaw
-- (bench/growth-sort-apart.md). An R*Tree of the intervals answers "which intervals hold minute m
-- in city c" by a stabbing query (lib/data/search-scan.ts openRestaurantIds): over the 498 961
-- intervals of 100 000 restaurants, the 1 204 of one city in 0.1-0.2 ms (sqlite3 shell, cached), the
-- open restaurants of every city up to the search's bound in 1.8 ms (in the service); 9.81 ms for
-- that dish search over HTTP. 100 000 restaurants: ~5 s to build.
-- Its two dimensions: the interval's local minutes (closed, so the last minute is endMinute - 1)
-- and the restaurant's city (a point: lo = hi). The city, not the time zone, because the
-- search turns each city's zone into its local minute anyway (the City table is read for it),
-- and a city's zone may change without a write here: the interval stays in its city. A restaurant
-- without a city is at city 0, which no query asks for (never open, as isOpenAt says). The row id
-- is the interval's key in one integer, (restaurantId * 10081 + startMinute) * 10081 + endMinute:
-- the search reads the restaurant off it (id / 101626561), where an auxiliary column would cost a
-- lookup in the shadow table "_rowid" for every row (4 002 rows: 27 → 4 ms).
-- Kept by triggers on "OpeningInterval" itself, which the triggers of "Restaurant" fill (migration
-- opening_interval): its rows come and go with every write of the hours or the city. Not modelled in prisma/schema.prisma: see
-- lib/db/external-tables.ts (with its three shadow tables). The PostgreSQL twin is a GiST index.
CREATE VIRTUAL TABLE "OpeningIntervalIndex" USING rtree_i32("id", "startMinute", "lastMinute", "cityLo", "cityHi");

CREATE TRIGGER "OpeningInterval_index_insert" AFTER INSERT ON "OpeningInterval"
BEGIN
  INSERT INTO "OpeningIntervalIndex"("id", "startMinute", "lastMinute", "cityLo", "cityHi")
  SELECT (new."restaurantId" * 10081 + new."startMinute") * 10081 + new."endMinute", new."startMinute", new."endMinute" - 1, p.c, p.c
  FROM (SELECT coalesce((SELECT r."cityId" FROM "Restaurant" r WHERE r."id" = new."restaurantId"), 0) AS c) p;
END;

CREATE TRIGGER "OpeningInterval_index_delete" AFTER DELETE ON "OpeningInterval"
BEGIN
  DELETE FROM "OpeningIntervalIndex" WHERE "id" = (old."restaurantId" * 10081 + old."startMinute") * 10081 + old."endMinute";
END;

-- The rows already there.
INSERT INTO "OpeningIntervalIndex"("id", "startMinute", "lastMinute", "cityLo", "cityHi")
SELECT (oi."restaurantId" * 10081 + oi."startMinute") * 10081 + oi."endMinute", oi."startMinute", oi."endMinute" - 1, coalesce(r."cityId", 0), coalesce(r."cityId", 0)
FROM "OpeningInterval" oi LEFT JOIN "Restaurant" r ON r."id" = oi."restaurantId";
