-- DropIndex
DROP INDEX "Restaurant_cuisineId_idx";

-- DropIndex
DROP INDEX "Restaurant_cityId_idx";

-- DropIndex
DROP INDEX "Restaurant_isActive_menuPublished_name_idx";

-- CreateIndex
CREATE INDEX "Restaurant_isActive_menuPublished_name_slug_idx" ON "Restaurant"("isActive", "menuPublished", "name", "slug");

-- CreateIndex
CREATE INDEX "Restaurant_cityId_isActive_menuPublished_name_slug_idx" ON "Restaurant"("cityId", "isActive", "menuPublished", "name", "slug");

-- CreateIndex
CREATE INDEX "Restaurant_cuisineId_isActive_menuPublished_name_slug_idx" ON "Restaurant"("cuisineId", "isActive", "menuPublished", "name", "slug");

-- The q filter of the search, index-backed: an FTS5 table with the trigram tokenizer over the
-- searchText of the PUBLISHED restaurants (active, menu published) only. A phrase query of
-- trigrams is exactly a substring match (case_sensitive 1: searchText and the query are both
-- pre-folded by lib/menu/text-key.ts), so lib/data/restaurant-queries.ts answers "searchText
-- contains q" (q of 3+ characters) from this index, and counts matches without touching
-- "Restaurant". Contentless (the text stays in "Restaurant") with delete support.
-- Not modelled in prisma/schema.prisma: see lib/db/external-tables.ts. The triggers keep it in
-- sync with every write; a later migration that rebuilds "Restaurant" must recreate them.
CREATE VIRTUAL TABLE "RestaurantSearch" USING fts5("searchText", content='', contentless_delete=1, tokenize='trigram case_sensitive 1');

CREATE TRIGGER "Restaurant_search_insert" AFTER INSERT ON "Restaurant"
WHEN new."isActive" AND new."menuPublished"
BEGIN
  INSERT INTO "RestaurantSearch"(rowid, "searchText") VALUES (new."id", new."searchText");
END;

CREATE TRIGGER "Restaurant_search_update" AFTER UPDATE OF "searchText", "isActive", "menuPublished", "id" ON "Restaurant"
BEGIN
  DELETE FROM "RestaurantSearch" WHERE rowid = old."id";
  INSERT INTO "RestaurantSearch"(rowid, "searchText") SELECT new."id", new."searchText" WHERE new."isActive" AND new."menuPublished";
END;

CREATE TRIGGER "Restaurant_search_delete" AFTER DELETE ON "Restaurant"
BEGIN
  DELETE FROM "RestaurantSearch" WHERE rowid = old."id";
END;

INSERT INTO "RestaurantSearch"(rowid, "searchText") SELECT "id", "searchText" FROM "Restaurant" WHERE "isActive" AND "menuPublished";
