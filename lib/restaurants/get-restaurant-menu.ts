// One published restaurant with its full menu: the capability behind
// GET /api/public/restaurants/{slug}, the MCP tool get_restaurant_menu, the menu page and its Markdown twin.
import { z } from "zod";
import { findPublishedRestaurant } from "../data/restaurant-queries";
import { ApiError } from "../http/api-errors";
import { serializeRestaurant, type PublicRestaurant } from "../serializers";
import { parseInput } from "../validation";

export const getRestaurantMenuInput = z.object({
  slug: z.string().min(1, "is required").max(200, "at most 200 characters").describe("The restaurant's slug, as in its page URL"),
});

export async function getRestaurantMenu(input: z.input<typeof getRestaurantMenuInput>): Promise<PublicRestaurant> {
  const { slug } = parseInput(getRestaurantMenuInput, input);
  const row = await findPublishedRestaurant(slug);
  if (!row) {
    throw new ApiError("not_found", `No published restaurant has the slug "${slug}".`, {
      hint: "Find slugs with GET /api/public/restaurants?q=…",
    });
  }
  return serializeRestaurant(row);
}
