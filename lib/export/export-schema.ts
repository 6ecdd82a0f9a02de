// The lines of the bulk export (lib/export/export-restaurants.ts) as the OpenAPI document states
// them: every line a restaurant body, the last one the end line with the feed cursor.
import { z } from "zod";
import { RestaurantSchema } from "../serializers/public-schemas";

export const ExportEndLineSchema = z.strictObject({
  end: z.literal(true).describe("The last line: the export is complete"),
  count: z.number().int().min(0).describe("Restaurant lines before this one"),
  nextCursor: z.string().describe("The change feed's cursor: GET /api/public/changes?since=<nextCursor> lists what changed after the export began"),
  changesUrl: z.url().describe("That request as a URL"),
});

export const ExportLineSchema = z.union([RestaurantSchema, ExportEndLineSchema]).describe("One line of the export: a restaurant (as GET /api/public/restaurants/{slug}), or the end line");
