// GET /og/{slug}.png – a menu's link-preview image (og:image, twitter:image): 1200×630 PNG
//
// Chat apps and social sites show a raster image, not an SVG: a restaurant whose banner is a
// raster image (JPEG, PNG, WebP) is previewed with it; every other menu links here (pageMeta in
// lib/pages/page-data.ts). The picture is drawn from the published menu (name, cuisine, place) by
// lib/og/preview-image.ts, with bundled fonts only (nothing is fetched while drawing). Bounded
// work: only a published slug is drawn (anything else is the JSON 404 of the API), the texts are
// cut to a fixed length, one size, drawn under the HTML renders' limiter (RENDER_CONCURRENCY at
// once), and sent with the menu's cache policy, so shared caches keep it as long as the page it previews.
import { ApiError } from "@/lib/http/api-errors";
import { errorResponse } from "@/lib/http/api-route";
import { CACHE_POLICIES } from "@/lib/http/cache-policy";
import { renderLimiter } from "@/lib/http/work-limiter";
import { getRestaurantMenu } from "@/lib/restaurants/get-restaurant-menu";
import { SITE_NAME } from "@/lib/pages/page-data";
import { cityName } from "@/lib/i18n/place-names";
import { renderPreviewPng } from "@/lib/og/preview-image";
import { plainText } from "@/lib/text/plain-text";

export const dynamic = "force-dynamic";

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const slug = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/.exec(file)?.[1];
  const notFound = () => errorResponse(new ApiError("not_found", `There is no preview image ${file}.`, { hint: "A published menu's image is /og/{slug}.png." }));
  if (!slug || slug.length > 80) return notFound();
  let menu;
  try {
    menu = await getRestaurantMenu({ slug });
  } catch (error) {
    return error instanceof ApiError && error.code === "not_found" ? notFound() : errorResponse(error);
  }
  // English like the rest of the image's words ("Italian · Munich, Germany").
  const city = menu.contact.city ? cityName(menu.contact.city, "en").text : null;
  const place = [menu.cuisine, [city, menu.contact.country].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
  const dishes = menu.categories.reduce((n, c) => n + c.items.length, 0);
  try {
    const png = await renderLimiter().run(() =>
      renderPreviewPng({
        // An image cannot isolate text: controls and bidi overrides are stripped, as in the page's title.
        name: cut(plainText(menu.name), 60),
        place: cut(plainText(place), 70),
        footer: `Menu · ${dishes} dishes · prices and allergens`,
        site: SITE_NAME,
        language: menu.defaultLanguage,
      }),
    );
    return new Response(png, {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": CACHE_POLICIES.menu,
        "Access-Control-Allow-Origin": "*",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
