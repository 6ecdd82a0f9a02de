"use client";
// "Find a dish in this menu", the island: a search field that hides, in place, the dishes whose
// name and description lack the words (and the sections left empty), with a count and a clear
// button. It reads the menu's own markup (#menu .dish), so it hydrates only itself, whatever the
// menu's size. Without JavaScript the stylesheet hides it (.needs-js), and the dishes' index
// beside it (app/_components/menu-search.tsx) is the way to a dish.
import { useEffect, useId, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import type { MenuFindLabels } from "@/lib/i18n/menu-find-labels";

/** How the field compares text: case and accents aside, as a diner types on any keyboard. */
function fold(text: string, lang: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLocaleLowerCase(lang).replace(/\s+/g, " ").trim();
}

export function MenuFind({ labels, lang }: { labels: MenuFindLabels; lang: string }) {
  const id = useId();
  const [q, setQ] = useState("");
  const [count, setCount] = useState<{ shown: number; total: number } | null>(null);

  useEffect(() => {
    const menu = document.getElementById("menu");
    if (!menu) return;
    const words = fold(q, lang).split(" ").filter(Boolean);
    const dishes = [...menu.querySelectorAll<HTMLElement>(".dish")];
    let shown = 0;
    for (const dish of dishes) {
      const text = fold(`${dish.querySelector(".dish-name")?.textContent ?? ""} ${dish.querySelector(".dish-desc")?.textContent ?? ""}`, lang);
      const miss = words.length > 0 && !words.every((w) => text.includes(w));
      dish.classList.toggle("find-miss", miss);
      if (!miss && !dish.hidden) shown += 1;
    }
    for (const section of menu.querySelectorAll<HTMLElement>(".menu-section")) {
      section.classList.toggle("find-miss", words.length > 0 && !section.querySelector(".dish:not(.find-miss)"));
    }
    setCount(words.length ? { shown, total: dishes.length } : null);
  }, [q, lang]);

  return (
    <div className="menu-find needs-js" role="search" lang={lang}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {labels.find}
      </label>
      <div className="menu-find-row">
        <input
          id={`${id}-q`}
          type="search"
          placeholder={`${labels.find}…`}
          value={q}
          autoComplete="off"
          maxLength={100}
          enterKeyHint="search"
          onChange={(e) => setQ(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter: to the first dish found.
            if (e.key === "Enter") document.querySelector<HTMLElement>("#menu .dish:not(.find-miss):not([hidden])")?.scrollIntoView({ block: "start" });
          }}
        />
        {q && (
          <button type="button" className="button-secondary" onClick={() => setQ("")}>
            {labels.clear}
          </button>
        )}
      </div>
      <p className="menu-find-status" role="status">
        {count && (count.shown ? fill(labels.matches, count) : fill(labels.none, { q: q.trim() }))}
      </p>
    </div>
  );
}
