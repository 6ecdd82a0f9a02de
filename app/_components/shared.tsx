// Small server components shared by the pages.
import { Fragment, type ReactNode } from "react";
import { cardPlace, LISTING_LANGUAGE, type CardFacts } from "@/lib/pages/listing-facts";
import { cityName, type Named } from "@/lib/i18n/place-names";
import type { Corrected, ListingBlock, PageQuery } from "@/lib/pages/page-data";
import { RADIUS_KM } from "@/lib/search/geo";
import type { PublicCity, PublicCountry, PublicCuisine, PublicSearchResult } from "@/lib/serializers";
import { rel, sameSitePath } from "@/lib/site-urls";
import { NearMeButton } from "./near-me-button";
import { withoutControls } from "@/lib/text/plain-text";

export function SearchForm(props: {
  id: string;
  query?: PageQuery;
  countries: PublicCountry[];
  cities: PublicCity[];
  cuisines: PublicCuisine[];
  large?: boolean;
  /** the near / radius / open-now fields (the search page; the home page keeps the short form) */
  geoTime?: boolean;
}) {
  const q = props.query ?? {};
  // After a search the results come first: the words and the button on one line, the other
  // filters folded under one line that counts those in use.
  const compact = Boolean(props.geoTime && Object.values(q).some(Boolean));
  const inUse = ["city", "cuisine", "near", "openNow", "openAt"].filter((name) => q[name]).length;
  const place = <PlaceFields id={props.id} query={q} countries={props.countries} cities={props.cities} cuisines={props.cuisines} />;
  return (
    <form className={props.large ? "search-form search-form-large" : compact ? "search-form search-form-compact" : "search-form"} role="search" action="/search" method="get">
      <div className="field field-q">
        <label htmlFor={`${props.id}-q`}>Restaurant, dish or keyword</label>
        <input id={`${props.id}-q`} name="q" type="search" defaultValue={q.q ?? ""} autoComplete="off" maxLength={200} placeholder="e.g. karaage, vegan berlin" />
      </div>
      {!compact && place}
      <div className="field field-submit">
        <button type="submit">Search</button>
      </div>
      {props.geoTime && (
        // Folded unless in use, so that the results stand right under the form on a phone.
        <details className="more-filters" open={Boolean(q.near || q.radiusKm || q.openNow === "true")}>
          <summary>{compact ? `City, cuisine, near me, open now${inUse ? ` (${inUse} in use)` : ""}` : "Near me, open now"}</summary>
          <div className="form-row">
            {compact && place}
            <GeoTimeFields id={props.id} query={q} action="/search" />
          </div>
        </details>
      )}
    </form>
  );
}

