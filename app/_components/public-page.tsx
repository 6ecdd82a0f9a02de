// Every public page but the menus, dispatched on the route id of the loaded page data (the menus are
// app/_components/menu-page.tsx, through app/_lib/menu-page-route.tsx). The Markdown twin of each
// is lib/markdown/pages.ts, built from the same PageData.
import { SITE_SUMMARY, type DishesBlock, type PageData, type PageDataById, type PageMeta } from "@/lib/pages/page-data";
import { DEVELOPERS_HEADING_IDS, developersGuide } from "@/lib/content/developers-guide";
import { markdownToHtml } from "@/lib/markdown/to-html";
import { DishCards, DishesPage } from "./dishes-page";
import { cityName } from "@/lib/i18n/place-names";
import { LISTING_LANGUAGE } from "@/lib/pages/listing-facts";
import { rel } from "@/lib/site-urls";
import { CorrectedNote, Listing, NameText, PageFooter, RestaurantCards, SearchForm, SearchResults } from "./shared";

export function PublicPage({ page, meta }: { page: PageData; meta: PageMeta }) {
  switch (page.id) {
    case "restaurant":
    case "restaurantLanguage":
      throw new Error(`a site route loaded a ${page.id} page (menus render through menuPageRoute)`);
    case "home":
      return <HomePage data={page.data} meta={meta} />;
    case "search":
      return <SearchPage data={page.data} meta={meta} />;
    case "dishes":
      return <DishesPage data={page.data} meta={meta} />;
    case "locations":
      return <LocationsPage data={page.data} meta={meta} />;
    case "country":
      return <CountryPage data={page.data} meta={meta} />;
    case "city":
      return <CityPage data={page.data} meta={meta} />;
    case "cuisines":
      return <CuisinesPage data={page.data} meta={meta} />;
    case "cuisine":
      return <CuisinePage data={page.data} meta={meta} />;
    case "plans":
      return <PlansPage data={page.data} meta={meta} />;
    case "developers":
      return <DevelopersPage data={page.data} meta={meta} />;
  }
}

type Props<K extends keyof PageDataById> = { data: PageDataById[K]; meta: PageMeta };

