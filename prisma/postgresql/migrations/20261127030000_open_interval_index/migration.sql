-- No semicolon or apostrophe may appear in a comment here: the schema engine cuts the script at
-- every semicolon, in comments and quotes too.
-- The restaurants open at an instant, read off an index instead of tested one by one. The open
-- filter tests each candidate restaurant intervals (lib/data/search-scan.ts openAtSql), so when
-- few are open, at night, every candidate was tested to find none: a dish search with maxPrice in
-- PLN and openNow, 12.2 ms at 1 000 restaurants, 214.8 ms at 100 000 at 01:17 in Warsaw
-- (bench/growth-sort-apart.md). A GiST index over each interval time zone and its range of local
-- minutes answers which intervals hold minute m in zone z (lib/data/search-scan.ts
-- openRestaurantIds, a zone at a time): 7.74 ms for that dish search over HTTP. 100 000
-- restaurants: ~17 s to build.
-- btree_gist gives GiST the equality of text. The SQLite twin is an R*Tree, migration of the same name.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE INDEX "OpeningInterval_open_idx" ON "OpeningInterval" USING gist ("timeZone", int4range("startMinute", "endMinute"));
