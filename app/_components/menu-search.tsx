// Find a dish in this menu (issue 47.7): the field that filters the menu in place (the island
// MenuFind, JavaScript on) and, without JavaScript, an index of the dishes' names in alphabetical
// order, each a link to its dish on the page. Server-rendered: only the field hydrates.
import { menuFindLabels } from "@/lib/i18n/menu-find-labels";
import type { MenuView } from "@/lib/pages/menu-view";
import { dishAnchor } from "@/lib/site-urls";
import { MagnifierIcon, MenuFind } from "./menu-find";

export function MenuSearch({ view }: { view: MenuView }) {
  const lang = view.labels.lang;
  const labels = menuFindLabels(lang);
  const collator = new Intl.Collator(view.lang);
  const dishes = view.categories
    .flatMap((c, ci) => c.items.map((item, ii) => ({ id: dishAnchor(ci, ii), name: item.name })))
    .sort((a, b) => collator.compare(a.name.text, b.name.text));
  // A menu of a few dishes is found at a glance.
  if (dishes.length < 8) return null;
  return (
    <>
      <MenuFind labels={labels} lang={lang} />
      <details className="menu-find-index no-js" lang={lang}>
        <summary>
          <MagnifierIcon />
          <span className="menu-find-index-label">{labels.index}</span>
        </summary>
        <ul>
          {dishes.map((d) => (
            <li key={d.id}>
              <a href={`#${d.id}`} lang={d.name.lang} dir="auto">
                {d.name.text}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
