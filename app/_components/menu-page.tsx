// The restaurant menu page: profile, contact, opening hours, ratings, language switcher, and the
// menu with prices, compare-at prices, variants, badges, dietary tags, allergens and availability.
import type { MenuView } from "@/lib/pages/menu-view";
import { restaurantJsonLd, serializeJsonLd } from "@/lib/seo/json-ld";
import { FilterableDish, FilterableSection, MenuFilter } from "./menu-filter";
import { OpeningHours } from "./opening-hours";
import { PageFooter, rel } from "./shared";

export function MenuPage({ view }: { view: MenuView }) {
  const r = view.restaurant;
  const dishes = view.categories.flatMap((c) => c.items.map((i) => ({ allergens: i.allergens.map((a) => a.code), diets: i.diets, available: i.available })));
  const mapUrl =
    r.contact.latitude !== null && r.contact.longitude !== null
      ? `https://www.openstreetmap.org/?mlat=${r.contact.latitude}&mlon=${r.contact.longitude}#map=17/${r.contact.latitude}/${r.contact.longitude}`
      : null;
  const updated = new Date(view.updatedAt);

  return (
    <main id="main" className="wrap page menu-page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(restaurantJsonLd(view)) }} />
      <header className="restaurant-header">
        {r.images.banner && <img className="banner" src={r.images.banner} alt="" width={1200} height={400} fetchPriority="high" />}
        <div className="restaurant-title">
          {r.images.logo && <img className="logo" src={r.images.logo} alt={`${view.name} logo`} width={72} height={72} />}
          <div>
            <h1 lang={view.defaultLanguage}>{view.name}</h1>
            {(r.cuisine || r.contact.city) && (
              <p className="restaurant-kind">{[r.cuisine, [r.contact.city, r.contact.country].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}</p>
            )}
          </div>
        </div>
        {view.description && (
          <p className="restaurant-desc" lang={view.defaultLanguage}>
            {view.description}
          </p>
        )}
      </header>

      {view.languages.length > 1 && (
        <nav className="language-switcher" aria-label="Menu language">
          <span className="language-switcher-label">Menu language:</span>
          <ul>
            {view.languages.map((l) => (
              <li key={l.code}>
                <a href={rel(l.url)} hrefLang={l.code} lang={l.code} aria-current={l.current ? "page" : undefined}>
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="restaurant-info">
        <section aria-labelledby="contact-heading" className="info-block">
          <h2 id="contact-heading">Contact</h2>
          <dl className="facts">
            {view.address && (
              <div className="facts-row">
                <dt>Address</dt>
                <dd>
                  {view.address}
                  {mapUrl && (
                    <>
                      {" "}
                      (<a href={mapUrl} rel="noopener noreferrer">map</a>)
                    </>
                  )}
                </dd>
              </div>
            )}
            {r.contact.phone && (
              <div className="facts-row">
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${r.contact.phone.replace(/[^\d+]/g, "")}`}>{r.contact.phone}</a>
                </dd>
              </div>
            )}
            <div className="facts-row">
              <dt>Prices in</dt>
              <dd>{r.currency}</dd>
            </div>
            {view.ratings.map((rating) => (
              <div key={rating.provider} className="facts-row">
                <dt>{rating.label}</dt>
                <dd>
                  <span className="rating">{rating.rating.toFixed(1)}</span> out of 5
                  {rating.reviewCount !== null && <> ({rating.reviewCount.toLocaleString("en")} reviews)</>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="hours-heading" className="info-block">
          <h2 id="hours-heading">Opening hours</h2>
          {view.openingHours ? <OpeningHours days={view.openingHours} /> : <p>Not published.</p>}
        </section>
      </div>

      <section aria-labelledby="menu-heading" className="menu" lang={view.lang}>
        <h2 id="menu-heading" lang="en">
          Menu
        </h2>
        {view.categories.length === 0 ? (
          <p lang="en">No dishes published yet.</p>
        ) : (
          <MenuFilter allergens={view.allergensPresent} diets={view.dietsPresent} dishes={dishes}>
            {view.categories.map((category, ci) => (
              <FilterableSection
                key={ci}
                className="menu-section"
                labelledBy={`cat-${ci}`}
                dishes={category.items.map((i) => ({ allergens: i.allergens.map((a) => a.code), diets: i.diets, available: i.available }))}
              >
                <h3 id={`cat-${ci}`} lang={category.name.lang}>
                  {category.name.text}
                </h3>
                {category.description && (
                  <p className="section-desc" lang={category.description.lang}>
                    {category.description.text}
                  </p>
                )}
                <ul className="dishes">
                  {category.items.map((item, ii) => (
                    <FilterableDish
                      key={ii}
                      className={item.available ? "dish" : "dish is-unavailable"}
                      allergens={item.allergens.map((a) => a.code)}
                      diets={item.diets}
                      available={item.available}
                    >
                      <div className="dish-head">
                        <h4 className="dish-name" lang={item.name.lang}>
                          {item.name.text}
                        </h4>
                        <p className="dish-price">
                          <span className="price">{item.price}</span>
                          {item.compareAtPrice && (
                            <>
                              {" "}
                              <span className="visually-hidden">instead of</span>
                              <s className="compare-at">{item.compareAtPrice}</s>
                            </>
                          )}
                        </p>
                      </div>
                      {(item.badge || !item.available) && (
                        <p className="dish-flags">
                          {!item.available && (
                            <span className="flag flag-unavailable" lang="en">
                              Currently unavailable
                            </span>
                          )}
                          {item.badge && <span className="flag flag-badge">{item.badge}</span>}
                        </p>
                      )}
                      {item.description && (
                        <p className="dish-desc" lang={item.description.lang}>
                          {item.description.text}
                        </p>
                      )}
                      {item.variants.length > 0 && (
                        <ul className="variants" aria-label="Sizes and prices">
                          {item.variants.map((v, vi) => (
                            <li key={vi}>
                              {v.name} <span className="price">{v.price}</span>
                            </li>
                          ))}
                        </ul>
                      )}
                      {item.tags.length > 0 && (
                        <ul className="tags" aria-label="Dietary tags" lang="en">
                          {item.tags.map((t) => (
                            <li key={t.code} className={`tag tag-${t.code}`}>
                              {t.label}
                            </li>
                          ))}
                        </ul>
                      )}
                      <p className="allergens" lang="en">
                        {item.allergens.length > 0 ? (
                          <>
                            <strong>Allergens:</strong> {item.allergens.map((a) => a.label).join(", ")}
                          </>
                        ) : (
                          <>No allergens declared</>
                        )}
                      </p>
                      {item.nutrition.length > 0 && (
                        <p className="nutrition" lang="en">
                          {item.nutrition.map((n) => `${n.name} ${n.value}`).join(" · ")}
                        </p>
                      )}
                      {item.imageUrl && <img className="dish-img" src={item.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />}
                    </FilterableDish>
                  ))}
                </ul>
              </FilterableSection>
            ))}
          </MenuFilter>
        )}
        <p className="allergen-note" lang="en">
          Allergens are the 14 that EU Regulation 1169/2011 requires menus to declare. Ask the staff about traces.
        </p>
      </section>

      <PageFooter markdownUrl={view.markdownUrl}>
        Menu updated <time dateTime={view.updatedAt}>{updated.toISOString().slice(0, 10)}</time> ·{" "}
        <a href={`/api/public/restaurants/${encodeURIComponent(view.slug)}`} type="application/json">
          JSON
        </a>{" "}
        ·{" "}
      </PageFooter>
    </main>
  );
}
