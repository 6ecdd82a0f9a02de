// The cuisine directory: the capability behind GET /api/public/cuisines and the cuisine pages.
import { listCuisines } from "../data/directory-queries";
import { serializeCuisine, type PublicCuisine } from "../serializers";

export async function listCuisineDirectory(): Promise<{ cuisines: PublicCuisine[] }> {
  return { cuisines: (await listCuisines()).map(serializeCuisine) };
}
