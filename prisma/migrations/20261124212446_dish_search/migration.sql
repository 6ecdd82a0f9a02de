-- AlterTable
ALTER TABLE "City" ADD COLUMN "timeZone" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_MenuItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "categoryId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "translations" JSONB NOT NULL,
    "priceMinor" INTEGER NOT NULL,
    "compareAtMinor" INTEGER,
    "imageUrl" TEXT,
    "isAvailable" BOOLEAN NOT NULL DEFAULT true,
    "badge" TEXT,
    "tags" JSONB NOT NULL,
    "allergens" JSONB NOT NULL,
    "nutrition" JSONB,
    "variants" JSONB,
    "costMinor" INTEGER,
    "internalNotes" TEXT,
    "orderCount" INTEGER NOT NULL DEFAULT 0,
    "searchText" TEXT NOT NULL DEFAULT '',
    "tagKey" TEXT NOT NULL DEFAULT '',
    "allergenMask" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "MenuItem_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_MenuItem" ("allergens", "badge", "categoryId", "compareAtMinor", "costMinor", "description", "id", "imageUrl", "internalNotes", "isAvailable", "name", "nutrition", "orderCount", "position", "priceMinor", "tags", "translations", "variants") SELECT "allergens", "badge", "categoryId", "compareAtMinor", "costMinor", "description", "id", "imageUrl", "internalNotes", "isAvailable", "name", "nutrition", "orderCount", "position", "priceMinor", "tags", "translations", "variants" FROM "MenuItem";
DROP TABLE "MenuItem";
ALTER TABLE "new_MenuItem" RENAME TO "MenuItem";
CREATE INDEX "MenuItem_categoryId_position_idx" ON "MenuItem"("categoryId", "position");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Rows imported before this migration: tags and allergens derived here exactly as the importer
-- writes them. searchText is only an ASCII-folded approximation (SQL has no Unicode case folding
-- on SQLite), and re-importing the menus writes the exact value (README, "Dish search").
UPDATE "MenuItem" SET
  "tagKey" = COALESCE(',' || (SELECT group_concat(value, ',') FROM json_each("MenuItem"."tags")) || ',', ''),
  "allergenMask" = COALESCE((SELECT sum(CASE value WHEN 'gluten' THEN 1 WHEN 'crustaceans' THEN 2 WHEN 'eggs' THEN 4 WHEN 'fish' THEN 8 WHEN 'peanuts' THEN 16 WHEN 'soy' THEN 32 WHEN 'milk' THEN 64 WHEN 'nuts' THEN 128 WHEN 'celery' THEN 256 WHEN 'mustard' THEN 512 WHEN 'sesame' THEN 1024 WHEN 'sulphites' THEN 2048 WHEN 'lupin' THEN 4096 WHEN 'molluscs' THEN 8192 ELSE 0 END) FROM json_each("MenuItem"."allergens")), 0),
  "searchText" = lower("name" || ' ' || COALESCE("description", ''));
