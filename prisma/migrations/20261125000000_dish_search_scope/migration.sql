-- The place of each dish's restaurant beside its searchText in "DishSearch", so that q together with
-- city or cuisine reads only the matches in that place. The "scope" column holds one trigram per
-- place: "c" or "k" (city, cuisine) and the id in two characters of the private use area
-- (U+E000 + id / 6400, U+E000 + id % 6400: ids up to 40 million), so `"scope" : "c.."` is a single
-- doclist of that city's dishes (lib/data/dish-queries.ts scopeToken); a missing city or cuisine
-- is id 0, which no row has. Delimited decimal ids ("|c58|") would also match exactly, but their
-- trigrams are shared by many ids ("|c5"), and reading those doclists cost twice as much.
-- Without the scope a q + city search counted its total either from every match of q anywhere or
-- from every dish of the city, both growing with the data (bench/results.md, issue #14).
-- The scope is the restaurant's, so triggers on "Restaurant" and "Category" keep it in step when a
-- restaurant moves city or changes cuisine, or a section moves restaurant.
DROP TRIGGER "MenuItem_search_insert";
DROP TRIGGER "MenuItem_search_update";
DROP TRIGGER "MenuItem_search_delete";
DROP TABLE "DishSearch";

CREATE VIRTUAL TABLE "DishSearch" USING fts5("searchText", "scope", content='', contentless_delete=1, tokenize='trigram case_sensitive 1');

CREATE TRIGGER "MenuItem_search_insert" AFTER INSERT ON "MenuItem"
BEGIN
  INSERT INTO "DishSearch"(rowid, "searchText", "scope")
  SELECT new."id", new."searchText", 'c' || char(57344 + COALESCE(r."cityId", 0) / 6400) || char(57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400) || char(57344 + COALESCE(r."cuisineId", 0) % 6400)
  FROM "Category" c JOIN "Restaurant" r ON r."id" = c."restaurantId" WHERE c."id" = new."categoryId";
END;

CREATE TRIGGER "MenuItem_search_update" AFTER UPDATE OF "searchText", "id", "categoryId" ON "MenuItem"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid = old."id";
  INSERT INTO "DishSearch"(rowid, "searchText", "scope")
  SELECT new."id", new."searchText", 'c' || char(57344 + COALESCE(r."cityId", 0) / 6400) || char(57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400) || char(57344 + COALESCE(r."cuisineId", 0) % 6400)
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
  INSERT INTO "DishSearch"(rowid, "searchText", "scope")
  SELECT m."id", m."searchText", 'c' || char(57344 + COALESCE(new."cityId", 0) / 6400) || char(57344 + COALESCE(new."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(new."cuisineId", 0) / 6400) || char(57344 + COALESCE(new."cuisineId", 0) % 6400)
  FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" WHERE c."restaurantId" = new."id";
END;

CREATE TRIGGER "Category_dish_scope_update" AFTER UPDATE OF "restaurantId" ON "Category"
WHEN old."restaurantId" IS NOT new."restaurantId"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid IN (SELECT m."id" FROM "MenuItem" m WHERE m."categoryId" = new."id");
  INSERT INTO "DishSearch"(rowid, "searchText", "scope")
  SELECT m."id", m."searchText", 'c' || char(57344 + COALESCE(r."cityId", 0) / 6400) || char(57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400) || char(57344 + COALESCE(r."cuisineId", 0) % 6400)
  FROM "MenuItem" m JOIN "Restaurant" r ON r."id" = new."restaurantId" WHERE m."categoryId" = new."id";
END;

INSERT INTO "DishSearch"(rowid, "searchText", "scope")
SELECT m."id", m."searchText", 'c' || char(57344 + COALESCE(r."cityId", 0) / 6400) || char(57344 + COALESCE(r."cityId", 0) % 6400)
    || 'k' || char(57344 + COALESCE(r."cuisineId", 0) / 6400) || char(57344 + COALESCE(r."cuisineId", 0) % 6400)
FROM "MenuItem" m JOIN "Category" c ON c."id" = m."categoryId" JOIN "Restaurant" r ON r."id" = c."restaurantId";

-- One segment, as db:generate leaves it: a query reads one b-tree instead of the many a bulk insert writes.
INSERT INTO "DishSearch"("DishSearch") VALUES ('optimize');