/** City and cuisine selects, shared by the restaurant and the dish search forms. */
export function PlaceFields(props: { id: string; query: PageQuery; countries: PublicCountry[]; cities: PublicCity[]; cuisines: PublicCuisine[] }) {
  const q = props.query;
  return (
    <>
      <div className="field">
        <label htmlFor={`${props.id}-city`}>City</label>
        <select id={`${props.id}-city`} name="city" defaultValue={q.city ?? ""}>
          <option value="">Any city</option>
          {props.countries.map((country) => (
            <optgroup key={country.slug} label={country.name}>
              {props.cities
                .filter((c) => c.country === country.slug)
                .map((c) => {
                  const name = cityName(c, LISTING_LANGUAGE);
                  return (
                    <option key={c.slug} value={c.slug} lang={name.lang ?? undefined}>
                      {name.text}
                    </option>
                  );
                })}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${props.id}-cuisine`}>Cuisine</label>
        <select id={`${props.id}-cuisine`} name="cuisine" defaultValue={q.cuisine ?? ""}>
          <option value="">Any cuisine</option>
          {props.cuisines.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/**
 * "Near" and "open now" as form fields. The point comes from the browser's location ("Near me",
 * JavaScript only) into a hidden near field, as "latitude,longitude" (the API's own form); a
 * point already in the address is shown with the radius and a link that clears it. Without
 * JavaScript the browser cannot tell the point: the city is the place then.
 */
export function GeoTimeFields({ id, query, action }: { id: string; query: PageQuery; action: string }) {
  return (
    <>
      <NearFields id={id} query={query} action={action} />
      <OpenNowField id={id} query={query} />
    </>
  );
}

/** The radii offered, in km; a radius in the address that is not one of them is offered too. */
const RADII = [RADIUS_KM.default, 1, 2, 10, 25, RADIUS_KM.max];

export function NearFields({ id, query, action }: { id: string; query: PageQuery; action: string }) {
  const near = query.near?.trim() ?? "";
  const radii = [...new Set([...RADII, ...(query.radiusKm && Number(query.radiusKm) > 0 ? [Number(query.radiusKm)] : [])])].sort((a, b) => a - b);
  const cleared = new URLSearchParams(Object.entries(query).filter(([name, value]) => value && !["near", "radiusKm", "cursor"].includes(name)));
  const clearUrl = cleared.size ? `${action}?${cleared}` : action;
  return (
    <>
      <input id={`${id}-near`} name="near" type="hidden" defaultValue={near} />
      {near && (
        <>
          <p className="near-set">
            Near <bdi>{near.replace(",", ", ")}</bdi> · <a href={clearUrl}>Not near this point</a>
          </p>
          <div className="field field-radius">
            <label htmlFor={`${id}-radius`}>Within</label>
            <select id={`${id}-radius`} name="radiusKm" defaultValue={query.radiusKm && Number(query.radiusKm) !== RADIUS_KM.default ? String(Number(query.radiusKm)) : ""}>
              {radii.map((km) => (
                <option key={km} value={km === RADIUS_KM.default ? "" : String(km)}>
                  {km} km
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <NearMeButton inputId={`${id}-near`} />
    </>
  );
}

export function OpenNowField({ id, query }: { id: string; query: PageQuery }) {
  return (
    <div className="filter-extra">
      <input id={`${id}-open`} name="openNow" type="checkbox" value="true" defaultChecked={query.openNow === "true"} />
      <label htmlFor={`${id}-open`}>Open now (in the restaurant&apos;s local time)</label>
    </div>
  );
}

interface SearchPageView<R> {
  query: PageQuery;
  error: string | null;
  response: R | null;
  nextUrl: string | null;
  firstUrl: string;
}

/** A search page's answer: the capability's message when it refused the query, else the count, the results and the page links. */
export function SearchResults<R extends { total: number; totalCapped: boolean; count: number; nextCursor: string | null }>(props: {
  data: SearchPageView<R>;
  one: string;
  many: string;
  children: (response: R) => ReactNode;
}) {
  const { data } = props;
  const r = data.response;
  if (data.error) {
    return (
      <p className="error" role="alert">
        The search could not be run: {data.error}
      </p>
    );
  }
  if (!r) return null;
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" className="results-count">
        {r.total}
        {r.totalCapped ? "+" : ""} {r.total === 1 && !r.totalCapped ? props.one : props.many}
        {r.nextCursor || data.query.cursor ? `, ${r.count} on this page` : ""}
      </h2>
      {props.children(r)}
      <SearchPager nextUrl={data.nextUrl} firstUrl={data.firstUrl} onLaterPage={Boolean(data.query.cursor)} />
    </section>
  );
}

/** The words as typed found nothing: what the page shows instead, and its address. */
export function CorrectedNote({ corrected }: { corrected: Corrected }) {
  return (
    <p className="corrected" role="status">
      Nothing matches “<bdi>{corrected.typed}</bdi>”. Showing results for{" "}
      <a href={sameSitePath(corrected.url)}>
        <strong>
          <bdi>{corrected.shown}</bdi>
        </strong>
      </a>
      .
    </p>
  );
}

/** Links between the pages of a search: the next page (from nextCursor) and back to the first. */
function SearchPager({ nextUrl, firstUrl, onLaterPage }: { nextUrl: string | null; firstUrl: string; onLaterPage: boolean }) {
  if (!nextUrl && !onLaterPage) return null;
  return (
    <nav aria-label="Result pages" className="pager">
      {onLaterPage && <a href={sameSitePath(firstUrl)}>First page</a>}
      {nextUrl && (
        <a href={sameSitePath(nextUrl)} rel="next">
          Next page
        </a>
      )}
    </nav>
  );
}

export function RestaurantCards({
  results,
  facts = {},
  headingLevel = 3,
}: {
  results: (PublicSearchResult & { distanceKm?: number })[];
  facts?: Record<string, CardFacts>;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="cards">
      {results.map((r) => {
        const f = facts[r.slug];
        return (
          <li key={r.slug} className={f?.photo ? "card card-with-photo" : "card"}>
            {f?.photo && (
              // Decorative: the card's heading names the restaurant. Sized, so nothing shifts as it loads.
              <img className="card-photo" src={rel(f.photo)} alt="" width={600} height={200} loading="lazy" decoding="async" />
            )}
            <H className="card-title">
              <a href={rel(r.url)} dir="auto">
                {withoutControls(r.name)}
              </a>
            </H>
            <p className="card-meta">
              <PlaceLine {...cardPlace(r, f)} extra={r.distanceKm !== undefined ? `${formatKm(r.distanceKm)} away` : null} />
            </p>
            {(f?.status || f?.prices) && (
              <p className="card-facts">
                {f.status && (
                  <span className={f.status.open ? "open-status is-open" : "open-status is-closed"}>
                    <span className="open-dot" aria-hidden="true" />
                    {f.status.text}
                  </span>
                )}
                {f.prices && <span className="card-prices">{f.prices}</span>}
              </p>
            )}
            {r.description && <p className="card-desc">{r.description}</p>}
          </li>
        );
      })}
    </ul>
  );
}

/** A name the service writes, marked with its language when it fell back to one other than the page's. */
export function NameText({ name }: { name: Named }) {
  return name.lang ? <span lang={name.lang}>{name.text}</span> : <>{name.text}</>;
}

/** "Swiss · Zurich, Switzerland · 1.2 km away": a card's place, the city in the page's language. */
export function PlaceLine({ cuisine, city, country, extra = null }: { cuisine: string | null; city: Named | null; country: string | null; extra?: string | null }) {
  const parts: ReactNode[] = [];
  if (cuisine) parts.push(cuisine);
  if (city || country) {
    parts.push(
      <>
        {city && <NameText name={city} />}
        {city && country && ", "}
        {country}
      </>,
    );
  }
  if (extra) parts.push(extra);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && " · "}
          {p}
        </Fragment>
      ))}
    </>
  );
}

export function Listing({ block, empty, headingLevel }: { block: ListingBlock; empty: string; headingLevel?: 2 | 3 }) {
  if (block.results.length === 0) return <p className="empty">{empty}</p>;
  return (
    <>
      <RestaurantCards results={block.results} facts={block.facts} headingLevel={headingLevel} />
      {block.total > block.results.length && (
        <p>
          Showing {block.results.length} of {block.total}. <a href={rel(block.moreUrl)}>All matching restaurants</a>
        </p>
      )}
    </>
  );
}

export function formatKm(km: number): string {
  return km < 1 ? `${Math.round(km * 1000)} m` : `${km.toLocaleString("en", { maximumFractionDigits: 1 })} km`;
}

/** The "this page as Markdown" line the site's own pages end with (a menu's is in its footer's developer links). */
export function PageFooter({ markdownUrl, children }: { markdownUrl: string; children?: ReactNode }) {
  return (
    <p className="page-footer">
      {children}
      <a href={rel(markdownUrl)} type="text/markdown" lang="en">
        This page as Markdown
      </a>
    </p>
  );
}
