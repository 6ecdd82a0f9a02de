-- The name-order indexes of the restaurant search (all published, one city, one cuisine) hold
-- searchText too: a walk that tests q row by row reads the index alone instead of each row
-- (q=auberge at 100 000 restaurants: 4.3 to 1.3 ms). SQLite only: see the PostgreSQL twin.
-- DropIndex
DROP INDEX "Restaurant_cuisineId_isActive_menuPublished_name_slug_idx";

-- DropIndex
DROP INDEX "Restaurant_cityId_isActive_menuPublished_name_slug_idx";

-- DropIndex
DROP INDEX "Restaurant_isActive_menuPublished_name_slug_idx";

-- CreateIndex
CREATE INDEX "Restaurant_isActive_menuPublished_name_slug_idx" ON "Restaurant"("isActive", "menuPublished", "name", "slug", "searchText");

-- CreateIndex
CREATE INDEX "Restaurant_cityId_isActive_menuPublished_name_slug_idx" ON "Restaurant"("cityId", "isActive", "menuPublished", "name", "slug", "searchText");

-- CreateIndex
CREATE INDEX "Restaurant_cuisineId_isActive_menuPublished_name_slug_idx" ON "Restaurant"("cuisineId", "isActive", "menuPublished", "name", "slug", "searchText");

-- The planner statistics of the new indexes: DROP INDEX removed those of the old ones, and
-- without them SQLite took the cuisine index for a search by city and cuisine and checked every
-- restaurant of the cuisine (count 1.1 to 10 ms at 100 000 restaurants).
ANALYZE "Restaurant";
