// The dish search page (/dishes): a compact GET form that works without a script (chips, the
// allergens folded, folded itself once a search is shown so the results come first), the results of
// searchDishes for the page's query, and the allergen caveat every surface of dish search carries.
import { ALLERGEN_LABELS, ALLERGENS } from "@/lib/menu/allergens";
import { cardPlace, LISTING_LANGUAGE } from "@/lib/pages/listing-facts";
import { dishInLanguage } from "@/lib/pages/dish-language";
import { DIETS, formatPrice, tagLabel } from "@/lib/pages/menu-view";
import type { PageDataById, PageMeta } from "@/lib/pages/page-data";
import { ALLERGEN_NOTICE, type PublicDishResult } from "@/lib/serializers";
import { sameSitePath } from "@/lib/site-urls";
import { CorrectedNote, formatKm, NearFields, OpenNowField, PageFooter, PlaceFields, PlaceLine, SearchResults } from "./shared";
import { withoutControls } from "@/lib/text/plain-text";

const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function DishesPage({ data, meta }: { data: PageDataById["dishes"]; meta: PageMeta }) {
  const q = data.query;
  const diet = listOf(q.diet);
  const excluded = listOf(q.excludeAllergens);
  const apiQuery = new URL(data.firstUrl).search;
  // Above the results when allergens are left out (it qualifies them); else after them, so that
  // they start on the first screen (each dish card says what it declares).
  const caveat = (
    <p className="allergen-caveat" id="allergen-caveat">
      <strong>Allergens:</strong> {ALLERGEN_NOTICE}
    </p>
  );
  // After a search the results come first: the form folds into one line above them.
  const searched = Object.values(q).some(Boolean);
  const form = (
    <form className="search-form dish-search-form" role="search" aria-label="Dish search" action="/dishes" method="get">
      <div className="form-row">
        <div className="field field-q">
          <label htmlFor="dishes-q">Dish or ingredient</label>
          <input id="dishes-q" name="q" type="search" defaultValue={q.q} autoComplete="off" maxLength={200} />
        </div>
        <PlaceFields id="dishes" query={q} countries={data.locations.countries} cities={data.locations.cities} cuisines={data.cuisines} />
      </div>
      <fieldset>
        <legend>Diet (all ticked)</legend>
        <ul className="chips">
          {Object.keys(DIETS).map((tag) => (
            <li key={tag}>
              <input className="chip-input" id={`dishes-diet-${tag}`} type="checkbox" name="diet" value={tag} defaultChecked={diet.includes(tag)} />
              <label className="chip" htmlFor={`dishes-diet-${tag}`}>
                {tagLabel(tag).label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <details className="allergen-picker" open={excluded.length > 0}>
        <summary>
          Leave out allergens{excluded.length ? ` (${excluded.length})` : ""}
        </summary>
        <fieldset aria-describedby="allergen-caveat">
          <legend>Leave out dishes that declare</legend>
          <ul className="chips">
            {ALLERGENS.map((code) => (
              <li key={code}>
                <input className="chip-input" id={`dishes-allergen-${code}`} type="checkbox" name="excludeAllergens" value={code} defaultChecked={excluded.includes(code)} />
                <label className="chip" htmlFor={`dishes-allergen-${code}`}>
                  {ALLERGEN_LABELS[code]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </details>
      <div className="form-row">
        <div className="field field-price">
          <label htmlFor="dishes-max-price">At most (price)</label>
          <input id="dishes-max-price" name="maxPrice" type="number" min="0" step="any" inputMode="decimal" defaultValue={q.maxPrice} />
        </div>
        <div className="field field-currency">
          <label htmlFor="dishes-currency">Currency</label>
          <input id="dishes-currency" name="currency" type="text" maxLength={3} placeholder="CHF" autoComplete="off" defaultValue={q.currency} />
        </div>
        <NearFields id="dishes" query={q} action="/dishes" />
      </div>
      <div className="form-row form-actions">
        <OpenNowField id="dishes" query={q} />
        <button type="submit">Search dishes</button>
      </div>
    </form>
  );
  return (
    <main id="main" className={searched ? "wrap page dishes-page results-page" : "wrap page dishes-page"}>
      <h1>{meta.title}</h1>
      {searched ? (
        <details className="search-refine">
          <summary>Change the search</summary>
          {form}
        </details>
      ) : (
        <>
          <p className="lead">Dishes from every published menu, with prices, allergens and diet tags.</p>
          {form}
        </>
      )}
      {data.corrected && <CorrectedNote corrected={data.corrected} />}
      {excluded.length > 0 && caveat}
      <SearchResults data={data} one="dish" many="dishes">
        {(r) => (r.results.length ? <DishCards dishes={r.results} /> : <p className="empty">No dish matches. Try fewer filters or another city.</p>)}
      </SearchResults>
      {excluded.length === 0 && caveat}
      <PageFooter markdownUrl={meta.markdownUrl}>
        <a href={`/api/public/dishes${apiQuery}`} type="application/json">
          This search as JSON
        </a>{" "}
        ·{" "}
      </PageFooter>
    </main>
  );
}

export function DishCards({ dishes }: { dishes: PublicDishResult[] }) {
  return (
    <ul className="cards dish-results">
      {dishes.map((dish, i) => (
        <DishCard key={`${dish.url}-${i}`} dish={dish} />
      ))}
    </ul>
  );
}

function DishCard({ dish }: { dish: PublicDishResult }) {
  const place = cardPlace(dish.restaurant);
  // In the searcher's language when the menu has it, the menu's own name beside it.
  const shown = dishInLanguage(dish, LISTING_LANGUAGE);
  return (
    <li className="card dish-result">
      <h3 className="card-title">
        <a className="dish-link" href={sameSitePath(dish.url)} dir="auto">
          {withoutControls(shown.name)}
        </a>{" "}
        <span className="price">{formatPrice(dish.price, dish.currency, "en")}</span>
      </h3>
      {shown.original && (
        <p className="dish-original" dir="auto">
          {withoutControls(shown.original)}
        </p>
      )}
      <p className="card-meta">
        <a className="restaurant-link" href={sameSitePath(dish.restaurant.url)} dir="auto">
          {withoutControls(dish.restaurant.name)}
        </a>
        {dish.category && (
          <>
            {" · "}
            <bdi>{withoutControls(dish.category)}</bdi>
          </>
        )}
        {(place.cuisine || place.city || place.country || dish.distanceKm !== undefined) && " · "}
        <PlaceLine {...place} extra={dish.distanceKm !== undefined ? `${formatKm(dish.distanceKm)} away` : null} />
      </p>
      {shown.description && <p className="card-desc">{shown.description}</p>}
      <p className="allergens">
        {dish.allergens.length ? `Allergens declared: ${dish.allergens.map((a) => ALLERGEN_LABELS[a]).join(", ")}` : "No allergens declared"}
      </p>
      {dish.tags.length > 0 && <p className="tags-line">Tags: {dish.tags.map((t) => tagLabel(t).label).join(", ")}</p>}
    </li>
  );
}
