// Small server components shared by the pages.
import type { ReactNode } from "react";
import type { ListingBlock } from "@/lib/pages/page-data";
import type { PublicCity, PublicCountry, PublicCuisine, PublicSearchResult } from "@/lib/serializers";

/** Site-relative path of an absolute service URL, so links work under any host the page is served at. */
export function rel(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search + u.hash;
  } catch {
    return url;
  }
}

export function SearchForm(props: {
  id: string;
  query?: { q: string; city: string; cuisine: string };
  countries: PublicCountry[];
  cities: PublicCity[];
  cuisines: PublicCuisine[];
  large?: boolean;
}) {
  const q = props.query ?? { q: "", city: "", cuisine: "" };
  return (
    <form className={props.large ? "search-form search-form-large" : "search-form"} role="search" action="/search" method="get">
      <div className="field field-q">
        <label htmlFor={`${props.id}-q`}>Restaurant, dish or keyword</label>
        <input id={`${props.id}-q`} name="q" type="search" defaultValue={q.q} autoComplete="off" maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor={`${props.id}-city`}>City</label>
        <select id={`${props.id}-city`} name="city" defaultValue={q.city}>
          <option value="">Any city</option>
          {props.countries.map((country) => (
            <optgroup key={country.slug} label={country.name}>
              {props.cities
                .filter((c) => c.country === country.slug)
                .map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${props.id}-cuisine`}>Cuisine</label>
        <select id={`${props.id}-cuisine`} name="cuisine" defaultValue={q.cuisine}>
          <option value="">Any cuisine</option>
          {props.cuisines.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-submit">
        <button type="submit">Search</button>
      </div>
    </form>
  );
}

export function RestaurantCards({ results, headingLevel = 3 }: { results: PublicSearchResult[]; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="cards">
      {results.map((r) => (
        <li key={r.slug} className="card">
          <H className="card-title">
            <a href={rel(r.url)}>{r.name}</a>
          </H>
          <p className="card-meta">{[r.cuisine, [r.city, r.country].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}</p>
          {r.description && <p className="card-desc">{r.description}</p>}
        </li>
      ))}
    </ul>
  );
}

export function Listing({ block, empty, headingLevel }: { block: ListingBlock; empty: string; headingLevel?: 2 | 3 }) {
  if (block.results.length === 0) return <p className="empty">{empty}</p>;
  return (
    <>
      <RestaurantCards results={block.results} headingLevel={headingLevel} />
      {block.total > block.results.length && (
        <p>
          Showing {block.results.length} of {block.total}. <a href={rel(block.moreUrl)}>All matching restaurants</a>
        </p>
      )}
    </>
  );
}

/** The "this page as Markdown" line every page ends with. */
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
