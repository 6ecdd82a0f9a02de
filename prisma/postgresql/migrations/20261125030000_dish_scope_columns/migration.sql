-- No semicolon or apostrophe may appear in a comment here: the schema engine cuts the script at
-- every semicolon, in comments and quotes too.
-- The city and cuisine of each dish, beside its searchText, so that q together with city or cuisine
-- is a bitmap AND of the trigram index and one of these b-trees: the count then reads the matches
-- in that place only, instead of every match of q anywhere or every dish of the city (both grow
-- with the data: bench/growth-postgresql.md, issue 14). The SQLite twin is the scope column of
-- its FTS5 dish index (migration 20261125000000_dish_search_scope).
-- They are the restaurant values, copied: triggers set them on every insert and on every change of
-- a dish section, a section restaurant, or a restaurant city or cuisine. A write to the columns
-- themselves is overwritten with the true values. The service never writes them.

-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "scopeCityId" INTEGER,
ADD COLUMN     "scopeCuisineId" INTEGER;

-- Rows already there, before the triggers exist (one join, not one lookup per row).
UPDATE "MenuItem" m SET "scopeCityId" = r."cityId", "scopeCuisineId" = r."cuisineId"
FROM "Category" c JOIN "Restaurant" r ON r."id" = c."restaurantId"
WHERE c."id" = m."categoryId";

-- The function bodies spell each semicolon \x3B: the schema engine cuts a migration at every
-- semicolon, quoted or not, and PostgreSQL reads \x3B in an E string as the semicolon itself.
CREATE FUNCTION "MenuItem_dish_scope"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."scopeCityId" := NULL\x3B
  NEW."scopeCuisineId" := NULL\x3B
  SELECT r."cityId", r."cuisineId" INTO NEW."scopeCityId", NEW."scopeCuisineId"
  FROM "Category" c JOIN "Restaurant" r ON r."id" = c."restaurantId"
  WHERE c."id" = NEW."categoryId"\x3B
  RETURN NEW\x3B
END
';

CREATE TRIGGER "MenuItem_dish_scope" BEFORE INSERT OR UPDATE OF "categoryId", "scopeCityId", "scopeCuisineId" ON "MenuItem"
FOR EACH ROW EXECUTE FUNCTION "MenuItem_dish_scope"();

CREATE FUNCTION "Restaurant_dish_scope"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "MenuItem" m SET "scopeCityId" = NEW."cityId", "scopeCuisineId" = NEW."cuisineId"
  FROM "Category" c
  WHERE c."restaurantId" = NEW."id" AND m."categoryId" = c."id"\x3B
  RETURN NULL\x3B
END
';

CREATE TRIGGER "Restaurant_dish_scope" AFTER UPDATE OF "cityId", "cuisineId" ON "Restaurant"
FOR EACH ROW WHEN (OLD."cityId" IS DISTINCT FROM NEW."cityId" OR OLD."cuisineId" IS DISTINCT FROM NEW."cuisineId")
EXECUTE FUNCTION "Restaurant_dish_scope"();

CREATE FUNCTION "Category_dish_scope"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "MenuItem" m SET "scopeCityId" = r."cityId", "scopeCuisineId" = r."cuisineId"
  FROM "Restaurant" r
  WHERE r."id" = NEW."restaurantId" AND m."categoryId" = NEW."id"\x3B
  RETURN NULL\x3B
END
';

CREATE TRIGGER "Category_dish_scope" AFTER UPDATE OF "restaurantId" ON "Category"
FOR EACH ROW WHEN (OLD."restaurantId" IS DISTINCT FROM NEW."restaurantId")
EXECUTE FUNCTION "Category_dish_scope"();

-- One GIN index over the place and the trigrams (btree_gin gives integers GIN operators, and like
-- pg_trgm it ships with PostgreSQL and is a trusted extension). A q in a city is then a single
-- index scan that yields only the matches in that city: 647 of the 6 860 dishes matching queijo
-- at 100 000 restaurants. Two b-trees beside the trigram index would do the same through a bitmap
-- AND, but the planner, underestimating the trigram matches, skipped the AND and read all 6 860.
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- CreateIndex
CREATE INDEX "MenuItem_scope_searchText_idx" ON "MenuItem" USING GIN ("scopeCityId" int4_ops, "scopeCuisineId" int4_ops, "searchText" gin_trgm_ops);

-- A restaurant city decides its currency: without these statistics the planner multiplies the two
-- selectivities and expects 52 of the 1 549 restaurants of a city (100 000 restaurants) to have
-- its currency, which makes a walk of all dishes of the city look cheap.
CREATE STATISTICS "Restaurant_place_stats" (dependencies) ON "cityId", "cuisineId", "currency" FROM "Restaurant";
ANALYZE "Restaurant";
ANALYZE "MenuItem";
