// The Markdown twin of every public page (contract section 4, rules 1–3), built as an mdast tree
// from the same page data the HTML renders. No navigation, scripts or styling: front matter, the
// page's content, and links only to the service's own pages (their Markdown twins) and API.
import { listSeparator } from "../i18n/local-format";
import type { RootContent } from "mdast";
import type { ItemView, MenuView } from "../pages/menu-view";
import { formatPrice } from "../pages/menu-view";
import { ATTRIBUTION, SITE_NAME, SITE_SUMMARY, type Corrected, type ListingBlock, type PageData, type PageMeta, type PageQuery } from "../pages/page-data";
import { dishInLanguage } from "../pages/dish-language";
import { ALLERGEN_NOTICE, type PublicCity, type PublicDishResult, type PublicSearchResult } from "../serializers";
import { cardPlace, LISTING_LANGUAGE, type CardFacts } from "../pages/listing-facts";
import { cityName } from "../i18n/place-names";
import { menuLabels } from "../i18n/menu-labels";
import { markdownUrlOf, siteUrls } from "../site-urls";
import { code, codeBlock, del, emphasis, heading, join, link, list, paragraph, strong, table, type Inline } from "./mdast";
import { remark } from "remark";
import remarkGfm from "remark-gfm";
import { developersGuide } from "../content/developers-guide";
import { attributionInline } from "./attribution";
import { frontMatter, renderDocument } from "./render";
import { fill } from "../i18n/fill";

const md = markdownUrlOf;
const cityText = (city: PublicCity) => cityName(city, LISTING_LANGUAGE).text;

const listingLabels = menuLabels(LISTING_LANGUAGE);

/** "Swiss · Zurich, Switzerland": the card's place, as the HTML card names it (cardPlace). */
function placeWords(place: ReturnType<typeof cardPlace>): string[] {
  const where = [place.city?.text, place.country].filter(Boolean).join(", ");
  return [place.cuisine, where].filter((x): x is string => Boolean(x));
}

/**
 * A listed restaurant: what its HTML card shows (lib/pages/listing-facts.ts), open now with the
 * local time it was computed at (the twin is cached, like the page) and the price indication.
 */
function restaurantLine(r: PublicSearchResult, facts?: CardFacts): Inline[] {
  const words = [...placeWords(cardPlace(r, facts)), r.currency].join(" · ");
  const status = facts?.status;
  const extras: Inline[] = [];
  if (status) extras.push(" · ", strong(status.text), ` (${fill(listingLabels.status.asOf, { time: status.asOf })})`);
  if (facts?.prices) extras.push(` · ${facts.prices}`);
  return [link(r.markdownUrl, r.name), words ? `: ${words}` : "", ...extras, r.description ? ` — ${r.description}` : ""];
}

const linesOf = (results: PublicSearchResult[], facts: Record<string, CardFacts>) => list(results.map((r) => restaurantLine(r, facts[r.slug])));

function listingBlocks(block: ListingBlock, emptyText: string): RootContent[] {
  if (block.results.length === 0) return [paragraph(emptyText)];
  const out: RootContent[] = [linesOf(block.results, block.facts)];
  if (block.total > block.results.length) {
    out.push(paragraph(`Showing ${block.results.length} of ${block.total}. `, link(md(block.moreUrl), "All matching restaurants"), "."));
  }
  return out;
}

export { attributionInline };

function attribution(canonical: string): RootContent {
  return paragraph(emphasis(`Source: ${SITE_NAME}, `, link(canonical), ". ", ...attributionInline()));
}

// ————— the search pages —————

const GEO_TIME_LABELS = { near: "Near", radiusKm: "Within (km)", openNow: "Open now", openAt: "Open at", cursor: "Page after" };

/** The filters a search page was given, one line each, in the order of `labels`. */
function filterLines(query: PageQuery, labels: Record<string, string>): Inline[][] {
  return Object.entries(labels)
    .filter(([name]) => query[name] && name !== "cursor")
    .map(([name, label]) => [`${label}: `, query[name]]);
}

