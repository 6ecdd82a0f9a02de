"use client";
// Runs `update` when the browser's clock is outside the span the server rendered a time-dependent
// part of the page for (stateSpan in lib/search/opening-hours.ts): at load, every 30 seconds and
// when the tab comes back; then follows the new span. Inside the span nothing is computed.
import { useEffect, useRef } from "react";
import { stateSpan } from "@/lib/search/opening-hours";

export function useOutsideSpan(hours: Record<string, string> | null, timeZone: string | null, from: number, until: number, update: (now: Date) => void): void {
  const latest = useRef(update);
  latest.current = update;
  useEffect(() => {
    if (!timeZone) return;
    let span: { from: number; until: number } | null = { from, until };
    const check = () => {
      const now = new Date();
      if (span && now.getTime() >= span.from && now.getTime() < span.until) return;
      latest.current(now);
      // Unknown to this browser (a zone it lacks): check again next time.
      span = stateSpan(hours ?? {}, timeZone, now);
    };
    check();
    const timer = setInterval(check, 30_000);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [hours, timeZone, from, until]);
}
