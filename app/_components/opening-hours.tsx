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

export function OpeningHours({ days }: { days: OpeningDayProps[] }) {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    setToday(JS_DAY[new Date().getDay()]);
  }, []);
  return (
    <table className="hours">
      <caption className="visually-hidden">Opening hours by day</caption>
      <tbody>
        {days.map((d) => {
          const isToday = d.day === today;
          return (
            <tr key={d.day} className={isToday ? "is-today" : undefined} aria-current={isToday ? "date" : undefined} data-day={d.day}>
              <th scope="row">
                {d.label}
                <span className={isToday ? "today-badge" : "today-badge is-off"} aria-hidden={!isToday}>
                  Today
                </span>
              </th>
              <td>{d.hours ? `${d.hours}${d.overnight ? " (next day)" : ""}` : "Closed"}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
