-- Opening hours as data the search can test in SQL (openNow, openAt): each restaurant's week as
-- half-open intervals of local minutes from Monday 00:00 ("startMinute" <= m < "endMinute", m in
-- 0..10079), beside the time zone of its city (a copy, so that the test needs neither the
-- restaurant row nor its city: the walk stays on the name, city or cuisine index). A range past
-- midnight runs into the next day. One past the end of the week is split in two: [start, 10080)
-- and [0, rest). This is the arithmetic of weekIntervals in lib/search/opening-hours.ts, the one
-- open or closed logic, and tests/db/open-interval.test.ts compares the two over many instants.
-- The search computes each time zone's minute of the week for the instant in JS with that file's
-- localTime, so daylight saving time stays the business of Intl, and reads the intervals by the
-- primary key below. Not modelled in prisma/schema.prisma: see lib/db/external-tables.ts. The
-- triggers keep it in sync with every write of "openingHours" or "cityId", and of a city's
-- "timeZone"; a later migration that rebuilds "Restaurant" or "City" must recreate them. A value
-- the import format would refuse (not HH:MM-HH:MM) gives no interval, as in JS. Rows are stored
-- for every restaurant, published or not: the search adds that rule.
CREATE TABLE "OpeningInterval" (
  "restaurantId" INTEGER NOT NULL,
  "startMinute" INTEGER NOT NULL,
  "endMinute" INTEGER NOT NULL,
  "timeZone" TEXT,
  PRIMARY KEY ("restaurantId", "startMinute", "endMinute")
) WITHOUT ROWID;

CREATE TRIGGER "Restaurant_opening_insert" AFTER INSERT ON "Restaurant"
WHEN new."openingHours" IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO "OpeningInterval"("restaurantId", "startMinute", "endMinute", "timeZone")
  SELECT new."id", CASE k.n WHEN 0 THEN i.a ELSE 0 END, CASE k.n WHEN 0 THEN min(i.b, 10080) ELSE i.b - 10080 END, (SELECT c."timeZone" FROM "City" c WHERE c."id" = new."cityId")
  FROM (
    SELECT d.base + d.s AS a, d.base + CASE WHEN d.e <= d.s THEN d.e + 1440 ELSE d.e END AS b FROM (
      SELECT (CASE j.key WHEN 'mon' THEN 0 WHEN 'tue' THEN 1 WHEN 'wed' THEN 2 WHEN 'thu' THEN 3 WHEN 'fri' THEN 4 WHEN 'sat' THEN 5 WHEN 'sun' THEN 6 END) * 1440 AS base,
             CAST(substr(j.value, 1, 2) AS INTEGER) * 60 + CAST(substr(j.value, 4, 2) AS INTEGER) AS s,
             CAST(substr(j.value, 7, 2) AS INTEGER) * 60 + CAST(substr(j.value, 10, 2) AS INTEGER) AS e
      FROM json_each(CASE WHEN json_valid(new."openingHours") AND json_type(new."openingHours") = 'object' THEN new."openingHours" END) j
      WHERE j.key IN ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun') AND j.type = 'text' AND j.value GLOB '[0-9][0-9]:[0-9][0-9]-[0-9][0-9]:[0-9][0-9]'
    ) d
  ) i CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) k
  WHERE k.n = 0 OR i.b > 10080;
END;

