"use client";
// The allergen and diet filter of a menu page, as compact chips: a small island beside the menu,
// not around it. The filter is part of the page's address (lib/pages/menu-view-filter.ts): the
// server renders the dish list already filtered (each dish a plain <li> with its facts in data
// attributes), so a filtered menu reloads, is shared and works without JavaScript — the chips are a
// plain GET form with an Apply button then. With JavaScript a chip applies at once by setting the
// `hidden` attribute of the rows it hides (the dish list is never hydrated as components), the
// address follows (history.replaceState) and the language links carry the filter along.
// The diner's allergies and diet are remembered on the device and applied to the next menu opened,
// said above the dishes with "show all" and "forget" (lib/pages/saved-menu-filter.ts).
import { useEffect, useId, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import type { FilterLabels } from "@/lib/i18n/menu-labels";
import { hidesDish, isFiltering, menuFilterQuery, NO_FILTER, type MenuFilterState } from "@/lib/pages/menu-view-filter";
import { forgetFilter, readSavedFilter, saveFilter, savedFilterText, SHOW_ALL_KEY } from "@/lib/pages/saved-menu-filter";
import type { Allergen } from "@/lib/menu/allergens";

/** The dish rows the server rendered (app/_components/menu-page.tsx). */
const DISH_ROWS = "#menu li.dish[data-allergens]";
const SECTIONS = "#menu section.menu-section";

const words = (value: string | undefined) => (value ? value.split(" ") : []);

/** Hides the rows and sections `filter` hides; returns how many dishes are hidden. */
function applyToRows(filter: MenuFilterState): number {
  let hidden = 0;
  for (const row of document.querySelectorAll<HTMLElement>(DISH_ROWS)) {
    const hide = hidesDish({ allergens: words(row.dataset.allergens), diets: words(row.dataset.diets), available: row.dataset.available !== "false" }, filter);
    if (row.hidden !== hide) row.hidden = hide;
    if (hide) hidden++;
  }
  for (const section of document.querySelectorAll<HTMLElement>(SECTIONS)) {
    const rows = section.querySelectorAll<HTMLElement>(DISH_ROWS.replace("#menu ", ""));
    const hide = rows.length > 0 && [...rows].every((r) => r.hidden);
    if (section.hidden !== hide) section.hidden = hide;
  }
  return hidden;
}

/** The address of the page with `filter`, keeping its #fragment. */
function addressWith(href: string, filter: MenuFilterState): string {
  const url = new URL(href, window.location.href);
  url.search = menuFilterQuery(filter);
  return url.pathname + url.search + url.hash;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function MenuFilter(props: {
  allergens: { code: Allergen; label: string }[];
  diets: { code: string; label: string }[];
  /** how many dishes the menu has, and how many the address's filter hides (the server's count) */
  total: number;
  initialHidden: number;
  /** the filter the page's address names (already applied by the server) */
  initial: MenuFilterState;
  /** the page's path without a query: the form's action and the no-JavaScript "clear" link */
  action: string;
  /** the filter's words in the page's language */
  labels: FilterLabels;
  /** every allergen's and diet's name in the page's language, for a remembered filter */
  allergenNames: Record<string, string>;
  dietNames: Record<string, string>;
  lang: string;
}) {
  const t = props.labels;
  const [filter, setFilter] = useState<MenuFilterState>(props.initial);
  // "saved": the filter was applied from the device's memory, not from the address or a chip.
  const [fromSaved, setFromSaved] = useState(false);
  const [hiddenCount, setHiddenCount] = useState(props.initialHidden);
  const id = useId();
  const total = props.total;
  const active = isFiltering(filter);
  const count = filter.hiddenAllergens.length + (filter.diet ? 1 : 0) + (filter.hideUnavailable ? 1 : 0);

  // A menu opened without a filter in its address gets the diner's remembered one, unless they
  // chose "show all" on this very page in this session.
  useEffect(() => {
    if (isFiltering(props.initial)) return;
    const store = local();
    const saved = store && readSavedFilter(store);
    if (!saved || session()?.getItem(SHOW_ALL_KEY) === window.location.pathname) return;
    setFilter(saved);
    setFromSaved(true);
  }, [props.initial]);

  useEffect(() => {
    setHiddenCount(applyToRows(filter));
    // The address and the language links (the switcher's, the hint's) follow a filter the diner
    // chose here; a remembered one stays off the address (a shared link does not carry it).
    if (fromSaved) return;
    const next = addressWith(window.location.href, filter);
    if (next !== window.location.pathname + window.location.search + window.location.hash) window.history.replaceState(window.history.state, "", next);
    for (const link of document.querySelectorAll<HTMLAnchorElement>(".language-switcher a[hreflang], .language-hint a[hreflang]")) link.href = addressWith(link.href, filter);
  }, [filter, fromSaved]);

  /** The diner's own choice: applied, kept on the device for the next menu. */
  const choose = (next: (f: MenuFilterState) => MenuFilterState) => {
    setFromSaved(false);
    session()?.removeItem(SHOW_ALL_KEY);
    setFilter((f) => {
      const chosen = next(f);
      const store = local();
      if (store) saveFilter(store, chosen);
      return chosen;
    });
  };
  /** This page unfiltered; the remembered filter stays for the next menu. */
  const showAll = () => {
    if (fromSaved) session()?.setItem(SHOW_ALL_KEY, window.location.pathname);
    setFromSaved(false);
    setFilter(NO_FILTER);
  };
  const forget = () => {
    const store = local();
    if (store) forgetFilter(store);
    setFromSaved(false);
    setFilter(NO_FILTER);
  };

  const toggleAllergen = (code: Allergen, checked: boolean) =>
    choose((f) => ({ ...f, hiddenAllergens: checked ? [...f.hiddenAllergens, code] : f.hiddenAllergens.filter((a) => a !== code) }));

  const status =
    hiddenCount === 0 ? (total === 1 ? t.showingOne : fill(t.showingAll, { total })) : fill(t.showingSome, { shown: total - hiddenCount, total, hidden: hiddenCount });

  return (
    <div className="menu-filter-wrap" lang={props.lang}>
      {fromSaved && active && (
        <p className="filter-saved">
          <span className="filter-saved-text">
            {savedFilterText(filter, { hiding: t.savedHiding, onlyDiet: t.savedDiet, allergenNames: props.allergenNames, dietNames: props.dietNames }, props.lang)}{" "}
            <span className="filter-saved-where">{t.savedOnDevice}</span>
          </span>
          <button type="button" className="action" onClick={showAll}>
            {t.showAll}
          </button>
          <button type="button" className="action" onClick={forget}>
            {t.forget}
          </button>
        </p>
      )}
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
                      onChange={() => choose((f) => ({ ...f, diet: d.code }))}
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
                  setFromSaved(false);
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
            <ClearLink href={props.action} disabled={!active} onClear={showAll} text={t.clear} />
          </div>
        </form>
      </details>
      {/* Outside the folded panel: a filtered menu says so while the panel stays closed. "Showing all
          15 dishes" tells a diner nothing they can see: said to screen readers only. */}
      <p className={hiddenCount > 0 ? "filter-status is-active" : "filter-status visually-hidden"} role="status" aria-live="polite">
        {status}
      </p>
      {/* A filter that hides every dish: said plainly, with the way out beside it (not in the folded panel). */}
      {total > 0 && hiddenCount === total && (
        <div className="filter-empty">
          <p>{t.noneMatch}</p>
          <ClearLink href={props.action} disabled={false} onClear={showAll} text={t.clear} />
        </div>
      )}
    </div>
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
