// The restaurant menu page: profile, contact, opening hours, ratings, language switcher, and the
// menu with prices, compare-at prices, variants, badges, dietary tags, allergens and availability.
import { fill } from "@/lib/i18n/menu-labels";
import { formatDay, listSeparator } from "@/lib/i18n/local-format";
import type { MenuView } from "@/lib/pages/menu-view";
import { restaurantJsonLd, serializeJsonLd } from "@/lib/seo/json-ld";
import { dishAnchor, rel } from "@/lib/site-urls";
import { MenuFilter } from "./menu-filter";
import { hidesDish, menuFilterQuery } from "@/lib/pages/menu-view-filter";
import { DAY_KEYS } from "@/lib/search/opening-hours";
import { CategoryBar } from "./category-bar";
import { OpenStatus } from "./open-status";
import { OpeningHours } from "./opening-hours";
import { ShareButton } from "./share-button";
import { DirectionsLink } from "./directions-link";
import { LanguageHint, type LanguageOffer } from "./language-hint";
import { MenuSearch } from "./menu-search";
import { menuInLanguage } from "@/lib/i18n/place-names";
import { plainText } from "@/lib/text/plain-text";

/** The menu's other languages, each with the hint's words in that language. */
function languageOffers(view: MenuView): LanguageOffer[] {
  return view.languages.flatMap((l) => {
    const words = l.current ? null : menuInLanguage(l.code);
    return words ? [{ code: l.code, url: rel(l.url), ...words }] : [];
  });
}

type MenuItemView = MenuView["categories"][number]["items"][number];

/** What the filter looks at in a dish. */
function dishFacts(item: MenuItemView) {
  return { allergens: item.allergens.map((a) => a.code), diets: item.diets, available: item.available };
}