/** A search page's answer: the capability's message when it refused the query, else the count, the results and the page links. */
function resultBlocks<T>(
  d: { query: PageQuery; error: string | null; nextUrl: string | null; firstUrl: string; response: { total: number; totalCapped: boolean; count: number; nextCursor: string | null; results: T[] } | null },
  one: string,
  many: string,
  line: (result: T) => Inline[],
): RootContent[] {
  if (d.error) return [paragraph("The search could not be run: ", d.error)];
  const r = d.response;
  if (!r) return [];
  const total = `${r.total}${r.totalCapped ? "+" : ""}`;
  const out: RootContent[] = [paragraph(`${total} ${r.total === 1 && !r.totalCapped ? one : many}${r.nextCursor || d.query.cursor ? `, ${r.count} on this page` : ""}.`)];
  if (r.results.length) out.push(list(r.results.map(line)));
  const links: Inline[][] = [];
  if (d.query.cursor) links.push([link(md(d.firstUrl), "First page")]);
  if (d.nextUrl) links.push([link(md(d.nextUrl), "Next page")]);
  if (links.length) out.push(list(links));
  return out;
}

/** The words as typed found nothing: the spelling whose results follow. */
function correctedLine(c: Corrected): RootContent {
  return paragraph(`Nothing matches “${c.typed}”. Showing results for `, link(md(c.url), c.shown), ".");
}

function dishLine(dish: PublicDishResult): Inline[] {
  const r = dish.restaurant;
  // In the listing's language when the menu has it, as the page shows it; the menu's own name among the facts.
  const shown = dishInLanguage(dish, LISTING_LANGUAGE);
  const facts = [shown.original && `on the menu: ${shown.original}`, dish.category, ...placeWords(cardPlace(r)), dish.distanceKm !== undefined ? `${dish.distanceKm} km away` : null]
    .filter(Boolean)
    .join(" · ");
  return [
    link(md(dish.url), shown.name),
    ` — ${formatPrice(dish.price, dish.currency, "en")} at `,
    link(r.markdownUrl, r.name),
    facts ? ` (${facts})` : "",
    shown.description ? `: ${shown.description}` : "",
    `. Allergens declared: ${dish.allergens.length ? dish.allergens.join(", ") : "none"}`,
    dish.tags.length ? `. Tags: ${dish.tags.join(", ")}` : "",
    ".",
  ];
}

// ————— the menu —————

function itemBlocks(item: ItemView, view: MenuView): RootContent[] {
  const t = view.labels;
  const price: Inline[] = [item.price];
  if (item.compareAtPrice) price.push(` (${t.was} `, del(item.compareAtPrice), ")");
  const out: RootContent[] = [heading(4, item.name.text, " — ", ...price)];
  if (item.description) out.push(paragraph(item.description.text));
  const facts: Inline[][] = [];
  if (!item.available) facts.push([strong(t.unavailable)]);
  if (item.badge) facts.push([`${t.badge}: `, item.badge.text]);
  if (item.variants.length) facts.push([`${t.variants}: `, ...join(item.variants.map((v) => [`${v.name} ${v.price}`]), "; ")]);
  const comma = listSeparator(t.lang);
  facts.push(item.allergens.length ? [`${t.allergens}: `, item.allergens.map((a) => a.label).join(comma)] : [`${t.allergens}: ${t.noneDeclared}`]);
  if (item.tags.length) facts.push([`${t.dietaryTags}: `, item.tags.map((tag) => tag.label).join(comma)]);
  if (item.nutrition.length) facts.push([`${t.nutrition}: `, item.nutrition.map((n) => `${n.name} ${n.value}`).join(", ")]);
  if (item.name.lang !== view.lang) {
    facts.push([fill(t.notTranslated, { language: view.languages.find((l) => l.code === item.name.lang)?.name ?? item.name.lang })]);
  }
  out.push(list(facts));
  return out;
}

