"use client";
// The allergen and diet filter: the one interactive part of a menu page. The dishes are server
// rendered; each is wrapped in <FilterableDish>, which only decides whether its <li> is hidden.
// Without JavaScript every dish stays visible with its allergens written out.
import { createContext, useContext, useId, useMemo, useState, type ReactNode } from "react";
import { fill } from "@/lib/i18n/fill";
import type { FilterLabels } from "@/lib/i18n/menu-labels";

interface FilterState {
  hiddenAllergens: string[];
  diet: string;
  hideUnavailable: boolean;
}

interface DishFacts {
  allergens: string[];
  diets: string[];
  available: boolean;
}

const EMPTY: FilterState = { hiddenAllergens: [], diet: "", hideUnavailable: false };
const FilterContext = createContext<FilterState>(EMPTY);

function isHidden(dish: DishFacts, filter: FilterState): boolean {
  if (filter.hideUnavailable && !dish.available) return true;
  if (filter.diet && !dish.diets.includes(filter.diet)) return true;
  return dish.allergens.some((a) => filter.hiddenAllergens.includes(a));
}

export function MenuFilter(props: {
  allergens: { code: string; label: string }[];
  diets: { code: string; label: string }[];
  dishes: DishFacts[];
  /** the filter's words in the page's language */
  labels: FilterLabels;
  lang: string;
  children: ReactNode;
}) {
  const t = props.labels;
  const [filter, setFilter] = useState<FilterState>(EMPTY);
  const id = useId();
  const hiddenCount = useMemo(() => props.dishes.filter((d) => isHidden(d, filter)).length, [props.dishes, filter]);
  const total = props.dishes.length;
  const active = filter.hiddenAllergens.length > 0 || filter.diet !== "" || filter.hideUnavailable;

  const toggleAllergen = (code: string, checked: boolean) =>
    setFilter((f) => ({ ...f, hiddenAllergens: checked ? [...f.hiddenAllergens, code] : f.hiddenAllergens.filter((a) => a !== code) }));

  return (
    <FilterContext.Provider value={filter}>
      <details className="menu-filter" lang={props.lang}>
        <summary>{t.title}</summary>
        <div className="menu-filter-body">
          <noscript>
            <p>{t.needsJs}</p>
          </noscript>
          {props.allergens.length > 0 ? (
            <fieldset>
              <legend>{t.hideContaining}</legend>
              <ul className="filter-options">
                {props.allergens.map((a) => (
                  <li key={a.code}>
                    <input
                      type="checkbox"
                      id={`${id}-a-${a.code}`}
                      name="hide-allergen"
                      value={a.code}
                      checked={filter.hiddenAllergens.includes(a.code)}
                      onChange={(e) => toggleAllergen(a.code, e.currentTarget.checked)}
                    />
                    <label htmlFor={`${id}-a-${a.code}`}>{a.label}</label>
                  </li>
                ))}
              </ul>
              <p className="hint">{t.notListedHint}</p>
            </fieldset>
          ) : (
            <p className="hint">{t.noAllergenHint}</p>
          )}
          {props.diets.length > 0 && (
            <fieldset>
              <legend>{t.onlyDiet}</legend>
              <ul className="filter-options">
                {[{ code: "", label: t.anyDiet }, ...props.diets].map((d) => (
                  <li key={d.code || "any"}>
                    <input
                      type="radio"
                      id={`${id}-d-${d.code || "any"}`}
                      name="diet"
                      value={d.code}
                      checked={filter.diet === d.code}
                      onChange={() => setFilter((f) => ({ ...f, diet: d.code }))}
                    />
                    <label htmlFor={`${id}-d-${d.code || "any"}`}>{d.label}</label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <p className="filter-extra">
            <input
              type="checkbox"
              id={`${id}-unavailable`}
              checked={filter.hideUnavailable}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setFilter((f) => ({ ...f, hideUnavailable: checked }));
              }}
            />
            <label htmlFor={`${id}-unavailable`}>{t.hideUnavailable}</label>
          </p>
          <div className="filter-status-row">
            <p className="filter-status" role="status" aria-live="polite">
              {hiddenCount === 0
                ? total === 1
                  ? t.showingOne
                  : fill(t.showingAll, { total })
                : fill(t.showingSome, { shown: total - hiddenCount, total, hidden: hiddenCount })}
            </p>
            <button type="button" className="button-secondary" onClick={() => setFilter(EMPTY)} disabled={!active}>
              {t.clear}
            </button>
          </div>
        </div>
      </details>
      {props.children}
    </FilterContext.Provider>
  );
}

/** One dish: a list item that the filter can hide. */
export function FilterableDish(props: DishFacts & { id?: string; className?: string; children: ReactNode }) {
  const filter = useContext(FilterContext);
  const hidden = isHidden(props, filter);
  return (
    <li id={props.id} className={props.className} hidden={hidden} data-allergens={props.allergens.join(" ")} data-diets={props.diets.join(" ")}>
      {props.children}
    </li>
  );
}

/** A menu section, hidden when the filter hides every dish in it. */
export function FilterableSection(props: { dishes: DishFacts[]; className?: string; labelledBy: string; children: ReactNode }) {
  const filter = useContext(FilterContext);
  const allHidden = props.dishes.length > 0 && props.dishes.every((d) => isHidden(d, filter));
  return (
    <section className={props.className} aria-labelledby={props.labelledBy} hidden={allHidden}>
      {props.children}
    </section>
  );
}
