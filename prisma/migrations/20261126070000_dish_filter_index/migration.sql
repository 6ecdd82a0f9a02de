-- Every filter of the dish search answerable from the FTS5 dish index "DishSearch", so that the
-- index intersects them and a combination matching few or no dishes is never a walk of every
-- dish (issue 29: diet on a tag nobody has 141.8 ms at 1 000 restaurants, 6 556 ms at 28 000).
-- lib/data/dish-queries.ts builds the queries (dishIndexQuery), the exact SQL tests stay on every
-- plan. Rebuilt with:
-- * "searchText" followed by two U+F8FF: every character of the text then starts a trigram, so a
--   q of one or two characters is the OR of the trigrams that start with it (read from the index
--   vocabulary "DishSearchTerms"); a text ending in q has the trigram q + U+F8FF.
-- * "tags": the tagKey (",vegan,gluten-free,"), so diet is the phrase ",vegan," (the same substring
--   test as the LIKE).
-- * "scope", besides the place (migration 20261125000000_dish_search_scope): "a" + U+E000 + one
--   character per allergen the dish does NOT declare (U+E000 + bit), so excludeAllergens is an AND
--   of tokens; and "p" + U+E000 + the price class (0 for a price <= 0, else digits * 10 + leading
--   digit: 2800 is 42), so maxPrice is an OR of the classes up to its own, a superset at most twice
--   the price (the exact test is SQL; the currency, the restaurant one, too).
-- Every token of "scope" starts with a letter and goes on with private-use characters, so the
-- trigrams across two tokens (starting with a private-use character) are never a token.
DROP TRIGGER "MenuItem_search_insert";
DROP TRIGGER "MenuItem_search_update";
DROP TRIGGER "MenuItem_search_delete";
DROP TRIGGER "Restaurant_dish_scope_update";
DROP TRIGGER "Category_dish_scope_update";
DROP TABLE "DishSearch";

