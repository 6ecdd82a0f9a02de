// MCP prompts: ready-made requests a desktop client offers as slash commands. They only assemble
// published data and instructions; the answer comes from the model reading them.
import { ApiError } from "../http/api-errors";
import { ALLERGENS, ALLERGEN_LABELS, type Allergen } from "../menu/allergens";
import { getRestaurantMenu } from "../restaurants/get-restaurant-menu";
import { RESOURCE_URIS } from "./resources";

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

export interface PromptMessage {
  role: "user";
  content: { type: "text"; text: string } | { type: "resource"; resource: { uri: string; mimeType: string; text: string } };
}

export interface McpPrompt {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  /** Throws PromptArgumentError for arguments that cannot be served (answered as -32602). */
  render(args: Record<string, string>): Promise<{ description: string; messages: PromptMessage[] }>;
}

export class PromptArgumentError extends Error {}

function required(args: Record<string, string>, name: string): string {
  const value = args[name]?.trim();
  if (!value) throw new PromptArgumentError(`The argument "${name}" is required.`);
  return value;
}

/** "Gluten, milk;nuts" → ["gluten", "milk", "nuts"]; unknown codes are an error naming the valid ones. */
export function parseAllergenList(value: string): Allergen[] {
  const codes = value
    .split(/[,;]/)
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const unknown = codes.filter((c) => !(ALLERGENS as readonly string[]).includes(c));
  if (!codes.length || unknown.length) {
    throw new PromptArgumentError(
      `${unknown.length ? `Unknown allergen code(s): ${unknown.join(", ")}. ` : "No allergen given. "}Use a comma-separated list of: ${ALLERGENS.join(", ")}.`,
    );
  }
  return [...new Set(codes)] as Allergen[];
}

export const MCP_PROMPTS: readonly McpPrompt[] = [
  {
    name: "check_allergens",
    title: "Check a menu for allergens",
    description: "Attach a restaurant's published menu and ask which dishes contain none of the given EU allergens.",
    arguments: [
      { name: "slug", description: "The restaurant's slug (from search_restaurants or its page URL)", required: true },
      { name: "allergens", description: `Comma-separated allergen codes to avoid: ${ALLERGENS.join(", ")}`, required: true },
    ],
    async render(args) {
      const slug = required(args, "slug");
      const allergens = parseAllergenList(required(args, "allergens"));
      let restaurant;
      try {
        restaurant = await getRestaurantMenu({ slug });
      } catch (error) {
        if (error instanceof ApiError && error.code !== "internal_error") throw new PromptArgumentError(error.message);
        throw error;
      }
      const names = allergens.map((a) => `${ALLERGEN_LABELS[a]} (${a})`).join(", ");
      return {
        description: `Dishes at ${restaurant.name} without ${allergens.join(", ")}`,
        messages: [
          {
            role: "user",
            content: { type: "resource", resource: { uri: RESOURCE_URIS.menuJson(restaurant.slug), mimeType: "application/json", text: JSON.stringify(restaurant) } },
          },
          {
            role: "user",
            content: {
              type: "text",
              text:
                `Above is the published menu of ${restaurant.name} (${restaurant.url}). List, by category, the dishes whose allergens ` +
                `include none of: ${names}. Give each dish's price in ${restaurant.currency} and say which are currently unavailable. ` +
                `Then list the dishes left out and the allergen that rules each out. The allergen data is declared by the restaurant: ` +
                `remind the reader to confirm with the staff before ordering.`,
            },
          },
        ],
      };
    },
  },
  {
    name: "find_restaurant",
    title: "Find a restaurant",
    description: "Ask for restaurant suggestions in a city and/or cuisine, checked against the published menus.",
    arguments: [
      { name: "city", description: "City name or slug (see list_locations_and_cuisines)", required: false },
      { name: "cuisine", description: "Cuisine name or slug", required: false },
      { name: "wishes", description: "Anything else that matters, e.g. vegetarian mains under 30, open on Sunday", required: false },
    ],
    async render(args) {
      const city = args.city?.trim();
      const cuisine = args.cuisine?.trim();
      const wishes = args.wishes?.trim();
      const filters = [city && `city "${city}"`, cuisine && `cuisine "${cuisine}"`].filter(Boolean).join(" and ");
      return {
        description: `Restaurant suggestions${filters ? ` for ${filters}` : ""}`,
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text:
                `Suggest up to three restaurants${filters ? ` matching ${filters}` : ""}${wishes ? ` for someone who wants: ${wishes}` : ""}. ` +
                `Use the search_restaurants tool${filters ? " with those filters" : ""} (list_locations_and_cuisines shows valid cities and cuisines), ` +
                `then read each candidate's menu with get_restaurant_menu and pick dishes that fit. For each suggestion give the name, address, ` +
                `opening hours, two or three fitting dishes with prices and allergens, and its page URL.`,
            },
          },
        ],
      };
    },
  },
];

export function findPrompt(name: string): McpPrompt | undefined {
  return MCP_PROMPTS.find((p) => p.name === name);
}