function menuBlocks(view: MenuView): RootContent[] {
  const r = view.restaurant;
  const t = view.labels;
  const out: RootContent[] = [heading(1, view.name)];
  // Open or closed, in the restaurant's time zone, when the document was made (it is cached).
  if (view.openStatus) out.push(paragraph(strong(view.openStatus.text), ` (${fill(t.status.asOf, { time: view.openStatus.asOf })})`));
  if (view.description) out.push(paragraph(view.description));
  // The labels of this document are in t.lang; when that is not the page's language, say so.
  if (t.fallback) out.push(paragraph(emphasis(t.fallback)));

  const facts: Inline[][] = [];
  if (view.cuisine) facts.push([`${t.cuisine}: `, view.cuisine.text]);
  if (view.address) facts.push([`${t.address}: `, view.address]);
  if (r.contact.phone) facts.push([`${t.phone}: `, r.contact.phone]);
  if (r.contact.latitude !== null && r.contact.longitude !== null) facts.push([`${t.coordinates}: ${r.contact.latitude}, ${r.contact.longitude}`]);
  facts.push([fill(t.pricesIn, { currency: r.currency })]);
  for (const rating of view.ratings) {
    const reviews = rating.reviewCount !== null ? ` (${fill(t.reviews, { count: rating.reviewCount.toLocaleString(t.lang) })})` : "";
    facts.push([`${rating.label}: ${fill(t.outOf5, { rating: rating.rating.toLocaleString(t.lang) })}${reviews}`]);
  }
  facts.push([
    `${t.languages}: `,
    ...join(
      view.languages.map((l) => (l.current ? [`${l.name} (${t.thisDocument})`] : [link(l.markdownUrl, l.name)])),
      ", ",
    ),
  ]);
  out.push(list(facts));

  out.push(heading(2, t.openingHours));
  if (view.openingHours) {
    out.push(table([t.day, t.hours], view.openingHours.map((d) => [d.label, d.hours ? `${d.hours}${d.overnight ? ` ${t.nextDay}` : ""}` : t.closed])));
  } else {
    out.push(paragraph(t.notPublished));
  }

  out.push(heading(2, t.menu));
  if (view.categories.length === 0) out.push(paragraph(t.noDishes));
  for (const category of view.categories) {
    out.push(heading(3, category.name.text));
    if (category.description) out.push(paragraph(category.description.text));
    if (category.items.length === 0) out.push(paragraph(t.noDishesInSection));
    for (const item of category.items) out.push(...itemBlocks(item, view));
  }

  out.push(heading(2, t.allergenKey));
  out.push(
    paragraph(
      t.allergenKeyText,
      view.allergensPresent.length ? view.allergensPresent.map((a) => a.label).join(listSeparator(t.lang)) : t.noneDeclared,
      ". ",
      t.askTraces,
    ),
  );
  out.push(paragraph(t.dataAsJson, link(siteUrls.restaurantApi(view.slug)), "."));
  out.push(attribution(view.url));
  return out;
}

// ————— everything else —————