CREATE TRIGGER "Restaurant_opening_update" AFTER UPDATE OF "openingHours", "id", "cityId" ON "Restaurant"
BEGIN
  DELETE FROM "OpeningInterval" WHERE "restaurantId" = old."id";
  INSERT OR IGNORE INTO "OpeningInterval"("restaurantId", "startMinute", "endMinute", "timeZone")
  SELECT new."id", CASE k.n WHEN 0 THEN i.a ELSE 0 END, CASE k.n WHEN 0 THEN min(i.b, 10080) ELSE i.b - 10080 END, (SELECT c."timeZone" FROM "City" c WHERE c."id" = new."cityId")
  FROM (
    SELECT d.base + d.s AS a, d.base + CASE WHEN d.e <= d.s THEN d.e + 1440 ELSE d.e END AS b FROM (
      SELECT (CASE j.key WHEN 'mon' THEN 0 WHEN 'tue' THEN 1 WHEN 'wed' THEN 2 WHEN 'thu' THEN 3 WHEN 'fri' THEN 4 WHEN 'sat' THEN 5 WHEN 'sun' THEN 6 END) * 1440 AS base,
             CAST(substr(j.value, 1, 2) AS INTEGER) * 60 + CAST(substr(j.value, 4, 2) AS INTEGER) AS s,
             CAST(substr(j.value, 7, 2) AS INTEGER) * 60 + CAST(substr(j.value, 10, 2) AS INTEGER) AS e
      FROM json_each(CASE WHEN json_valid(new."openingHours") AND json_type(new."openingHours") = 'object' THEN new."openingHours" END) j
      WHERE j.key IN ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun') AND j.type = 'text' AND j.value GLOB '[0-9][0-9]:[0-9][0-9]-[0-9][0-9]:[0-9][0-9]'
    ) d
  ) i CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) k
  WHERE k.n = 0 OR i.b > 10080;
END;

CREATE TRIGGER "Restaurant_opening_delete" AFTER DELETE ON "Restaurant"
BEGIN
  DELETE FROM "OpeningInterval" WHERE "restaurantId" = old."id";
END;

CREATE TRIGGER "City_opening_zone" AFTER UPDATE OF "timeZone" ON "City"
BEGIN
  UPDATE "OpeningInterval" SET "timeZone" = new."timeZone" WHERE "restaurantId" IN (SELECT r."id" FROM "Restaurant" r WHERE r."cityId" = new."id");
END;

CREATE TRIGGER "City_opening_delete" BEFORE DELETE ON "City"
BEGIN
  UPDATE "OpeningInterval" SET "timeZone" = NULL WHERE "restaurantId" IN (SELECT r."id" FROM "Restaurant" r WHERE r."cityId" = old."id");
END;

-- The rows already there.
INSERT OR IGNORE INTO "OpeningInterval"("restaurantId", "startMinute", "endMinute", "timeZone")
SELECT i.rid, CASE k.n WHEN 0 THEN i.a ELSE 0 END, CASE k.n WHEN 0 THEN min(i.b, 10080) ELSE i.b - 10080 END, (SELECT c."timeZone" FROM "City" c WHERE c."id" = i.cid)
  FROM (
    SELECT d.rid, d.cid, d.base + d.s AS a, d.base + CASE WHEN d.e <= d.s THEN d.e + 1440 ELSE d.e END AS b FROM (
      SELECT r."id" AS rid, r."cityId" AS cid, (CASE j.key WHEN 'mon' THEN 0 WHEN 'tue' THEN 1 WHEN 'wed' THEN 2 WHEN 'thu' THEN 3 WHEN 'fri' THEN 4 WHEN 'sat' THEN 5 WHEN 'sun' THEN 6 END) * 1440 AS base,
             CAST(substr(j.value, 1, 2) AS INTEGER) * 60 + CAST(substr(j.value, 4, 2) AS INTEGER) AS s,
             CAST(substr(j.value, 7, 2) AS INTEGER) * 60 + CAST(substr(j.value, 10, 2) AS INTEGER) AS e
      FROM "Restaurant" r CROSS JOIN json_each(CASE WHEN json_valid(r."openingHours") AND json_type(r."openingHours") = 'object' THEN r."openingHours" END) j
      WHERE j.key IN ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun') AND j.type = 'text' AND j.value GLOB '[0-9][0-9]:[0-9][0-9]-[0-9][0-9]:[0-9][0-9]'
    ) d
  ) i CROSS JOIN (SELECT 0 AS n UNION ALL SELECT 1) k
  WHERE k.n = 0 OR i.b > 10080;
