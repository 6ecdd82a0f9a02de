"use client";
// The open/closed line of a menu page ("Open until 22:00", "Closed · opens 17:30"). The server
// renders it at render time in the restaurant's time zone — the truth without JavaScript — with
// the span of time it holds for (stateSpan). The page is cached (ISR up to a minute, shared caches
// longer), so the browser checks its clock against that span on load, every 30 seconds and when
// the tab comes back, and only once outside it computes the line again, with the same function
// the openNow/openAt search uses (lib/search/opening-hours.ts), in the restaurant's zone, never the
// phone's. Inside the span it computes nothing: a zone's local time costs a phone hundreds of
// milliseconds of its main thread the first time (the browser loads the zone's data).
import { useState } from "react";
import { type StatusLabels, statusText } from "@/lib/pages/menu-view-status";
import { openState, stateSpan } from "@/lib/search/opening-hours";
import { useOutsideSpan } from "./use-outside-span";

export function OpenStatus(props: {
  hours: Record<string, string>;
  timeZone: string;
  labels: StatusLabels;
  days: string[];
  /** the page's locale, for its clock ("11:30 PM" in en-US) */
  locale: string;
  open: boolean;
  text: string;
  /** ms since the epoch: the span the server's line holds for */
  from: number;
  until: number;
}) {
  const [status, setStatus] = useState({ open: props.open, text: props.text, until: props.until });
  const { hours, timeZone, labels, days, locale } = props;
  useOutsideSpan(hours, timeZone, props.from, props.until, (now) => {
    const state = openState(hours, timeZone, now);
    if (state) setStatus({ open: state.open, text: statusText(state, labels, days, locale), until: stateSpan(hours, timeZone, now)?.until ?? 0 });
  });
  return (
    <a className={status.open ? "open-status is-open" : "open-status is-closed"} href="#hours" data-open={status.open ? "true" : "false"} data-until={status.until}>
      <span className="open-dot" aria-hidden="true" />
      {status.text}
    </a>
  );
}