function bodyOf(page: PageData, meta: PageMeta): RootContent[] {
  switch (page.id) {
    case "restaurant":
    case "restaurantLanguage":
      return menuBlocks(page.data);

    case "home": {
      const d = page.data;
      return [
        heading(1, SITE_NAME),
        paragraph(SITE_SUMMARY),
        heading(2, "Search"),
        paragraph(
          `${d.totalRestaurants} published restaurants. Search by name, city or cuisine: `,
          code(`${md(siteUrls.search())}?q=…&city=…&cuisine=…`),
          " (the same parameters as ",
          link(`${siteUrls.apiIndex()}/restaurants`, "the search API"),
          "). Dishes across every menu, by diet, allergens to leave out and price: ",
          link(md(siteUrls.dishes()), "dish search"),
          ".",
        ),
        heading(2, "Featured restaurants"),
        ...(d.featured.length ? [linesOf(d.featured, d.facts)] : [paragraph("No published restaurants yet.")]),
        heading(2, "Countries"),
        ...(d.locations.countries.length
          ? [
              list(
                d.locations.countries.map((c) => {
                  const cities = d.locations.cities.filter((x) => x.country === c.slug);
                  return [link(md(c.url), c.name), ...(cities.length ? [": ", ...join(cities.map((x) => [link(md(x.url), cityText(x))]), ", ")] : [])];
                }),
              ),
            ]
          : [paragraph("No countries yet.")]),
        heading(2, "Cuisines"),
        ...(d.cuisines.length ? [list(d.cuisines.map((c) => [link(md(c.url), c.name), `: ${c.tagline}`]))] : [paragraph("No cuisines yet.")]),
        heading(2, "More"),
        list([
          [link(md(siteUrls.pricing()), "Plans and pricing"), " — for restaurant owners"],
          [link(md(siteUrls.apiDocs()), "API for developers"), " — JSON API, Markdown twins, MCP tool server"],
          [link(siteUrls.apiReference(), "Interactive API reference"), " — rendered from ", link(siteUrls.openApi(), "the OpenAPI 3.1 description")],
          [link(siteUrls.llmsIndex(), "Index of every Markdown page")],
        ]),
        attribution(meta.canonical),
      ];
    }

    case "search": {
      const d = page.data;
      const out: RootContent[] = [heading(1, meta.title)];
      const filters = filterLines(d.query, { q: "Text", city: "City", cuisine: "Cuisine", ...GEO_TIME_LABELS });
      if (filters.length) out.push(list(filters));
      if (d.corrected) out.push(correctedLine(d.corrected));
      const dishes: RootContent[] = [];
      if (d.dishes) {
        // The dishes the words found (the page lists them too), and where all of them are.
        const r = d.dishes.response;
        const total = `${r.total}${r.totalCapped ? "+" : ""}`;
        dishes.push(heading(2, `${d.dishes.heading}: ${total} ${r.total === 1 && !r.totalCapped ? "dish" : "dishes"}`));
        if (r.results.length) dishes.push(list(r.results.map(dishLine)));
        if (r.total > r.results.length) dishes.push(paragraph(link(md(d.dishes.moreUrl), `All ${total} dishes`), "."));
      }
      // As the page: the dishes first, without "0 restaurants", when only dishes have the words.
      if ((d.response?.total ?? 0) === 0 && (d.dishes?.response.total ?? 0) > 0) out.push(...dishes);
      else out.push(...resultBlocks(d, "restaurant", "restaurants", (r) => restaurantLine(r, d.facts[r.slug])), ...dishes);
      out.push(
        paragraph(
          "Parameters: ",
          code("q"),
          " (name, description or slug; a diet word or a city in it is read as that filter, and the dishes it finds are listed too), ",
          code("city"),
          " and ",
          code("cuisine"),
          " (name or slug), ",
          code("near"),
          " (latitude,longitude) with ",
          code("radiusKm"),
          ", ",
          code("openNow=true"),
          " or ",
          code("openAt"),
          ", and ",
          code("cursor"),
          " (the next page's link carries it).",
        ),
      );
      out.push(attribution(meta.canonical));
      return out;
    }

    case "dishes": {
      const d = page.data;
      const out: RootContent[] = [heading(1, meta.title)];
      out.push(paragraph(strong("Allergens:"), " ", ALLERGEN_NOTICE));
      const filters = filterLines(d.query, {
        q: "Text",
        city: "City",
        cuisine: "Cuisine",
        diet: "Diet (all of)",
        excludeAllergens: "Leaving out dishes that declare",
        maxPrice: "At most",
        currency: "Currency",
        ...GEO_TIME_LABELS,
      });
      if (filters.length) out.push(list(filters));
      if (d.corrected) out.push(correctedLine(d.corrected));
      out.push(...resultBlocks(d, "dish", "dishes", dishLine));
      out.push(
        paragraph(
          "The same search as JSON: ",
          link(`${siteUrls.apiIndex()}/dishes${new URL(d.firstUrl).search}`),
          ". Parameters (as the API's): ",
          code("q"),
          ", ",
          code("city"),
          ", ",
          code("cuisine"),
          ", ",
          code("diet"),
          " and ",
          code("excludeAllergens"),
          " (comma lists), ",
          code("maxPrice"),
          " with ",
          code("currency"),
          ", ",
          code("near"),
          " with ",
          code("radiusKm"),
          ", ",
          code("openNow"),
          " or ",
          code("openAt"),
          ", ",
          code("cursor"),
          ".",
        ),
      );
      out.push(attribution(meta.canonical));
      return out;
    }

    case "locations": {
      const d = page.data;
      return [
        heading(1, meta.title),
        ...(d.countries.length
          ? d.countries.flatMap((c): RootContent[] => {
              const cities = d.cities.filter((x) => x.country === c.slug);
              return [
                heading(2, link(md(c.url), c.name)),
                cities.length ? list(cities.map((x) => [link(md(x.url), cityText(x)), x.diningScene ? ` — ${x.diningScene}` : ""])) : paragraph("No cities yet."),
              ];
            })
          : [paragraph("No countries yet.")]),
        attribution(meta.canonical),
      ];
    }

    case "country": {
      const d = page.data;
      const out: RootContent[] = [heading(1, meta.title)];
      if (d.cities.length === 0) out.push(paragraph("No cities yet."));
      for (const city of d.cities) {
        out.push(heading(2, link(md(city.url), cityText(city))));
        if (city.diningScene) out.push(paragraph(city.diningScene));
        out.push(...listingBlocks(city.listing, "No published restaurants yet."));
      }
      out.push(paragraph(link(md(siteUrls.locations()), "All countries")));
      out.push(attribution(meta.canonical));
      return out;
    }

    case "city": {
      const d = page.data;
      return [
        heading(1, meta.title),
        ...(d.city.diningScene ? [paragraph(d.city.diningScene)] : []),
        heading(2, "Restaurants"),
        ...listingBlocks(d.listing, "No published restaurants yet."),
        paragraph("Country: ", link(md(d.country.url), d.country.name)),
        attribution(meta.canonical),
      ];
    }

    case "cuisines":
      return [
        heading(1, meta.title),
        page.data.cuisines.length
          ? list(page.data.cuisines.map((c) => [link(md(c.url), c.namePlural), `: ${c.tagline}`]))
          : paragraph("No cuisines yet."),
        attribution(meta.canonical),
      ];

    case "cuisine": {
      const d = page.data;
      return [
        heading(1, d.cuisine.namePlural),
        paragraph(d.cuisine.tagline),
        heading(2, "Restaurants"),
        ...listingBlocks(d.listing, "No published restaurants yet."),
        paragraph(link(md(siteUrls.cuisines()), "All cuisines")),
        attribution(meta.canonical),
      ];
    }

    case "plans": {
      const d = page.data;
      const limit = (n: number | null) => (n === null ? "Unlimited" : String(n));
      const money = (n: number) => `${n} ${d.plans[0]?.priceCurrency ?? "EUR"}`;
      const out: RootContent[] = [heading(1, meta.title), paragraph(d.note), paragraph(d.trial, ".")];
      out.push(
        table(
          ["", ...d.plans.map((p) => p.name)],
          [
            ["Monthly", ...d.plans.map((p) => money(p.pricing.monthly))],
            ["Yearly", ...d.plans.map((p) => `${money(p.pricing.yearly)} (${money(p.pricing.yearlyPerMonth)} per month)`)],
            ["Lifetime", ...d.plans.map((p) => money(p.pricing.lifetime))],
            ["Restaurants", ...d.plans.map((p) => limit(p.limits.restaurants))],
            ["Menu items", ...d.plans.map((p) => limit(p.limits.menuItems))],
            ["Languages", ...d.plans.map((p) => limit(p.limits.languages))],
            ["AI generations per month", ...d.plans.map((p) => limit(p.limits.aiGenerationsPerMonth))],
            ["AI translations per month", ...d.plans.map((p) => limit(p.limits.aiTranslationsPerMonth))],
            ["Service branding on the menu", ...d.plans.map((p) => (p.showsServiceBranding ? "Yes" : "No"))],
          ],
        ),
      );
      for (const plan of d.plans) {
        out.push(heading(2, plan.name), paragraph(plan.description), list(plan.features.map((f) => [f])));
      }
      out.push(
        heading(2, "Sign up"),
        paragraph(
          "Restaurant owners sign up and edit their menus in the dashboard; this site and its API are read-only. Start at ",
          link(d.signUpUrl),
          ".",
        ),
        paragraph("The same data as JSON: ", link(`${siteUrls.apiIndex()}/plans`), "."),
      );
      return out;
    }

    case "developers":
      // One Markdown source for the page and its twin: parsed back into mdast for llms-full.txt.
      return remark().use(remarkGfm).parse(developersGuide(page.data, meta.title)).children;
  }
}

