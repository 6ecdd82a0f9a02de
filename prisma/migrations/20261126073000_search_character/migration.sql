-- Restaurant q of 2 characters on SQLite, from the trigram index (RestaurantSearch) after all: a
-- text of 3+ characters contains "xy" exactly when one of its trigrams is "xy" + c or c + "xy"
-- for a character c of the text. SearchCharacter holds every character of every published
-- searchText (a superset: a character is never removed, which costs only a phrase that matches
-- nothing), so lib/data/restaurant-queries.ts asks the trigram index for those 2 x characters
-- phrases instead of checking every restaurant (q=qj 9.9x from 1 000 to 28 000 restaurants, issue 29).
-- SearchPosition numbers the characters of a text: triggers cannot recurse. searchText is at most
-- about 2 300 characters by the import format (name 200, description 2 000, slug), the table
-- covers 8 192. Not modelled in prisma/schema.prisma: see lib/db/external-tables.ts. The
-- triggers keep it in sync; a later migration that rebuilds "Restaurant" must recreate them.
CREATE TABLE "SearchPosition" ("i" INTEGER NOT NULL PRIMARY KEY);

INSERT INTO "SearchPosition"("i")
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8192) SELECT i FROM n;

CREATE TABLE "SearchCharacter" ("ch" TEXT NOT NULL PRIMARY KEY) WITHOUT ROWID;

CREATE TRIGGER "Restaurant_character_insert" AFTER INSERT ON "Restaurant"
WHEN new."isActive" AND new."menuPublished"
BEGIN
  INSERT OR IGNORE INTO "SearchCharacter"("ch")
  SELECT DISTINCT substr(new."searchText", p."i", 1) FROM "SearchPosition" p WHERE p."i" <= length(new."searchText");
END;

CREATE TRIGGER "Restaurant_character_update" AFTER UPDATE OF "searchText", "isActive", "menuPublished" ON "Restaurant"
WHEN new."isActive" AND new."menuPublished"
BEGIN
  INSERT OR IGNORE INTO "SearchCharacter"("ch")
  SELECT DISTINCT substr(new."searchText", p."i", 1) FROM "SearchPosition" p WHERE p."i" <= length(new."searchText");
END;

-- The rows already there.
INSERT OR IGNORE INTO "SearchCharacter"("ch")
SELECT DISTINCT substr(r."searchText", p."i", 1) FROM "Restaurant" r JOIN "SearchPosition" p ON p."i" <= length(r."searchText")
WHERE r."isActive" AND r."menuPublished";
