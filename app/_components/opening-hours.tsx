"use client";
// Opening hours with today marked — the restaurant's today, in its own time zone, never the
// phone's. The server marks the day it rendered on (right without JavaScript) with the span that
// day holds for; the cached page may be older than a midnight, so once the browser's clock leaves
// the span it reads the day again with the same local-time function the open/closed line and the
// openNow search use (lib/search/opening-hours.ts).
import { useState } from "react";
import { DAY_KEYS, localTime } from "@/lib/search/opening-hours";
import { useOutsideSpan } from "./use-outside-span";

export interface OpeningDayProps {
  day: string;
  label: string;
  hours: string | null;
  overnight: boolean;
}

/** The words of the table, in the page's language (lib/i18n/menu-labels.ts). */
export interface OpeningHoursLabels {
  caption: string;
  today: string;
  closed: string;
  nextDay: string;
}

export function OpeningHours({
  days,
  labels,
  today: serverToday,
  timeZone,
  from,
  until,
}: {
  days: OpeningDayProps[];
  labels: OpeningHoursLabels;
  today: string | null;
  timeZone: string | null;
  /** ms since the epoch: the span the server's today holds for */
  from: number;
  until: number;
}) {
  const [today, setToday] = useState<string | null>(serverToday);
  useOutsideSpan(null, timeZone, from, until, (now) => {
    try {
      setToday(DAY_KEYS[localTime(now, timeZone as string).day]);
    } catch {
      // a zone this browser does not know: keep the server's day
    }
  });
  return (
    <table className="hours">
      <caption className="visually-hidden">{labels.caption}</caption>
      <tbody>
        {days.map((d) => {
          const isToday = d.day === today;
          return (
            <tr key={d.day} className={isToday ? "is-today" : undefined} aria-current={isToday ? "date" : undefined} data-day={d.day}>
              <th scope="row">
                {d.label}
                <span className={isToday ? "today-badge" : "today-badge is-off"} aria-hidden={!isToday}>
                  {labels.today}
                </span>
              </th>
              <td>{d.hours ? `${d.hours}${d.overnight ? ` ${labels.nextDay}` : ""}` : labels.closed}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
