// The MCP resources: every published restaurant's menu as JSON (the REST body) and as Markdown, the
// plans and the directory. URIs use the menu:// scheme; the two menu forms are also offered as
// URI templates. resources/list pages through restaurants by slug with an opaque cursor.
import { listPublishedRestaurantsAfter } from "../data/restaurant-queries";
import { ApiError } from "../http/api-errors";
import { getRestaurantMenu } from "../restaurants/get-restaurant-menu";
import { serializePlans, serializeSearchResult, type PublicSearchResult } from "../serializers";
import { markdownTwin } from "../pages/markdown-page";
import { loadDirectory } from "./tools";

export const RESOURCE_URIS = {
  plans: "menu://plans",
  directory: "menu://directory",
  menuJson: (slug: string) => `menu://restaurants/${encodeURIComponent(slug)}/menu.json`,
  menuMarkdown: (slug: string) => `menu://restaurants/${encodeURIComponent(slug)}/menu.md`,
};

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: "menu://restaurants/{slug}/menu.json",
    name: "restaurant-menu-json",
    title: "Restaurant menu (JSON)",
    description: "A published restaurant's complete menu as JSON, the same body as GET /api/public/restaurants/{slug}. Find slugs with the search_restaurants tool.",
    mimeType: "application/json",
  },
  {
    uriTemplate: "menu://restaurants/{slug}/menu.md",
    name: "restaurant-menu-markdown",
    title: "Restaurant menu (Markdown)",
    description: "A published restaurant's complete menu as a Markdown document with YAML front matter: the same document as GET /{slug}.md.",
    mimeType: "text/markdown",
  },
] as const;

/** Cache lifetimes mirror the REST cache policies (contract section 8). */
export const RESOURCE_TTL_MS = { directory: 86_400_000, menu: 300_000, list: 60_000 } as const;

export interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  annotations?: { lastModified: string };
}

export interface ResourceContents {
  uri: string;
  mimeType: string;
  text: string;
}

const STATIC_RESOURCES: ResourceEntry[] = [
  {
    uri: RESOURCE_URIS.plans,
    name: "plans",
    title: "Plans, prices and limits",
    description: "The subscription plans with prices in EUR and the limits the service enforces (null means unlimited).",
    mimeType: "application/json",
  },
  {
    uri: RESOURCE_URIS.directory,
    name: "directory",
    title: "Locations and cuisines",
    description: "All countries, cities and cuisine types, with their page URLs.",
    mimeType: "application/json",
  },
];

function restaurantEntries(r: PublicSearchResult): ResourceEntry[] {
  const where = [r.city, r.country].filter(Boolean).join(", ");
  const about = `${r.name}${r.cuisine ? ` (${r.cuisine})` : ""}${where ? `, ${where}` : ""}`;
  return [
    {
      uri: RESOURCE_URIS.menuJson(r.slug),
      name: `${r.slug}/menu.json`,
      title: `${r.name} – menu (JSON)`,
      description: `Complete menu of ${about} as JSON.`,
      mimeType: "application/json",
      annotations: { lastModified: r.updatedAt },
    },
    {
      uri: RESOURCE_URIS.menuMarkdown(r.slug),
      name: `${r.slug}/menu.md`,
      title: `${r.name} – menu (Markdown)`,
      description: `Complete menu of ${about} as Markdown.`,
      mimeType: "text/markdown",
      annotations: { lastModified: r.updatedAt },
    },
  ];
}

export class InvalidCursorError extends Error {}

const CURSOR_VERSION = 1;

export function encodeCursor(afterSlug: string): string {
  return Buffer.from(JSON.stringify({ v: CURSOR_VERSION, after: afterSlug }), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): string {
  try {
    if (!/^[A-Za-z0-9_-]{1,2000}$/.test(cursor)) throw new Error("not base64url");
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { v?: unknown; after?: unknown };
    if (parsed.v !== CURSOR_VERSION || typeof parsed.after !== "string") throw new Error("unknown cursor shape");
    return parsed.after;
  } catch {
    throw new InvalidCursorError("The cursor is not one this server issued; start again without a cursor.");
  }
}

export type RestaurantPageLoader = (afterSlug: string | undefined, take: number) => Promise<PublicSearchResult[]>;

const loadRestaurants: RestaurantPageLoader = async (after, take) => (await listPublishedRestaurantsAfter(after, take)).map(serializeSearchResult);

/** Restaurants per page (each gives two resources); the static resources come first, on page one. */
export const RESTAURANTS_PER_PAGE = 25;

export async function listResources(
  cursor: string | undefined,
  options: { perPage?: number; load?: RestaurantPageLoader } = {},
): Promise<{ resources: ResourceEntry[]; nextCursor?: string }> {
  const perPage = options.perPage ?? RESTAURANTS_PER_PAGE;
  const load = options.load ?? loadRestaurants;
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const rows = await load(after, perPage + 1);
  const page = rows.slice(0, perPage);
  const resources = [...(cursor === undefined ? STATIC_RESOURCES : []), ...page.flatMap(restaurantEntries)];
  return rows.length > perPage ? { resources, nextCursor: encodeCursor(page[page.length - 1].slug) } : { resources };
}

export class ResourceMissingError extends Error {}

const MENU_URI = /^menu:\/\/restaurants\/([^/?#]+)\/menu\.(json|md)$/;

async function menuMarkdown(uri: string, slug: string): Promise<string> {
  const twin = await markdownTwin(`/${slug}`);
  // Published a moment ago by getRestaurantMenu, gone now (or the page route changed): no resource.
  if (twin.status !== 200) throw new ResourceMissingError(uri);
  return twin.body;
}

/** The contents of one resource, or ResourceMissingError when no published resource has that URI. */
export async function readResource(uri: string): Promise<{ contents: ResourceContents[]; ttlMs: number }> {
  if (uri === RESOURCE_URIS.plans) {
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(serializePlans()) }], ttlMs: RESOURCE_TTL_MS.directory };
  }
  if (uri === RESOURCE_URIS.directory) {
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(await loadDirectory()) }], ttlMs: RESOURCE_TTL_MS.directory };
  }
  const match = MENU_URI.exec(uri);
  if (match) {
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]);
    } catch {
      throw new ResourceMissingError(uri);
    }
    let restaurant;
    try {
      restaurant = await getRestaurantMenu({ slug });
    } catch (error) {
      // not_found and an invalid slug alike: there is no such resource
      if (error instanceof ApiError && error.code !== "internal_error") throw new ResourceMissingError(uri);
      throw error;
    }
    // The Markdown is the page's twin, byte for byte what GET /{slug}.md serves.
    const text = match[2] === "json" ? JSON.stringify(restaurant) : await menuMarkdown(uri, restaurant.slug);
    return { contents: [{ uri, mimeType: match[2] === "json" ? "application/json" : "text/markdown", text }], ttlMs: RESOURCE_TTL_MS.menu };
  }
  throw new ResourceMissingError(uri);
}