function HomePage({ data, meta }: Props<"home">) {
  return (
    <main id="main" className="page">
      <section className="hero">
        <div className="wrap">
          <h1>Find a menu. Know what is in it.</h1>
          <p className="lead">{SITE_SUMMARY}</p>
          <SearchForm id="home-search" countries={data.locations.countries} cities={data.locations.cities} cuisines={data.cuisines} large />
        </div>
      </section>
      <div className="wrap">
        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading">Featured restaurants</h2>
          {data.featured.length ? <RestaurantCards results={data.featured} facts={data.facts} /> : <p className="empty">No published restaurants yet.</p>}
          {data.totalRestaurants > data.featured.length && (
            <p>
              <a href="/search">All {data.totalRestaurants} restaurants</a>
            </p>
          )}
        </section>
        <div className="two-col">
          <section aria-labelledby="countries-heading">
            <h2 id="countries-heading">Countries</h2>
            {data.locations.countries.length ? (
              <ul className="plain-list">
                {data.locations.countries.map((c) => {
                  const cities = data.locations.cities.filter((x) => x.country === c.slug);
                  return (
                    <li key={c.slug}>
                      <a href={rel(c.url)}>{c.name}</a>
                      {cities.length > 0 && (
                        <>
                          {": "}
                          {cities.map((x, i) => (
                            <span key={x.slug}>
                              {i > 0 && ", "}
                              <a href={rel(x.url)}>
                                <NameText name={cityName(x, LISTING_LANGUAGE)} />
                              </a>
                            </span>
                          ))}
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="empty">No countries yet.</p>
            )}
          </section>
          <section aria-labelledby="cuisines-heading">
            <h2 id="cuisines-heading">Cuisines</h2>
            {data.cuisines.length ? (
              <ul className="chips">
                {data.cuisines.map((c) => (
                  <li key={c.slug}>
                    <a href={rel(c.url)}>{c.name}</a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty">No cuisines yet.</p>
            )}
          </section>
        </div>
        <section aria-labelledby="more-heading" className="more">
          <h2 id="more-heading">Restaurant owners and developers</h2>
          <ul className="plain-list">
            <li>
              <a href="/dishes">Dish search</a> — dishes across every menu by diet, allergens to leave out, price, distance and opening time.
            </li>
            <li>
              <a href="/plans">Plans and pricing</a> — put your menu online with allergens and translations.
            </li>
            <li>
              <a href="/developers">API for developers</a> — the same data as JSON, Markdown and an MCP tool server; no API key.
            </li>
            <li>
              <a href="/docs/api">Interactive API reference</a> — every endpoint, parameter and error, from the OpenAPI 3.1 description.
            </li>
          </ul>
        </section>
        <PageFooter markdownUrl={meta.markdownUrl} />
      </div>
    </main>
  );
}

function SearchPage({ data, meta }: Props<"search">) {
  const dishes = data.dishes;
  const restaurantsFound = (data.response?.total ?? 0) > 0;
  const dishesFound = (dishes?.response.total ?? 0) > 0;
  // The dishes the words found come first when no restaurant matches ("karaage"), else after the
  // restaurants; "0 restaurants" is then left out: the words are in dishes, not in restaurant names.
  const dishBlock = dishes && <SearchDishes block={dishes} />;
  const searched = Object.values(data.query).some(Boolean);
  return (
    <main id="main" className={searched ? "wrap page results-page" : "wrap page"}>
      <h1>{meta.title}</h1>
      <SearchForm id="search" query={data.query} countries={data.locations.countries} cities={data.locations.cities} cuisines={data.cuisines} geoTime />
      {data.corrected && <CorrectedNote corrected={data.corrected} />}
      {!restaurantsFound && dishBlock}
      {(restaurantsFound || !dishesFound) && (
        <SearchResults data={data} one="restaurant" many="restaurants">
          {(r) => (r.results.length ? <RestaurantCards results={r.results} facts={data.facts} /> : <p className="empty">No restaurant matches. Try fewer words or another city.</p>)}
        </SearchResults>
      )}
      {restaurantsFound && dishBlock}
      <PageFooter markdownUrl={meta.markdownUrl} />
    </main>
  );
}

/** The dishes the search box's words found, with a link to all of them on /dishes. */
function SearchDishes({ block }: { block: DishesBlock }) {
  const r = block.response;
  const total = `${r.total}${r.totalCapped ? "+" : ""}`;
  return (
    <section aria-labelledby="dish-results-heading" className="search-dishes">
      <h2 id="dish-results-heading" className="results-count">
        {block.heading}: {total} {r.total === 1 && !r.totalCapped ? "dish" : "dishes"}
      </h2>
      {r.results.length ? <DishCards dishes={r.results} /> : <p className="empty">No dish matches.</p>}
      {r.total > r.results.length && (
        <p>
          <a href={rel(block.moreUrl)}>
            All {total} dishes, with filters for allergens, price and distance
          </a>
        </p>
      )}
    </section>
  );
}

function LocationsPage({ data, meta }: Props<"locations">) {
  return (
    <main id="main" className="wrap page">
      <h1>{meta.title}</h1>
      {data.countries.length === 0 && <p className="empty">No countries yet.</p>}
      {data.countries.map((c) => {
        const cities = data.cities.filter((x) => x.country === c.slug);
        return (
          <section key={c.slug} aria-labelledby={`country-${c.slug}`}>
            <h2 id={`country-${c.slug}`}>
              <a href={rel(c.url)}>{c.name}</a>
            </h2>
            {cities.length ? (
              <ul className="plain-list">
                {cities.map((x) => (
                  <li key={x.slug}>
                    <a href={rel(x.url)}>
                      <NameText name={cityName(x, LISTING_LANGUAGE)} />
                    </a>
                    {x.diningScene && <> — {x.diningScene}</>}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty">No cities yet.</p>
            )}
          </section>
        );
      })}
      <PageFooter markdownUrl={meta.markdownUrl} />
    </main>
  );
}

function CountryPage({ data, meta }: Props<"country">) {
  return (
    <main id="main" className="wrap page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <a href="/locations">Locations</a> › <span aria-current="page">{data.country.name}</span>
      </nav>
      <h1>{meta.title}</h1>
      {data.cities.length === 0 && <p className="empty">No cities yet.</p>}
      {data.cities.map((city) => (
        <section key={city.slug} aria-labelledby={`city-${city.slug}`}>
          <h2 id={`city-${city.slug}`}>
            <a href={rel(city.url)}>
              <NameText name={cityName(city, LISTING_LANGUAGE)} />
            </a>
          </h2>
          {city.diningScene && <p>{city.diningScene}</p>}
          <Listing block={city.listing} empty="No published restaurants yet." />
        </section>
      ))}
      <PageFooter markdownUrl={meta.markdownUrl} />
    </main>
  );
}

function CityPage({ data, meta }: Props<"city">) {
  const name = cityName(data.city, LISTING_LANGUAGE);
  return (
    <main id="main" className="wrap page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <a href="/locations">Locations</a> › <a href={rel(data.country.url)}>{data.country.name}</a> ›{" "}
        <span aria-current="page">
          <NameText name={name} />
        </span>
      </nav>
      {/* meta.title's words, with the city's name marked when it is not in the page's language */}
      <h1>
        Restaurants in <NameText name={name} />, {data.country.name}
      </h1>
      {data.city.diningScene && <p className="lead">{data.city.diningScene}</p>}
      <section aria-labelledby="city-restaurants">
        <h2 id="city-restaurants">Restaurants</h2>
        <Listing block={data.listing} empty="No published restaurants yet." />
      </section>
      <PageFooter markdownUrl={meta.markdownUrl} />
    </main>
  );
}

function CuisinesPage({ data, meta }: Props<"cuisines">) {
  return (
    <main id="main" className="wrap page">
      <h1>{meta.title}</h1>
      {data.cuisines.length ? (
        <ul className="cards">
          {data.cuisines.map((c) => (
            <li key={c.slug} className="card">
              <h2 className="card-title">
                <a href={rel(c.url)}>{c.namePlural}</a>
              </h2>
              <p className="card-desc">{c.tagline}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No cuisines yet.</p>
      )}
      <PageFooter markdownUrl={meta.markdownUrl} />
    </main>
  );
}

function CuisinePage({ data, meta }: Props<"cuisine">) {
  return (
    <main id="main" className="wrap page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <a href="/cuisines">Cuisines</a> › <span aria-current="page">{data.cuisine.name}</span>
      </nav>
      <h1>{data.cuisine.namePlural}</h1>
      <p className="lead">{data.cuisine.tagline}</p>
      <section aria-labelledby="cuisine-restaurants">
        <h2 id="cuisine-restaurants">Restaurants</h2>
        <Listing block={data.listing} empty="No published restaurants yet." />
      </section>
      <PageFooter markdownUrl={meta.markdownUrl} />
    </main>
  );
}

function PlansPage({ data, meta }: Props<"plans">) {
  const limit = (n: number | null) => (n === null ? "Unlimited" : n.toLocaleString("en"));
  const money = (n: number, currency: string) => new Intl.NumberFormat("en", { style: "currency", currency }).format(n);
  return (
    <main id="main" className="wrap page">
      <h1>{meta.title}</h1>
      <p className="lead">{data.trial}.</p>
      <div className="plans">
        {data.plans.map((plan) => (
          <section key={plan.id} className="plan" aria-labelledby={`plan-${plan.id}`}>
            <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
            <p className="plan-price">
              <span className="price">{money(plan.pricing.monthly, plan.priceCurrency)}</span> per month
            </p>
            <p className="plan-alt">
              or {money(plan.pricing.yearly, plan.priceCurrency)} per year ({money(plan.pricing.yearlyPerMonth, plan.priceCurrency)} per month) · lifetime{" "}
              {money(plan.pricing.lifetime, plan.priceCurrency)}
            </p>
            <p>{plan.description}</p>
            <ul className="features">
              {plan.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="table-scroll" role="region" aria-labelledby="limits-heading" tabIndex={0}>
        <table className="limits">
          <caption id="limits-heading">Limits the service enforces</caption>
          <thead>
            <tr>
              <th scope="col">Limit</th>
              {data.plans.map((p) => (
                <th key={p.id} scope="col">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(
              [
                ["Restaurants", "restaurants"],
                ["Menu items", "menuItems"],
                ["Languages", "languages"],
                ["AI generations per month", "aiGenerationsPerMonth"],
                ["AI translations per month", "aiTranslationsPerMonth"],
              ] as const
            ).map(([label, key]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {data.plans.map((p) => (
                  <td key={p.id}>{limit(p.limits[key])}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Service branding on the menu</th>
              {data.plans.map((p) => (
                <td key={p.id}>{p.showsServiceBranding ? "Yes" : "No"}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="hint">{data.note}</p>
      <section id="sign-up" aria-labelledby="sign-up-heading" className="callout">
        <h2 id="sign-up-heading">Sign up</h2>
        <p>
          Restaurant owners sign up and edit their menus in the dashboard — this site and its API are read-only and only publish what owners have
          published. Start with the free plan or the {data.trial.toLowerCase()}.
        </p>
        {!data.signUpUrl.endsWith("/plans#sign-up") ? (
          <p>
            <a className="button" href={data.signUpUrl}>
              Go to the dashboard
            </a>
          </p>
        ) : null}
      </section>
      <PageFooter markdownUrl={meta.markdownUrl}>
        <a href="/api/public/plans" type="application/json">
          JSON
        </a>{" "}
        ·{" "}
      </PageFooter>
    </main>
  );
}

function DevelopersPage({ data, meta }: Props<"developers">) {
  // One Markdown source for this page and its twin (lib/content/developers-guide.ts); raw HTML in
  // it is dropped by the renderer, never passed through.
  const html = markdownToHtml(developersGuide(data, meta.title), { headingIds: DEVELOPERS_HEADING_IDS });
  return (
    <main id="main" className="wrap page prose">
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <PageFooter markdownUrl={meta.markdownUrl} />
    </main>
  );
}
