-- AlterTable
ALTER TABLE "City" ADD COLUMN     "timeZone" TEXT;

-- AlterTable
ALTER TABLE "MenuItem" ADD COLUMN     "allergenMask" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "tagKey" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "MenuItem_searchText_idx" ON "MenuItem" USING GIN ("searchText" gin_trgm_ops);

-- Rows imported before this migration: tags and allergens derived here exactly as the importer
-- writes them. searchText is only an ASCII-folded approximation (lower() follows the database collation), and re-importing the menus writes the exact value (README, "Dish search").
UPDATE "MenuItem" SET
  "tagKey" = COALESCE(',' || (SELECT string_agg(value, ',') FROM jsonb_array_elements_text("MenuItem"."tags") AS t(value)) || ',', ''),
  "allergenMask" = COALESCE((SELECT sum(CASE value WHEN 'gluten' THEN 1 WHEN 'crustaceans' THEN 2 WHEN 'eggs' THEN 4 WHEN 'fish' THEN 8 WHEN 'peanuts' THEN 16 WHEN 'soy' THEN 32 WHEN 'milk' THEN 64 WHEN 'nuts' THEN 128 WHEN 'celery' THEN 256 WHEN 'mustard' THEN 512 WHEN 'sesame' THEN 1024 WHEN 'sulphites' THEN 2048 WHEN 'lupin' THEN 4096 WHEN 'molluscs' THEN 8192 ELSE 0 END) FROM jsonb_array_elements_text("MenuItem"."allergens") AS a(value)), 0),
  "searchText" = lower("name" || ' ' || COALESCE("description", ''));
