// The cuisine directory: the capability behind GET /api/public/cuisines and the cuisine pages.
import { cachedDirectory } from "../cache/public-caches";
import { listCuisines } from "../data/directory-queries";
import { serializeCuisine, type PublicCuisine } from "../serializers";

export function listCuisineDirectory(): Promise<{ cuisines: PublicCuisine[] }> {
  return cachedDirectory("cuisines", async () => ({ cuisines: (await listCuisines()).map(serializeCuisine) }));
}
