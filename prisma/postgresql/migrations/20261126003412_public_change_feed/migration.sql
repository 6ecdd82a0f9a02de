-- AlterTable
ALTER TABLE "Restaurant" ADD COLUMN     "publishedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PublicChange" (
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "change" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PublicChange_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "PublicFeedHead" (
    "id" INTEGER NOT NULL,
    "head" INTEGER NOT NULL DEFAULT 0,
    "prunedThrough" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "cursorSecret" TEXT NOT NULL,

    CONSTRAINT "PublicFeedHead_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PublicChange_change_at_idx" ON "PublicChange"("change", "at");

-- CreateIndex
CREATE UNIQUE INDEX "PublicChange_type_slug_key" ON "PublicChange"("type", "slug");

-- CreateIndex
CREATE INDEX "Restaurant_publishedAt_idx" ON "Restaurant"("publishedAt");

-- Published restaurants were last published, as far as anyone can tell, at their public date.
UPDATE "Restaurant" SET "publishedAt" = COALESCE("contentUpdatedAt", "createdAt") WHERE "isActive" = true AND "menuPublished" = true;

-- The feed starts from the current state: every published restaurant, and every country, city and
-- cuisine of the public directory, as "published" at its public date (a directory entry: its
-- earliest published restaurant's), oldest first. Later changes are written by the importer.
INSERT INTO "PublicChange" ("seq", "type", "slug", "change", "at")
SELECT ROW_NUMBER() OVER (ORDER BY e."at", e."type", e."slug"), e."type", e."slug", 'published', e."at"
FROM (
  SELECT 'restaurant' AS "type", r."slug" AS "slug", COALESCE(r."contentUpdatedAt", r."createdAt") AS "at"
  FROM "Restaurant" r WHERE r."isActive" = true AND r."menuPublished" = true
  UNION ALL
  SELECT 'city', c."slug", MIN(COALESCE(r."contentUpdatedAt", r."createdAt"))
  FROM "City" c JOIN "Restaurant" r ON r."cityId" = c."id" WHERE r."isActive" = true AND r."menuPublished" = true GROUP BY c."slug"
  UNION ALL
  SELECT 'country', k."slug", MIN(COALESCE(r."contentUpdatedAt", r."createdAt"))
  FROM "Country" k JOIN "City" c ON c."countryId" = k."id" JOIN "Restaurant" r ON r."cityId" = c."id" WHERE r."isActive" = true AND r."menuPublished" = true GROUP BY k."slug"
  UNION ALL
  SELECT 'cuisine', u."slug", MIN(COALESCE(r."contentUpdatedAt", r."createdAt"))
  FROM "Cuisine" u JOIN "Restaurant" r ON r."cuisineId" = u."id" WHERE r."isActive" = true AND r."menuPublished" = true GROUP BY u."slug"
) e;

INSERT INTO "PublicFeedHead" ("id", "head", "prunedThrough", "updatedAt", "cursorSecret")
VALUES (1, (SELECT COUNT(*) FROM "PublicChange"), 0, COALESCE((SELECT MAX("at") FROM "PublicChange"), CURRENT_TIMESTAMP), md5(random()::text || clock_timestamp()::text) || md5(random()::text || clock_timestamp()::text));
