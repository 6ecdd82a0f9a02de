"use client";
// The allergen and diet filter of a menu page, as compact chips. The filter is part of the page's
// address (lib/pages/menu-view-filter.ts): the server renders the menu already filtered, so a
// filtered menu reloads, is shared and works without JavaScript — the chips are a plain GET form
// with an Apply button then. With JavaScript a chip applies at once, the address follows
// (history.replaceState) and the language links carry the filter to the other languages.
import { createContext, useContext, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { fill } from "@/lib/i18n/fill";
import type { FilterLabels } from "@/lib/i18n/menu-labels";
import { hidesDish, isFiltering, menuFilterQuery, NO_FILTER, type MenuFilterState } from "@/lib/pages/menu-view-filter";
import type { Allergen } from "@/lib/menu/allergens";

interface DishFacts {
  allergens: string[];
  diets: string[];
  available: boolean;
}

const FilterContext = createContext<MenuFilterState>(NO_FILTER);

const isHidden = hidesDish;

/** The address of the page with `filter`, keeping its #fragment. */
function addressWith(href: string, filter: MenuFilterState): string {
  const url = new URL(href, window.location.href);
  url.search = menuFilterQuery(filter);
  return url.pathname + url.search + url.hash;
}

export function MenuFilter(props: {
  allergens: { code: Allergen; label: string }[];
  diets: { code: string; label: string }[];
  dishes: DishFacts[];
  /** the filter the page's address names (already applied by the server) */
  initial: MenuFilterState;
  /** the page's path without a query: the form's action and the no-JavaScript "clear" link */
  action: string;
  /** the filter's words in the page's language */
  labels: FilterLabels;
  lang: string;
  children: ReactNode;
}) {
  const t = props.labels;
  const [filter, setFilter] = useState<MenuFilterState>(props.initial);
  const id = useId();
  const hiddenCount = useMemo(() => props.dishes.filter((d) => isHidden(d, filter)).length, [props.dishes, filter]);
  const total = props.dishes.length;
  const active = isFiltering(filter);
  const count = filter.hiddenAllergens.length + (filter.diet ? 1 : 0) + (filter.hideUnavailable ? 1 : 0);

  // The address and the language links (the switcher's, the hint's) follow the filter.
  useEffect(() => {
    const next = addressWith(window.location.href, filter);
    if (next !== window.location.pathname + window.location.search + window.location.hash) window.history.replaceState(window.history.state, "", next);
    for (const link of document.querySelectorAll<HTMLAnchorElement>(".language-switcher a[hreflang], .language-hint a[hreflang]")) link.href = addressWith(link.href, filter);
  }, [filter]);

  const toggleAllergen = (code: Allergen, checked: boolean) =>
    setFilter((f) => ({ ...f, hiddenAllergens: checked ? [...f.hiddenAllergens, code] : f.hiddenAllergens.filter((a) => a !== code) }));

  const status =
    hiddenCount === 0 ? (total === 1 ? t.showingOne : fill(t.showingAll, { total })) : fill(t.showingSome, { shown: total - hiddenCount, total, hidden: hiddenCount });

  return (
    <FilterContext.Provider value={filter}>
      <div className="menu-filter-wrap" lang={props.lang}>
      <details className="menu-filter">
        <summary>
          {t.title}
          {count > 0 && <span className="filter-count"> ({count})</span>}
        </summary>
        <form className="menu-filter-body" method="get" action={props.action} onSubmit={(e) => e.preventDefault()}>
          {props.allergens.length > 0 ? (
            <fieldset>
              <legend>{t.hideContaining}</legend>
              <ul className="chips">
                {props.allergens.map((a) => (
                  <li key={a.code}>
                    <input
                      className="chip-input"
                      type="checkbox"
                      id={`${id}-a-${a.code}`}
                      name="excludeAllergens"
                      value={a.code}
                      checked={filter.hiddenAllergens.includes(a.code)}
                      onChange={(e) => toggleAllergen(a.code, e.currentTarget.checked)}
                    />
                    <label className="chip" htmlFor={`${id}-a-${a.code}`}>
                      {a.label}
                    </label>
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
              <ul className="chips">
                {[{ code: "", label: t.anyDiet }, ...props.diets].map((d) => (
                  <li key={d.code || "any"}>
                    <input
                      className="chip-input"
                      type="radio"
                      id={`${id}-d-${d.code || "any"}`}
                      name="diet"
                      value={d.code}
                      checked={filter.diet === d.code}
                      onChange={() => setFilter((f) => ({ ...f, diet: d.code }))}
                    />
                    <label className="chip" htmlFor={`${id}-d-${d.code || "any"}`}>
                      {d.label}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <ul className="chips">
            <li>
              <input
                className="chip-input"
                type="checkbox"
                id={`${id}-unavailable`}
                name="hideUnavailable"
                value="true"
                checked={filter.hideUnavailable}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setFilter((f) => ({ ...f, hideUnavailable: checked }));
                }}
              />
              <label className="chip" htmlFor={`${id}-unavailable`}>
                {t.hideUnavailable}
              </label>
            </li>
          </ul>
          <div className="filter-status-row">
            {/* Without JavaScript the form is sent; with it the chips apply at once. */}
            <button type="submit" className="no-js-only" formNoValidate onClick={(e) => e.preventDefault()}>
              {t.apply}
            </button>
            <ClearLink href={props.action} disabled={!active} onClear={() => setFilter(NO_FILTER)} text={t.clear} />
          </div>
        </form>
      </details>
      {/* Outside the folded panel: a filtered menu says so while the panel stays closed. */}
      <p className={active ? "filter-status is-active" : "filter-status"} role="status" aria-live="polite">
        {status}
      </p>
      {/* A filter that hides every dish: said plainly, with the way out beside it (not in the folded panel). */}
      {total > 0 && hiddenCount === total && (
        <div className="filter-empty">
          <p>{t.noneMatch}</p>
          <ClearLink href={props.action} disabled={false} onClear={() => setFilter(NO_FILTER)} text={t.clear} />
        </div>
      )}
      </div>
      {props.children}
    </FilterContext.Provider>
  );
}

/** "Clear filter": the unfiltered page's address without JavaScript, the filter reset at once with it. */
function ClearLink({ href, disabled, onClear, text }: { href: string; disabled: boolean; onClear: () => void; text: string }) {
  return (
    <a
      className="filter-clear"
      href={href}
      aria-disabled={disabled ? "true" : undefined}
      onClick={(e) => {
        e.preventDefault();
        onClear();
      }}
    >
      {text}
    </a>
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
