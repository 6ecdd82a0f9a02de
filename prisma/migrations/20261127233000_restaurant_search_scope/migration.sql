-- The place of each published restaurant beside its searchText in "RestaurantSearch", as
-- "DishSearch" has it since migration dish_search_scope: one trigram per place, "c" or "k" (city,
-- cuisine) and the id in two characters of the private use area (U+E000 + id / 6400, U+E000 +
-- id % 6400), a missing city or cuisine as id 0, which no row has (lib/data/restaurant-queries.ts
-- scopeToken). q with a city or cuisine then reads only the matches in that place: it read every
-- match of q anywhere, each looked up in "Restaurant" for its city (q=auberge in Warsaw, 11 of
-- 1 289 matches: 4.0 -> 14.6 ms from 1 000 to 100 000 restaurants, issue #29). The update trigger
-- now also fires when a restaurant moves city or changes cuisine.
DROP TRIGGER "Restaurant_search_insert";
DROP TRIGGER "Restaurant_search_update";
DROP TRIGGER "Restaurant_search_delete";
DROP TABLE "RestaurantSearch";

CREATE VIRTUAL TABLE "RestaurantSearch" USING fts5("searchText", "scope", content='', contentless_delete=1, tokenize='trigram case_sensitive 1');

CREATE TRIGGER "Restaurant_search_insert" AFTER INSERT ON "Restaurant"
WHEN new."isActive" AND new."menuPublished"
BEGIN
  INSERT INTO "RestaurantSearch"(rowid, "searchText", "scope")
  VALUES (new."id", new."searchText", 'c' || char(57344 + COALESCE(new."cityId", 0) / 6400) || char(57344 + COALESCE(new."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(new."cuisineId", 0) / 6400) || char(57344 + COALESCE(new."cuisineId", 0) % 6400));
END;

CREATE TRIGGER "Restaurant_search_update" AFTER UPDATE OF "searchText", "isActive", "menuPublished", "id", "cityId", "cuisineId" ON "Restaurant"
BEGIN
  DELETE FROM "RestaurantSearch" WHERE rowid = old."id";
  INSERT INTO "RestaurantSearch"(rowid, "searchText", "scope")
  SELECT new."id", new."searchText", 'c' || char(57344 + COALESCE(new."cityId", 0) / 6400) || char(57344 + COALESCE(new."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(new."cuisineId", 0) / 6400) || char(57344 + COALESCE(new."cuisineId", 0) % 6400)
  WHERE new."isActive" AND new."menuPublished";
END;

CREATE TRIGGER "Restaurant_search_delete" AFTER DELETE ON "Restaurant"
BEGIN
  DELETE FROM "RestaurantSearch" WHERE rowid = old."id";
END;

INSERT INTO "RestaurantSearch"(rowid, "searchText", "scope")
SELECT "id", "searchText", 'c' || char(57344 + COALESCE("cityId", 0) / 6400) || char(57344 + COALESCE("cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE("cuisineId", 0) / 6400) || char(57344 + COALESCE("cuisineId", 0) % 6400)
FROM "Restaurant" WHERE "isActive" AND "menuPublished";

-- One segment: a query reads one b-tree instead of the many a bulk insert writes.
INSERT INTO "RestaurantSearch"("RestaurantSearch") VALUES ('optimize');
