-- No semicolon or apostrophe may appear in a comment here: the schema engine cuts the script at
-- every semicolon, in comments and quotes too.
-- Opening hours as data the search can test in SQL (openNow, openAt): each restaurant week as
-- half-open intervals of local minutes from Monday 00:00 ("startMinute" <= m < "endMinute", m in
-- 0..10079), beside the time zone of its city (a copy, so that the test needs neither the
-- restaurant row nor its city). A range past midnight runs into the next day. One past
-- the end of the week is split in two: [start, 10080) and [0, rest). This is the arithmetic of
-- weekIntervals in lib/search/opening-hours.ts, the one open or closed logic, and the tests compare
-- the two over many instants (tests/db/open-interval.test.ts, and tests/postgres/open-interval.test.ts
-- here). The search computes each time zone minute of the week for the instant in JS with that
-- file localTime, so daylight saving time stays the business of Intl, and tests the intervals
-- through the primary key below. The SQLite twin is the migration of the same name.
-- Not modelled in prisma/schema.prisma: see lib/db/external-tables.ts. Triggers keep it in sync
-- with every write of "openingHours" or "cityId", and of a city "timeZone". A value the import format would refuse (not HH:MM-HH:MM)
-- gives no interval, as in JS. Rows are stored for every restaurant, published or not.
CREATE TABLE "OpeningInterval" (
  "restaurantId" INTEGER NOT NULL,
  "startMinute" INTEGER NOT NULL,
  "endMinute" INTEGER NOT NULL,
  "timeZone" TEXT,
  PRIMARY KEY ("restaurantId", "startMinute", "endMinute")
);

-- The intervals of one openingHours value.
CREATE FUNCTION "opening_intervals"(hours jsonb) RETURNS TABLE ("startMinute" integer, "endMinute" integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE k.n WHEN 0 THEN i.a ELSE 0 END, CASE k.n WHEN 0 THEN LEAST(i.b, 10080) ELSE i.b - 10080 END
  FROM (
    SELECT d.base + d.s AS a, d.base + CASE WHEN d.e <= d.s THEN d.e + 1440 ELSE d.e END AS b FROM (
      SELECT (CASE j.key WHEN 'mon' THEN 0 WHEN 'tue' THEN 1 WHEN 'wed' THEN 2 WHEN 'thu' THEN 3 WHEN 'fri' THEN 4 WHEN 'sat' THEN 5 WHEN 'sun' THEN 6 END) * 1440 AS base,
             substr(j.value #>> '{}', 1, 2)::integer * 60 + substr(j.value #>> '{}', 4, 2)::integer AS s,
             substr(j.value #>> '{}', 7, 2)::integer * 60 + substr(j.value #>> '{}', 10, 2)::integer AS e
      FROM jsonb_each(CASE WHEN jsonb_typeof(hours) = 'object' THEN hours END) j
      WHERE j.key IN ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun') AND jsonb_typeof(j.value) = 'string' AND (j.value #>> '{}') ~ '^[0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2}$'
    ) d
  ) i CROSS JOIN (VALUES (0), (1)) k(n)
  WHERE k.n = 0 OR i.b > 10080
$$;

-- The function body spells each semicolon \x3B: the schema engine cuts a migration at every
-- semicolon, quoted or not, and PostgreSQL reads \x3B in an E string as the semicolon itself.
CREATE FUNCTION "Restaurant_opening"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    DELETE FROM "OpeningInterval" WHERE "restaurantId" = OLD."id"\x3B
  END IF\x3B
  IF TG_OP <> ''DELETE'' THEN
    INSERT INTO "OpeningInterval"("restaurantId", "startMinute", "endMinute", "timeZone")
    SELECT NEW."id", o."startMinute", o."endMinute", (SELECT c."timeZone" FROM "City" c WHERE c."id" = NEW."cityId")
    FROM "opening_intervals"(NEW."openingHours") o
    ON CONFLICT DO NOTHING\x3B
  END IF\x3B
  RETURN NULL\x3B
END
';

CREATE TRIGGER "Restaurant_opening_insert" AFTER INSERT ON "Restaurant"
FOR EACH ROW WHEN (NEW."openingHours" IS NOT NULL) EXECUTE FUNCTION "Restaurant_opening"();

CREATE TRIGGER "Restaurant_opening_update" AFTER UPDATE OF "openingHours", "id", "cityId" ON "Restaurant"
FOR EACH ROW WHEN (OLD."openingHours" IS DISTINCT FROM NEW."openingHours" OR OLD."id" <> NEW."id" OR OLD."cityId" IS DISTINCT FROM NEW."cityId")
EXECUTE FUNCTION "Restaurant_opening"();

CREATE TRIGGER "Restaurant_opening_delete" AFTER DELETE ON "Restaurant"
FOR EACH ROW EXECUTE FUNCTION "Restaurant_opening"();

-- A city that changes its time zone, or goes: the copies follow.
CREATE FUNCTION "City_opening_zone"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "OpeningInterval" SET "timeZone" = CASE WHEN TG_OP = ''DELETE'' THEN NULL ELSE NEW."timeZone" END
  WHERE "restaurantId" IN (SELECT r."id" FROM "Restaurant" r WHERE r."cityId" = OLD."id")\x3B
  IF TG_OP = ''DELETE'' THEN
    RETURN OLD\x3B
  END IF\x3B
  RETURN NULL\x3B
END
';

CREATE TRIGGER "City_opening_zone" AFTER UPDATE OF "timeZone" ON "City"
FOR EACH ROW WHEN (OLD."timeZone" IS DISTINCT FROM NEW."timeZone") EXECUTE FUNCTION "City_opening_zone"();

CREATE TRIGGER "City_opening_delete" BEFORE DELETE ON "City"
FOR EACH ROW EXECUTE FUNCTION "City_opening_zone"();

-- The rows already there.
INSERT INTO "OpeningInterval"("restaurantId", "startMinute", "endMinute", "timeZone")
SELECT r."id", o."startMinute", o."endMinute", c."timeZone"
FROM "Restaurant" r LEFT JOIN "City" c ON c."id" = r."cityId" CROSS JOIN LATERAL "opening_intervals"(r."openingHours") o
ON CONFLICT DO NOTHING;