export function MenuPage({ view }: { view: MenuView }) {
  const r = view.restaurant;
  const dishes = view.categories.flatMap((c) => c.items.map(dishFacts));
  const mapUrl =
    r.contact.latitude !== null && r.contact.longitude !== null
      ? `https://www.openstreetmap.org/?mlat=${r.contact.latitude}&mlon=${r.contact.longitude}#map=17/${r.contact.latitude}/${r.contact.longitude}`
      : null;
  // Every label below is in the page's language (or its fallback, view.labels.lang); the owner's
  // texts carry their own lang.
  const t = view.labels;
  const s = t.status;
  // The filter goes along to the menu in another language.
  const filterQuery = menuFilterQuery(view.filter);
  const filterSearch = filterQuery ? `?${filterQuery}` : "";

  const switcher = (
    <nav className="language-switcher" aria-label={t.menuLanguage.replace(/\s*[:：]$/, "")}>
      <span className="language-switcher-label">{t.menuLanguage}</span>
      <ul>
        {view.languages.map((l) => (
          <li key={l.code}>
            <a href={rel(l.url) + filterSearch} hrefLang={l.code} lang={l.code} aria-current={l.current ? "page" : undefined}>
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );

  // What a diner who scanned a table's QR code came for comes first: on a 390×844 phone the name,
  // the open/closed line, call and directions, then the sticky section bar and the first dishes
  // within the first screen. About, contact, hours and ratings follow the menu (beside it on wide
  // screens), one tap away from the status line (#hours).
  return (
    <main id="main" className="wrap page menu-page" lang={t.lang}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(restaurantJsonLd(view)) }} />
      <header className="restaurant-header">
        {view.imageSrc.banner && <img className="banner" src={view.imageSrc.banner} alt="" width={1200} height={400} fetchPriority="high" />}
        <div className="restaurant-title">
          {view.imageSrc.logo && <img className="logo" src={view.imageSrc.logo} alt={`${plainText(view.name)} logo`} width={72} height={72} />}
          <div>
            <h1 lang={view.defaultLanguage} dir="auto">
              {view.name}
            </h1>
            {(view.cuisine || view.city) && (
              <p className="restaurant-kind">
                {view.cuisine && <span lang={view.cuisine.lang ?? undefined}>{view.cuisine.text}</span>}
                {view.cuisine && view.city && " · "}
                {view.city && <span lang={view.city.lang ?? undefined}>{view.city.text}</span>}
                {view.city && (view.country ?? r.contact.country) && listSeparator(t.lang)}
                {view.country ?? r.contact.country}
              </p>
            )}
          </div>
        </div>
        <div className="essentials">
          {view.openStatus && r.openingHours && view.timeZone && (
            <OpenStatus
              hours={r.openingHours}
              timeZone={view.timeZone}
              labels={s}
              days={DAY_KEYS.map((d) => t.days[d])}
              locale={view.locale}
              open={view.openStatus.open}
              text={view.openStatus.text}
              from={view.openStatus.from}
              until={view.openStatus.until}
            />
          )}
          <div className="actions">
            {view.phoneHref && (
              <a className="action" href={view.phoneHref}>
                <span aria-hidden="true">✆</span> {s.call}
              </a>
            )}
            {view.directions && (
              <DirectionsLink links={view.directions}>
                <span aria-hidden="true">➜</span> {s.directions}
              </DirectionsLink>
            )}
            <ShareButton url={rel(view.url)} title={plainText(view.name)} label={s.share} copied={s.linkCopied} />
          </div>
        </div>
        {view.languages.length > 1 &&
          (view.lang === view.defaultLanguage ? (
            <LanguageHint current={view.lang} offers={languageOffers(view)}>
              {switcher}
            </LanguageHint>
          ) : (
            switcher
          ))}
      </header>

      {view.categories.length > 1 && (
        <CategoryBar
          label={s.sections}
          topLabel={s.backToTop}
          sections={view.categories.map((c, ci) => ({
            id: `cat-${ci}`,
            name: c.name.text,
            lang: c.name.lang,
            hidden: c.items.length > 0 && c.items.every((i) => hidesDish(dishFacts(i), view.filter)),
          }))}
        />
      )}

      <div className="menu-layout">
      <section id="menu" aria-labelledby="menu-heading" className="menu" lang={view.lang}>
        <h2 id="menu-heading" lang={t.lang}>
          {t.menu}
        </h2>
        {t.fallback && (
          <p className="label-fallback" lang={t.lang}>
            {t.fallback}
          </p>
        )}
        {view.categories.length === 0 ? (
          <p lang={t.lang}>{t.noDishes}</p>
        ) : (
          <>
            {/* One row for the find field (or the dishes' index) and the filter pill: a third
                dish still fits on a phone's first screen. */}
            <div className="menu-tools">
            <MenuSearch view={view} />
            <MenuFilter
              allergens={view.allergensPresent}
              diets={view.dietsPresent}
              total={dishes.length}
              initialHidden={dishes.filter((d) => hidesDish(d, view.filter)).length}
              initial={view.filter}
              action={rel(view.url)}
              labels={t.filter}
              allergenNames={t.allergenNames}
              dietNames={t.diets}
              lang={t.lang}
            />
            </div>
            {/* Server-rendered rows, never hydrated as components: the filter island hides them by
                their data attributes (app/_components/menu-filter.tsx). */}
            {view.categories.map((category, ci) => (
              <section
                key={ci}
                className="menu-section"
                aria-labelledby={`cat-${ci}`}
                hidden={category.items.length > 0 && category.items.every((i) => hidesDish(dishFacts(i), view.filter))}
              >
                <h3 id={`cat-${ci}`} lang={category.name.lang} dir="auto">
                  {category.name.text}
                </h3>
                {category.description && (
                  <p className="section-desc" lang={category.description.lang}>
                    {category.description.text}
                  </p>
                )}
                <ul className="dishes">
                  {category.items.map((item, ii) => (
                    <li
                      key={ii}
                      id={dishAnchor(ci, ii)}
                      className={item.available ? "dish" : "dish is-unavailable"}
                      hidden={hidesDish(dishFacts(item), view.filter)}
                      data-allergens={item.allergens.map((a) => a.code).join(" ")}
                      data-diets={item.diets.join(" ")}
                      data-available={item.available ? undefined : "false"}
                    >
                      <div className="dish-head">
                        <h4 className="dish-name" lang={item.name.lang} dir="auto">
                          {item.name.text}
                        </h4>
                        <p className="dish-price">
                          <span className="price">{item.price}</span>
                          {item.compareAtPrice && (
                            <>
                              {" "}
                              <span className="visually-hidden" lang={t.lang}>
                                {t.insteadOf}
                              </span>
                              <s className="compare-at">{item.compareAtPrice}</s>
                            </>
                          )}
                        </p>
                      </div>
                      {/* Beside the text, under the price (floated: the text flows under it). */}
                      {item.imageSrc && <img className="dish-img" src={item.imageSrc} alt="" width={96} height={96} loading="lazy" decoding="async" />}
                      {(item.badge || !item.available) && (
                        <p className="dish-flags">
                          {!item.available && (
                            <span className="flag flag-unavailable" lang={t.lang}>
                              {t.unavailable}
                            </span>
                          )}
                          {item.badge && (
                            <span className="flag flag-badge" lang={item.badge.lang ?? t.lang}>
                              {item.badge.text}
                            </span>
                          )}
                        </p>
                      )}
                      {item.description && (
                        <p className="dish-desc" lang={item.description.lang}>
                          {item.description.text}
                        </p>
                      )}
                      {item.variants.length > 0 && (
                        <ul className="variants" aria-label={t.sizesAndPrices} lang={t.lang}>
                          {item.variants.map((v, vi) => (
                            <li key={vi}>
                              <span lang={v.lang ?? undefined} dir="auto">{v.name}</span> <span className="price">{v.price}</span>
                            </li>
                          ))}
                        </ul>
                      )}
                      {item.tags.length > 0 && (
                        <ul className="tags" aria-label={t.dietaryTags} lang={t.lang}>
                          {item.tags.map((tag) => (
                            <li key={tag.code} className={`tag tag-${tag.code}`} lang={tag.lang ?? undefined}>
                              {tag.label}
                            </li>
                          ))}
                        </ul>
                      )}
                      <p className="allergens" lang={t.lang}>
                        {item.allergens.length > 0 ? (
                          <>
                            <strong>{t.allergens}:</strong> {item.allergens.map((a) => a.label).join(listSeparator(t.lang))}
                          </>
                        ) : (
                          <>{t.noAllergens}</>
                        )}
                      </p>
                      {item.nutrition.length > 0 && (
                        <p className="nutrition">
                          {item.nutrition.map((n) => `${n.name} ${n.value}`).join(" · ")}
                        </p>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
        {view.euAllergenRules && (
          <p className="allergen-note" lang={t.lang}>
            {t.allergenNote}
          </p>
        )}
      </section>

        <aside className="restaurant-info" aria-label={s.about}>
          {view.description && (
            <section aria-labelledby="about-heading" className="info-block">
              <h2 id="about-heading">{s.about}</h2>
              <p className="restaurant-desc" lang={view.defaultLanguage}>
                {view.description}
              </p>
            </section>
          )}
          <section aria-labelledby="hours-heading" className="info-block" id="hours">
            <h2 id="hours-heading">{t.openingHours}</h2>
            {view.openingHours ? (
              <OpeningHours
                days={view.openingHours}
                today={view.openStatus?.today ?? null}
                from={view.openStatus?.from ?? 0}
                until={view.openStatus?.until ?? 0}
                timeZone={view.timeZone}
                labels={{ caption: t.openingHoursByDay, today: t.today, closed: t.closed, nextDay: t.nextDay }}
              />
            ) : (
              <p>{t.notPublished}</p>
            )}
          </section>
          <section aria-labelledby="contact-heading" className="info-block">
            <h2 id="contact-heading">{t.contact}</h2>
            <dl className="facts">
              {view.address && (
                <div className="facts-row">
                  <dt>{t.address}</dt>
                  <dd>
                    {view.address}
                    {mapUrl && (
                      <>
                        {" "}
                        (<a href={mapUrl} rel="noopener noreferrer">{t.map}</a>)
                      </>
                    )}
                  </dd>
                </div>
              )}
              {r.contact.phone && view.phoneHref && (
                <div className="facts-row">
                  <dt>{t.phone}</dt>
                  <dd>
                    <a href={view.phoneHref}>{r.contact.phone}</a>
                  </dd>
                </div>
              )}
              {view.ratings.map((rating) => (
                <div key={rating.provider} className="facts-row">
                  <dt>{rating.label}</dt>
                  <dd>
                    {fill(t.outOf5, { rating: rating.rating.toLocaleString(t.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
                    {rating.reviewCount !== null && <> ({fill(t.reviews, { count: rating.reviewCount.toLocaleString(t.lang) })})</>}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="prices-in">{fill(t.pricesIn, { currency: r.currency })}</p>
          </section>
        </aside>
      </div>

      <p className="back-to-top">
        <a href="#top">
          <span aria-hidden="true">↑</span> {s.backToTop}
        </a>
      </p>

      {/* The developer links (this menu as JSON and Markdown) are in the site footer, in the menu's language (app/_lib/menu-layout.tsx). */}
      <p className="page-footer">
        {t.menuUpdated} <time dateTime={view.updatedAt}>{formatDay(view.updatedAt, view.locale, view.timeZone)}</time>
      </p>
    </main>
  );
}
