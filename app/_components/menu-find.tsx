"use client";
// "Find a dish in this menu", the island: a search field that hides, in place, the dishes whose
// name and description lack the words (and the sections left empty), with a count and a clear
// button. It reads the menu's own markup (#menu .dish), so it hydrates only itself, whatever the
// menu's size. Without JavaScript the stylesheet hides it (.needs-js), and the dishes' index
// beside it (app/_components/menu-search.tsx) is the way to a dish.
import { useEffect, useId, useRef, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import type { MenuFindLabels } from "@/lib/i18n/menu-find-labels";

/** How the field compares text: case and accents aside, as a diner types on any keyboard. */
function fold(text: string, lang: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLocaleLowerCase(lang).replace(/\s+/g, " ").trim();
}

export function MenuFind({ labels, lang }: { labels: MenuFindLabels; lang: string }) {
  const id = useId();
  const [q, setQ] = useState("");
  // On a phone the field waits behind a magnifier beside the filter pill (the first screen keeps
  // three dishes); from 40rem the stylesheet shows the field itself.
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
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
    <div className={open || q ? "menu-find needs-js is-open" : "menu-find needs-js"} role="search" lang={lang}>
      <button type="button" className="menu-find-toggle" aria-label={labels.find} title={labels.find} aria-expanded={open || Boolean(q)} onClick={() => setOpen(true)}>
        <MagnifierIcon />
      </button>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {labels.find}
      </label>
      <div className="menu-find-row">
        <input
          ref={input}
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

/** A magnifier drawn inline: no icon font, no emoji font needed on the diner's phone. */
export function MagnifierIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12.5 12.5 17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