const isMenu = (page: PageData): page is PageData<"restaurant" | "restaurantLanguage"> => page.id === "restaurant" || page.id === "restaurantLanguage";

/** The whole Markdown document of a page, front matter first. */
export function pageMarkdown(page: PageData, meta: PageMeta): string {
  const fields = {
    title: meta.title,
    description: meta.description,
    canonical: meta.canonical,
    language: meta.language,
    updated: meta.updated,
  };
  // The developers guide is served as written (lib/content/developers-guide.ts).
  if (page.id === "developers") return `${frontMatter(fields)}\n${developersGuide(page.data, meta.title)}`;
  return renderDocument(
    {
      ...fields,
      // A menu whose language has no labels of its own says which language they fall back to.
      ...(isMenu(page) && page.data.labels.fallback ? { labelsLanguage: page.data.labels.lang } : {}),
    },
    bodyOf(page, meta),
  );
}

/** The body alone (no front matter), for llms-full.txt. */
export function pageMarkdownSection(page: PageData, meta: PageMeta): RootContent[] {
  return bodyOf(page, meta);
}

/** 404 in Markdown: unknown paths, unknown or unpublished restaurants. */
export function notFoundMarkdown(canonical: string): string {
  return renderDocument(
    // No "updated": a page that does not exist has no date (not 1970-01-01).
    { title: "Page not found", description: "There is no published page at this address.", canonical, language: "en" },
    [
      heading(1, "Page not found"),
      paragraph("There is no published page at this address. Restaurants whose menu is not published are not shown."),
      list([
        [link(siteUrls.llmsIndex(), "Every Markdown page")],
        [link(md(siteUrls.search()), "Search restaurants")],
        [link(md(siteUrls.dishes()), "Search dishes")],
      ]),
    ],
  );
}
