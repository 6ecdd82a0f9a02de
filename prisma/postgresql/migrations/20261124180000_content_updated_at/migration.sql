-- AlterTable
ALTER TABLE "Restaurant" ADD COLUMN     "contentHash" TEXT,
ADD COLUMN     "contentUpdatedAt" TIMESTAMP(3);

-- Rows imported before this migration: their last row update is the best date there is. The
-- next import of each restaurant records its hash and keeps this date unless published fields differ.
UPDATE "Restaurant" SET "contentUpdatedAt" = "updatedAt";