CREATE VIRTUAL TABLE "DishSearch" USING fts5("searchText", "scope", "tags", content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
CREATE VIRTUAL TABLE "DishSearchTerms" USING fts5vocab("DishSearch", 'row');

CREATE TRIGGER "MenuItem_search_insert" AFTER INSERT ON "MenuItem"
BEGIN
  INSERT INTO "DishSearch"(rowid, "searchText", "scope", "tags")
  SELECT new."id", new."searchText" || char(63743, 63743),
    'c' || char(57344 + COALESCE(r."cityId", 0) / 6400, 57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400, 57344 + COALESCE(r."cuisineId", 0) % 6400)
    || CASE WHEN (new."allergenMask" & 1) = 0 THEN 'a' || char(57344, 57344) ELSE '' END
    || CASE WHEN (new."allergenMask" & 2) = 0 THEN 'a' || char(57344, 57345) ELSE '' END
    || CASE WHEN (new."allergenMask" & 4) = 0 THEN 'a' || char(57344, 57346) ELSE '' END
    || CASE WHEN (new."allergenMask" & 8) = 0 THEN 'a' || char(57344, 57347) ELSE '' END
    || CASE WHEN (new."allergenMask" & 16) = 0 THEN 'a' || char(57344, 57348) ELSE '' END
    || CASE WHEN (new."allergenMask" & 32) = 0 THEN 'a' || char(57344, 57349) ELSE '' END
    || CASE WHEN (new."allergenMask" & 64) = 0 THEN 'a' || char(57344, 57350) ELSE '' END
    || CASE WHEN (new."allergenMask" & 128) = 0 THEN 'a' || char(57344, 57351) ELSE '' END
    || CASE WHEN (new."allergenMask" & 256) = 0 THEN 'a' || char(57344, 57352) ELSE '' END
    || CASE WHEN (new."allergenMask" & 512) = 0 THEN 'a' || char(57344, 57353) ELSE '' END
    || CASE WHEN (new."allergenMask" & 1024) = 0 THEN 'a' || char(57344, 57354) ELSE '' END
    || CASE WHEN (new."allergenMask" & 2048) = 0 THEN 'a' || char(57344, 57355) ELSE '' END
    || CASE WHEN (new."allergenMask" & 4096) = 0 THEN 'a' || char(57344, 57356) ELSE '' END
    || CASE WHEN (new."allergenMask" & 8192) = 0 THEN 'a' || char(57344, 57357) ELSE '' END
    || 'p' || char(57344, 57344 + CASE WHEN new."priceMinor" <= 0 THEN 0 ELSE length(new."priceMinor") * 10 + CAST(substr(new."priceMinor", 1, 1) AS INTEGER) END),
    new."tagKey"
  FROM "Category" c JOIN "Restaurant" r ON r."id" = c."restaurantId" WHERE c."id" = new."categoryId";
END;

CREATE TRIGGER "MenuItem_search_update" AFTER UPDATE OF "searchText", "id", "categoryId", "tagKey", "allergenMask", "priceMinor" ON "MenuItem"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid = old."id";
  INSERT INTO "DishSearch"(rowid, "searchText", "scope", "tags")
  SELECT new."id", new."searchText" || char(63743, 63743),
    'c' || char(57344 + COALESCE(r."cityId", 0) / 6400, 57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400, 57344 + COALESCE(r."cuisineId", 0) % 6400)
    || CASE WHEN (new."allergenMask" & 1) = 0 THEN 'a' || char(57344, 57344) ELSE '' END
    || CASE WHEN (new."allergenMask" & 2) = 0 THEN 'a' || char(57344, 57345) ELSE '' END
    || CASE WHEN (new."allergenMask" & 4) = 0 THEN 'a' || char(57344, 57346) ELSE '' END
    || CASE WHEN (new."allergenMask" & 8) = 0 THEN 'a' || char(57344, 57347) ELSE '' END
    || CASE WHEN (new."allergenMask" & 16) = 0 THEN 'a' || char(57344, 57348) ELSE '' END
    || CASE WHEN (new."allergenMask" & 32) = 0 THEN 'a' || char(57344, 57349) ELSE '' END
    || CASE WHEN (new."allergenMask" & 64) = 0 THEN 'a' || char(57344, 57350) ELSE '' END
    || CASE WHEN (new."allergenMask" & 128) = 0 THEN 'a' || char(57344, 57351) ELSE '' END
    || CASE WHEN (new."allergenMask" & 256) = 0 THEN 'a' || char(57344, 57352) ELSE '' END
    || CASE WHEN (new."allergenMask" & 512) = 0 THEN 'a' || char(57344, 57353) ELSE '' END
    || CASE WHEN (new."allergenMask" & 1024) = 0 THEN 'a' || char(57344, 57354) ELSE '' END
    || CASE WHEN (new."allergenMask" & 2048) = 0 THEN 'a' || char(57344, 57355) ELSE '' END
    || CASE WHEN (new."allergenMask" & 4096) = 0 THEN 'a' || char(57344, 57356) ELSE '' END
    || CASE WHEN (new."allergenMask" & 8192) = 0 THEN 'a' || char(57344, 57357) ELSE '' END
    || 'p' || char(57344, 57344 + CASE WHEN new."priceMinor" <= 0 THEN 0 ELSE length(new."priceMinor") * 10 + CAST(substr(new."priceMinor", 1, 1) AS INTEGER) END),
    new."tagKey"
  FROM "Category" c JOIN "Restaurant" r ON r."id" = c."restaurantId" WHERE c."id" = new."categoryId";
END;

CREATE TRIGGER "MenuItem_search_delete" AFTER DELETE ON "MenuItem"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid = old."id";
END;

CREATE TRIGGER "Restaurant_dish_scope_update" AFTER UPDATE OF "cityId", "cuisineId" ON "Restaurant"
WHEN old."cityId" IS NOT new."cityId" OR old."cuisineId" IS NOT new."cuisineId"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid IN (SELECT m."id" FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" WHERE c."restaurantId" = new."id");
  INSERT INTO "DishSearch"(rowid, "searchText", "scope", "tags")
  SELECT m."id", m."searchText" || char(63743, 63743),
    'c' || char(57344 + COALESCE(new."cityId", 0) / 6400, 57344 + COALESCE(new."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(new."cuisineId", 0) / 6400, 57344 + COALESCE(new."cuisineId", 0) % 6400)
    || CASE WHEN (m."allergenMask" & 1) = 0 THEN 'a' || char(57344, 57344) ELSE '' END
    || CASE WHEN (m."allergenMask" & 2) = 0 THEN 'a' || char(57344, 57345) ELSE '' END
    || CASE WHEN (m."allergenMask" & 4) = 0 THEN 'a' || char(57344, 57346) ELSE '' END
    || CASE WHEN (m."allergenMask" & 8) = 0 THEN 'a' || char(57344, 57347) ELSE '' END
    || CASE WHEN (m."allergenMask" & 16) = 0 THEN 'a' || char(57344, 57348) ELSE '' END
    || CASE WHEN (m."allergenMask" & 32) = 0 THEN 'a' || char(57344, 57349) ELSE '' END
    || CASE WHEN (m."allergenMask" & 64) = 0 THEN 'a' || char(57344, 57350) ELSE '' END
    || CASE WHEN (m."allergenMask" & 128) = 0 THEN 'a' || char(57344, 57351) ELSE '' END
    || CASE WHEN (m."allergenMask" & 256) = 0 THEN 'a' || char(57344, 57352) ELSE '' END
    || CASE WHEN (m."allergenMask" & 512) = 0 THEN 'a' || char(57344, 57353) ELSE '' END
    || CASE WHEN (m."allergenMask" & 1024) = 0 THEN 'a' || char(57344, 57354) ELSE '' END
    || CASE WHEN (m."allergenMask" & 2048) = 0 THEN 'a' || char(57344, 57355) ELSE '' END
    || CASE WHEN (m."allergenMask" & 4096) = 0 THEN 'a' || char(57344, 57356) ELSE '' END
    || CASE WHEN (m."allergenMask" & 8192) = 0 THEN 'a' || char(57344, 57357) ELSE '' END
    || 'p' || char(57344, 57344 + CASE WHEN m."priceMinor" <= 0 THEN 0 ELSE length(m."priceMinor") * 10 + CAST(substr(m."priceMinor", 1, 1) AS INTEGER) END),
    m."tagKey"
  FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" WHERE c."restaurantId" = new."id";
END;

CREATE TRIGGER "Category_dish_scope_update" AFTER UPDATE OF "restaurantId" ON "Category"
WHEN old."restaurantId" IS NOT new."restaurantId"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid IN (SELECT m."id" FROM "MenuItem" m WHERE m."categoryId" = new."id");
  INSERT INTO "DishSearch"(rowid, "searchText", "scope", "tags")
  SELECT m."id", m."searchText" || char(63743, 63743),
    'c' || char(57344 + COALESCE(r."cityId", 0) / 6400, 57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400, 57344 + COALESCE(r."cuisineId", 0) % 6400)
    || CASE WHEN (m."allergenMask" & 1) = 0 THEN 'a' || char(57344, 57344) ELSE '' END
    || CASE WHEN (m."allergenMask" & 2) = 0 THEN 'a' || char(57344, 57345) ELSE '' END
    || CASE WHEN (m."allergenMask" & 4) = 0 THEN 'a' || char(57344, 57346) ELSE '' END
    || CASE WHEN (m."allergenMask" & 8) = 0 THEN 'a' || char(57344, 57347) ELSE '' END
    || CASE WHEN (m."allergenMask" & 16) = 0 THEN 'a' || char(57344, 57348) ELSE '' END
    || CASE WHEN (m."allergenMask" & 32) = 0 THEN 'a' || char(57344, 57349) ELSE '' END
    || CASE WHEN (m."allergenMask" & 64) = 0 THEN 'a' || char(57344, 57350) ELSE '' END
    || CASE WHEN (m."allergenMask" & 128) = 0 THEN 'a' || char(57344, 57351) ELSE '' END
    || CASE WHEN (m."allergenMask" & 256) = 0 THEN 'a' || char(57344, 57352) ELSE '' END
    || CASE WHEN (m."allergenMask" & 512) = 0 THEN 'a' || char(57344, 57353) ELSE '' END
    || CASE WHEN (m."allergenMask" & 1024) = 0 THEN 'a' || char(57344, 57354) ELSE '' END
    || CASE WHEN (m."allergenMask" & 2048) = 0 THEN 'a' || char(57344, 57355) ELSE '' END
    || CASE WHEN (m."allergenMask" & 4096) = 0 THEN 'a' || char(57344, 57356) ELSE '' END
    || CASE WHEN (m."allergenMask" & 8192) = 0 THEN 'a' || char(57344, 57357) ELSE '' END
    || 'p' || char(57344, 57344 + CASE WHEN m."priceMinor" <= 0 THEN 0 ELSE length(m."priceMinor") * 10 + CAST(substr(m."priceMinor", 1, 1) AS INTEGER) END),
    m."tagKey"
  FROM "MenuItem" m JOIN "Restaurant" r ON r."id" = new."restaurantId" WHERE m."categoryId" = new."id";
END;

INSERT INTO "DishSearch"(rowid, "searchText", "scope", "tags")
  SELECT m."id", m."searchText" || char(63743, 63743),
    'c' || char(57344 + COALESCE(r."cityId", 0) / 6400, 57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400, 57344 + COALESCE(r."cuisineId", 0) % 6400)
    || CASE WHEN (m."allergenMask" & 1) = 0 THEN 'a' || char(57344, 57344) ELSE '' END
    || CASE WHEN (m."allergenMask" & 2) = 0 THEN 'a' || char(57344, 57345) ELSE '' END
    || CASE WHEN (m."allergenMask" & 4) = 0 THEN 'a' || char(57344, 57346) ELSE '' END
    || CASE WHEN (m."allergenMask" & 8) = 0 THEN 'a' || char(57344, 57347) ELSE '' END
    || CASE WHEN (m."allergenMask" & 16) = 0 THEN 'a' || char(57344, 57348) ELSE '' END
    || CASE WHEN (m."allergenMask" & 32) = 0 THEN 'a' || char(57344, 57349) ELSE '' END
    || CASE WHEN (m."allergenMask" & 64) = 0 THEN 'a' || char(57344, 57350) ELSE '' END
    || CASE WHEN (m."allergenMask" & 128) = 0 THEN 'a' || char(57344, 57351) ELSE '' END
    || CASE WHEN (m."allergenMask" & 256) = 0 THEN 'a' || char(57344, 57352) ELSE '' END
    || CASE WHEN (m."allergenMask" & 512) = 0 THEN 'a' || char(57344, 57353) ELSE '' END
    || CASE WHEN (m."allergenMask" & 1024) = 0 THEN 'a' || char(57344, 57354) ELSE '' END
    || CASE WHEN (m."allergenMask" & 2048) = 0 THEN 'a' || char(57344, 57355) ELSE '' END
    || CASE WHEN (m."allergenMask" & 4096) = 0 THEN 'a' || char(57344, 57356) ELSE '' END
    || CASE WHEN (m."allergenMask" & 8192) = 0 THEN 'a' || char(57344, 57357) ELSE '' END
    || 'p' || char(57344, 57344 + CASE WHEN m."priceMinor" <= 0 THEN 0 ELSE length(m."priceMinor") * 10 + CAST(substr(m."priceMinor", 1, 1) AS INTEGER) END),
    m."tagKey"
  FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId";

-- One segment, as db:generate leaves it: a query reads one b-tree instead of the many a bulk insert writes.
INSERT INTO "DishSearch"("DishSearch") VALUES ('optimize');
