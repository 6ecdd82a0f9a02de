"use client";
// The open/closed line of a menu page ("Open until 22:00", "Closed · opens 17:30"). The server
// renders it at render time in the restaurant's time zone — the truth without JavaScript. The page
// is cached (ISR up to a minute, shared caches longer), so the browser computes it again on load,
// every 30 seconds and when the tab comes back, with the same function the openNow/openAt search
// uses (lib/search/opening-hours.ts), in the restaurant's zone, never the phone's.
import { useEffect, useState } from "react";
import { type StatusLabels, statusText } from "@/lib/pages/menu-view-status";
import { openState } from "@/lib/search/opening-hours";

export function OpenStatus(props: { hours: Record<string, string>; timeZone: string; labels: StatusLabels; days: string[]; open: boolean; text: string }) {
  const [status, setStatus] = useState({ open: props.open, text: props.text });
  const { hours, timeZone, labels, days } = props;
  useEffect(() => {
    const update = () => {
      const state = openState(hours, timeZone, new Date());
      if (state) setStatus({ open: state.open, text: statusText(state, labels, days) });
    };
    update();
    const timer = setInterval(update, 30_000);
    document.addEventListener("visibilitychange", update);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", update);
    };
  }, [hours, timeZone, labels, days]);
  return (
    <a className={status.open ? "open-status is-open" : "open-status is-closed"} href="#hours" data-open={status.open ? "true" : "false"}>
      <span className="open-dot" aria-hidden="true" />
      {status.text}
    </a>
  );
}
