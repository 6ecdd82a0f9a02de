// The open/closed line of a menu page ("Open until 22:00", "Closed · opens 17:30") in the page's
// language, from openState (lib/search/opening-hours.ts, the function the openNow/openAt searches
// use). Pure and small: the server renders it into the page and the Markdown twin, and the menu
// page's client refresh (app/_components/open-status.tsx) imports it to recompute it in the browser.
import { fill } from "../i18n/fill";
import { formatClock } from "../i18n/local-format";
import type { OpenState } from "../search/opening-hours";

/** The words of the status line and the diner's buttons, in the page's language; {placeholders}. */
export interface StatusLabels {
  /** {time} */
  openUntil: string;
  /** {day} {time} */
  openUntilDay: string;
  openAllDay: string;
  closedNoHours: string;
  /** {time} */
  opensToday: string;
  /** {time} */
  opensTomorrow: string;
  /** {day} {time} */
  opensOn: string;
  /** {time} — the Markdown twin is cached: it says when the line was true */
  asOf: string;
  call: string;
  directions: string;
  share: string;
  linkCopied: string;
  backToTop: string;
  sections: string;
  about: string;
  /** weekday names are lowercase inside a sentence (fr, it, es, pt, pl, cs, sv) */
  lowercaseDays: boolean;
}

/**
 * The line for a state; `days` are the weekday names, Monday first; `locale` the page's, for its
 * clock ("11:30 PM" in en-US; lib/i18n/local-format.ts).
 */
export function statusText(state: OpenState, labels: StatusLabels, weekdays: readonly string[], locale?: string): string {
  const days = labels.lowercaseDays ? weekdays.map((d) => d.toLowerCase()) : weekdays;
  const clock = (hhmm: string) => (locale ? formatClock(hhmm, locale) : hhmm);
  if (state.open) {
    if (!state.closes) return labels.openAllDay;
    const { inDays, day } = state.closes;
    const time = clock(state.closes.time);
    return inDays <= 1 ? fill(labels.openUntil, { time }) : fill(labels.openUntilDay, { day: days[day], time });
  }
  if (!state.opens) return labels.closedNoHours;
  const { inDays, day } = state.opens;
  const time = clock(state.opens.time);
  if (inDays === 0) return fill(labels.opensToday, { time });
  if (inDays === 1) return fill(labels.opensTomorrow, { time });
  return fill(labels.opensOn, { day: days[day], time });
}
