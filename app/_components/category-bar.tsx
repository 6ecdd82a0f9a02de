"use client";
// The sticky bar of a menu's sections: plain anchors (they work without JavaScript), scrolled
// sideways, with a way back to the top. With JavaScript the section being read is marked
// (aria-current) and its link kept in view inside the bar.
import { useEffect, useRef, useState } from "react";

export function CategoryBar(props: { label: string; topLabel: string; sections: { id: string; name: string; lang: string; hidden: boolean }[] }) {
  const [current, setCurrent] = useState<string | null>(null);
  // Sections the allergen/diet filter hides entirely have no link (the server knows the address's
  // filter; the browser follows the filter's changes on the sections' hidden attribute).
  const [hidden, setHidden] = useState<string[]>(() => props.sections.filter((s) => s.hidden).map((s) => s.id));
  const list = useRef<HTMLUListElement>(null);
  const { sections } = props;

  useEffect(() => {
    const targets = sections.map((s) => document.getElementById(s.id)?.closest("section")).filter((el): el is HTMLElement => Boolean(el));
    if (targets.length === 0) return;
    const pick = () => {
      // The section whose top has passed a line a quarter down the screen below the bar; at the
      // page's end, where the last sections cannot scroll up that far, the one a link led to (the
      // address's #fragment) when it is on screen, else the last one on screen.
      const barBottom = list.current?.getBoundingClientRect().bottom ?? 0;
      const line = barBottom + (window.innerHeight - barBottom) / 4;
      const shown = targets.filter((el) => !el.hidden);
      let found: HTMLElement | undefined = shown.filter((el) => el.getBoundingClientRect().top <= line).pop();
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atEnd) {
        const onScreen = shown.filter((el) => el.getBoundingClientRect().top < window.innerHeight);
        const linked = onScreen.find((el) => `#${el.getAttribute("aria-labelledby")}` === window.location.hash);
        found = linked ?? onScreen.pop() ?? found;
      }
      setCurrent((found ?? shown[0] ?? targets[0]).getAttribute("aria-labelledby"));
    };
    pick();
    const observer = new MutationObserver(() => {
      setHidden(targets.filter((el) => el.hidden).map((el) => el.getAttribute("aria-labelledby") as string));
      pick();
    });
    for (const el of targets) observer.observe(el, { attributes: true, attributeFilter: ["hidden"] });
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(pick);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    window.addEventListener("hashchange", onScroll);
    return () => {
      observer.disconnect();
      window.removeEventListener("hashchange", onScroll);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [sections]);

  useEffect(() => {
    const ul = list.current;
    const link = current ? ul?.querySelector<HTMLElement>(`a[href="#${current}"]`) : null;
    if (!ul || !link) return;
    const left = link.offsetLeft - ul.offsetLeft;
    if (left < ul.scrollLeft || left + link.offsetWidth > ul.scrollLeft + ul.clientWidth) ul.scrollTo({ left: Math.max(0, left - 16) });
  }, [current]);

  return (
    // A filter that hides every section leaves nothing to jump to: no bar (the filter says why).
    <nav className="category-bar" aria-label={props.label} hidden={hidden.length === sections.length}>
      <ul
        ref={list}
        onFocus={(e) => {
          // A focused link with room for its focus ring: the browser's own scrolling stops at the edge.
          const link = e.target as HTMLElement;
          const ul = list.current;
          if (!ul || link.tagName !== "A") return;
          const left = link.offsetLeft - ul.offsetLeft;
          const room = 12;
          if (left - room < ul.scrollLeft) ul.scrollLeft = Math.max(0, left - room);
          else if (left + link.offsetWidth + room > ul.scrollLeft + ul.clientWidth) ul.scrollLeft = left + link.offsetWidth + room - ul.clientWidth;
        }}
      >
        {sections.map((s) => (
          <li key={s.id} hidden={hidden.includes(s.id)}>
            <a href={`#${s.id}`} lang={s.lang} dir="auto" aria-current={current === s.id ? "true" : undefined}>
              {s.name}
            </a>
          </li>
        ))}
      </ul>
      <a className="to-top" href="#top" title={props.topLabel}>
        <span aria-hidden="true">↑</span>
        <span className="visually-hidden">{props.topLabel}</span>
      </a>
    </nav>
  );
}
