"use client";
// Opening hours with today marked. "Today" is decided in the browser after hydration: the page
// HTML is cached for minutes (ISR) and shared by everyone, so the server must not pick a day.
// The "Today" label is always rendered and only made visible, so marking it moves nothing.
import { useEffect, useState } from "react";

export interface OpeningDayProps {
  day: string;
  label: string;
  hours: string | null;
  overnight: boolean;
}

const JS_DAY = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** The words of the table, in the page's language (lib/i18n/menu-labels.ts). */
export interface OpeningHoursLabels {
  caption: string;
  today: string;
  closed: string;
  nextDay: string;
}

export function OpeningHours({ days, labels }: { days: OpeningDayProps[]; labels: OpeningHoursLabels }) {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    setToday(JS_DAY[new Date().getDay()]);
  }, []);
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
