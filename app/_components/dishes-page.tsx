// The dish search page (/dishes): a GET form that works without a script, the results of
// searchDishes for the page's query, and the allergen caveat every surface of dish search carries.
import { ALLERGEN_LABELS, ALLERGENS } from "@/lib/menu/allergens";
import { DIETS, formatPrice, tagLabel } from "@/lib/pages/menu-view";
import type { PageDataById, PageMeta } from "@/lib/pages/page-data";
import { ALLERGEN_NOTICE, type PublicDishResult } from "@/lib/serializers";
import { sameSitePath } from "@/lib/site-urls";
import { formatKm, GeoTimeFields, PageFooter, PlaceFields, SearchResults } from "./shared";

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
  return (
    <main id="main" className="wrap page">
      <h1>{meta.title}</h1>
      <p className="lead">Dishes from every published menu, with prices, declared allergens and dietary tags.</p>
      <p className="callout allergen-caveat" id="allergen-caveat">
        <strong>Allergens:</strong> {ALLERGEN_NOTICE}
      </p>
      <form className="search-form dish-search-form" role="search" aria-label="Dish search" action="/dishes" method="get">
        <div className="field field-q">
          <label htmlFor="dishes-q">Dish or ingredient</label>
          <input id="dishes-q" name="q" type="search" defaultValue={q.q} autoComplete="off" maxLength={200} />
        </div>
        <PlaceFields id="dishes" query={q} countries={data.locations.countries} cities={data.locations.cities} cuisines={data.cuisines} />
        <fieldset>
          <legend>Diet (every ticked tag must be on the dish)</legend>
          <ul className="filter-options">
            {Object.keys(DIETS).map((tag) => (
              <li key={tag}>
                <input id={`dishes-diet-${tag}`} type="checkbox" name="diet" value={tag} defaultChecked={diet.includes(tag)} />
                <label htmlFor={`dishes-diet-${tag}`}>{tagLabel(tag).label}</label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset aria-describedby="allergen-caveat">
          <legend>Leave out dishes that declare</legend>
          <ul className="filter-options">
            {ALLERGENS.map((code) => (
              <li key={code}>
                <input id={`dishes-allergen-${code}`} type="checkbox" name="excludeAllergens" value={code} defaultChecked={excluded.includes(code)} />
                <label htmlFor={`dishes-allergen-${code}`}>{ALLERGEN_LABELS[code]}</label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset>
          <legend>Price</legend>
          <div className="search-row">
            <div className="field">
              <label htmlFor="dishes-max-price">At most</label>
              <input id="dishes-max-price" name="maxPrice" type="number" min="0" step="any" inputMode="decimal" defaultValue={q.maxPrice} />
            </div>
            <div className="field">
              <label htmlFor="dishes-currency">Currency (needed with a price)</label>
              <input id="dishes-currency" name="currency" type="text" maxLength={3} placeholder="CHF" autoComplete="off" defaultValue={q.currency} />
            </div>
          </div>
        </fieldset>
        <GeoTimeFields id="dishes" query={q} />
        <div className="field field-submit">
          <button type="submit">Search dishes</button>
        </div>
      </form>
      <SearchResults data={data} one="dish" many="dishes">
        {(r) =>
          r.results.length ? (
            <ul className="cards dish-results">
              {r.results.map((dish, i) => (
                <DishCard key={`${dish.url}-${i}`} dish={dish} />
              ))}
            </ul>
          ) : (
            <p className="empty">No dish matches. Try fewer filters or another city.</p>
          )
        }
      </SearchResults>
      <PageFooter markdownUrl={meta.markdownUrl}>
        <a href={`/api/public/dishes${apiQuery}`} type="application/json">
          This search as JSON
        </a>{" "}
        ·{" "}
      </PageFooter>
    </main>
  );
}

function DishCard({ dish }: { dish: PublicDishResult }) {
  const where = [dish.restaurant.city, dish.restaurant.country].filter(Boolean).join(", ");
  return (
    <li className="card dish-result">
      <h3 className="card-title">
        <a className="dish-link" href={sameSitePath(dish.url)}>
          {dish.name}
        </a>{" "}
        <span className="price">{formatPrice(dish.price, dish.currency, "en")}</span>
      </h3>
      <p className="card-meta">
        <a className="restaurant-link" href={sameSitePath(dish.restaurant.url)}>
          {dish.restaurant.name}
        </a>
        {[dish.category, dish.restaurant.cuisine, where, dish.distanceKm !== undefined ? `${formatKm(dish.distanceKm)} away` : null]
          .filter(Boolean)
          .map((fact) => ` · ${fact}`)}
      </p>
      {dish.description && <p className="card-desc">{dish.description}</p>}
      <p className="allergens">
        {dish.allergens.length ? `Allergens declared: ${dish.allergens.map((a) => ALLERGEN_LABELS[a]).join(", ")}` : "No allergens declared"}
      </p>
      {dish.tags.length > 0 && <p className="tags-line">Tags: {dish.tags.map((t) => tagLabel(t).label).join(", ")}</p>}
    </li>
  );
}
