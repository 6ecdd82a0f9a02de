// The Markdown form of a restaurant's menu for the MCP resource menu://restaurants/{slug}/menu.md,
// rendered from the published restaurant object only (so it cannot show more than the JSON does).
// The document is built as a Markdown syntax tree and serialized, so names with *, _ or [ in them
// are escaped correctly instead of turning into formatting.
import type { Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import { toMarkdown } from "mdast-util-to-markdown";
import { stringify as toYaml } from "yaml";
import { ALLERGEN_LABELS, type Allergen } from "../menu/allergens";
import { currencyDigits } from "../menu/money";
import type { PublicMenuItem, PublicRestaurant } from "../serializers";

const DAY_NAMES: Record<string, string> = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };

const text = (value: string): PhrasingContent => ({ type: "text", value });
const strong = (value: string): PhrasingContent => ({ type: "strong", children: [text(value)] });
const link = (label: string, url: string): PhrasingContent => ({ type: "link", url, children: [text(label)] });
const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: "paragraph", children });
const heading = (depth: 1 | 2 | 3, value: string): Heading => ({ type: "heading", depth, children: [text(value)] });
const listItem = (...children: ListItem["children"]): ListItem => ({ type: "listItem", spread: false, children });
const list = (items: ListItem[]): List => ({ type: "list", ordered: false, spread: false, children: items });

export function formatPrice(amount: number, currency: string): string {
  return `${amount.toFixed(currencyDigits(currency))} ${currency}`;
}

function itemEntry(item: PublicMenuItem): ListItem {
  const head: PhrasingContent[] = [strong(item.name), text(` — ${formatPrice(item.price, item.currency)}`)];
  if (item.compareAtPrice !== null) head.push(text(` (was ${formatPrice(item.compareAtPrice, item.currency)})`));
  if (item.badge) head.push(text(` · ${item.badge}`));
  if (!item.isAvailable) head.push(text(" · currently unavailable"));
  const details: ListItem[] = [];
  if (item.description) details.push(listItem(paragraph(text(item.description))));
  if (item.variants?.length) {
    details.push(listItem(paragraph(text(`Variants: ${item.variants.map((v) => `${v.name} ${formatPrice(v.price, item.currency)}`).join(", ")}`))));
  }
  details.push(
    listItem(paragraph(text(`Allergens: ${item.allergens.length ? item.allergens.map((a) => ALLERGEN_LABELS[a as Allergen] ?? a).join(", ") : "none declared"}`))),
  );
  if (item.tags.length) details.push(listItem(paragraph(text(`Tags: ${item.tags.join(", ")}`))));
  for (const [lang, t] of Object.entries(item.translations)) {
    details.push(listItem(paragraph(text(`${lang}: ${t.name}${t.description ? ` — ${t.description}` : ""}`))));
  }
  return listItem(paragraph(...head), list(details));
}

export function renderRestaurantMarkdown(restaurant: PublicRestaurant): string {
  const { contact } = restaurant;
  const frontMatter = {
    title: restaurant.name,
    slug: restaurant.slug,
    url: restaurant.url,
    updatedAt: restaurant.updatedAt,
    currency: restaurant.currency,
    defaultLanguage: restaurant.defaultLanguage,
    languages: restaurant.languages,
    cuisine: restaurant.cuisine,
  };

  const children: RootContent[] = [heading(1, restaurant.name)];
  if (restaurant.description) children.push(paragraph(text(restaurant.description)));

  const facts: ListItem[] = [];
  if (restaurant.cuisine) facts.push(listItem(paragraph(text(`Cuisine: ${restaurant.cuisine}`))));
  const address = [contact.address, [contact.postalCode, contact.city].filter(Boolean).join(" "), contact.country].filter(Boolean).join(", ");
  if (address) facts.push(listItem(paragraph(text(`Address: ${address}`))));
  if (contact.phone) facts.push(listItem(paragraph(text(`Phone: ${contact.phone}`))));
  if (contact.latitude !== null && contact.longitude !== null) facts.push(listItem(paragraph(text(`Coordinates: ${contact.latitude}, ${contact.longitude}`))));
  for (const [key, label] of [["search", "Search rating"], ["travel", "Travel rating"]] as const) {
    const r = restaurant.ratings[key];
    if (r) facts.push(listItem(paragraph(text(`${label}: ${r.rating}${r.reviewCount !== null ? ` (${r.reviewCount} reviews)` : ""}`))));
  }
  facts.push(listItem(paragraph(text("Menu page: "), link(restaurant.url, restaurant.url))));
  facts.push(listItem(paragraph(text(`Prices in ${restaurant.currency}; languages: ${restaurant.languages.join(", ")}`))));
  children.push(list(facts));

  if (restaurant.openingHours && Object.keys(restaurant.openingHours).length) {
    children.push(heading(2, "Opening hours"));
    children.push(list(Object.entries(restaurant.openingHours).map(([day, range]) => listItem(paragraph(text(`${DAY_NAMES[day] ?? day}: ${range}`))))));
  }

  children.push(heading(2, "Menu"));
  if (!restaurant.categories.length) children.push(paragraph(text("No dishes are published yet.")));
  for (const category of restaurant.categories) {
    children.push(heading(3, category.name));
    if (category.description) children.push(paragraph(text(category.description)));
    if (category.items.length) children.push(list(category.items.map(itemEntry)));
  }

  const body = toMarkdown({ type: "root", children } satisfies Root, { bullet: "-", listItemIndent: "one" });
  return `---\n${toYaml(frontMatter).trimEnd()}\n---\n\n${body}`;
}
