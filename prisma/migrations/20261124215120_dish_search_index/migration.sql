-- CreateIndex
CREATE INDEX "Restaurant_latitude_longitude_idx" ON "Restaurant"("latitude", "longitude");

-- The q filter of the dish search, index-backed as the restaurant search's (migration
-- 20261122030204_search_index): an FTS5 trigram table over every menu item's searchText, where a
-- phrase of trigrams is exactly a substring match (case_sensitive 1: the column and the query are
-- both pre-folded by lib/menu/text-key.ts). Every item, not only the published ones: whether an
-- item is published depends on its category and restaurant, which the search joins anyway.
-- Contentless with delete support. Not modelled in prisma/schema.prisma: see
-- lib/db/external-tables.ts. A later migration that rebuilds "MenuItem" must recreate the triggers.
CREATE VIRTUAL TABLE "DishSearch" USING fts5("searchText", content='', contentless_delete=1, tokenize='trigram case_sensitive 1');

CREATE TRIGGER "MenuItem_search_insert" AFTER INSERT ON "MenuItem"
BEGIN
  INSERT INTO "DishSearch"(rowid, "searchText") VALUES (new."id", new."searchText");
END;

CREATE TRIGGER "MenuItem_search_update" AFTER UPDATE OF "searchText", "id" ON "MenuItem"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid = old."id";
  INSERT INTO "DishSearch"(rowid, "searchText") VALUES (new."id", new."searchText");
END;

CREATE TRIGGER "MenuItem_search_delete" AFTER DELETE ON "MenuItem"
BEGIN
  DELETE FROM "DishSearch" WHERE rowid = old."id";
END;

INSERT INTO "DishSearch"(rowid, "searchText") SELECT "id", "searchText" FROM "MenuItem";
