-- Trigram operator classes for the GIN index on "searchText" below (the q filter of the search:
-- LIKE '%…%' answered from the index). pg_trgm ships with PostgreSQL and is a trusted extension:
-- a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "Restaurant_cityId_idx";

-- DropIndex
DROP INDEX "Restaurant_cuisineId_idx";

-- DropIndex
DROP INDEX "Restaurant_isActive_menuPublished_name_idx";

-- CreateIndex
CREATE INDEX "Restaurant_isActive_menuPublished_name_slug_idx" ON "Restaurant"("isActive", "menuPublished", "name", "slug");

-- CreateIndex
CREATE INDEX "Restaurant_cityId_isActive_menuPublished_name_slug_idx" ON "Restaurant"("cityId", "isActive", "menuPublished", "name", "slug");

-- CreateIndex
CREATE INDEX "Restaurant_cuisineId_isActive_menuPublished_name_slug_idx" ON "Restaurant"("cuisineId", "isActive", "menuPublished", "name", "slug");

-- CreateIndex
CREATE INDEX "Restaurant_searchText_idx" ON "Restaurant" USING GIN ("searchText" gin_trgm_ops);
